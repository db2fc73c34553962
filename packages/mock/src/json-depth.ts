// How deep the JSON the mock reads may nest. libSQL's server reads its requests with serde_json,
// which refuses the 128th level of arrays and objects; the mock refuses it too, for every JSON
// body and WebSocket message, so that no validator or engine recursion runs as deep as a request
// asks (a batch condition nested 2,000 deep overflowed the stack: a 500).

/** The most levels of arrays and objects a JSON value may nest, the outermost counted. */
export const MAX_JSON_DEPTH = 127;

/** How deep a parsed JSON value nests (arrays and objects, the outermost counted), counted without recursion; it stops once past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The violation of a value nested past MAX_JSON_DEPTH, one line. */
export const tooDeepMessage = (depth: number) => `nests more than ${MAX_JSON_DEPTH} levels of arrays and objects (at least ${depth}), the most the mock reads (as libSQL's server)`;
