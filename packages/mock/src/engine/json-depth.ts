// How deep the JSON the mock reads may nest. libSQL's server reads its requests with serde_json,
// which refuses the 128th level of arrays and objects; the mock refuses it too, for every JSON
// body and WebSocket message, so that no validator or engine recursion runs as deep as a request
// asks (a batch condition nested 2,000 deep overflowed the stack: a 500).

/** The most levels of arrays and objects a JSON value may nest, the outermost counted. */
export const MAX_JSON_DEPTH = 127;

/**
 * How deep a JSON text nests (arrays and objects, the outermost counted), read in one pass over its
 * characters; it stops once past `limit`. A string is passed over with indexOf (native): most of a
 * request's text is in strings (SQL, values), read here at a fraction of the cost of each character.
 */
export function jsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) return deepest;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Where the string opened at `open` ends (its closing quote: one after an even run of backslashes), or -1 when it does not. */
function stringEnd(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close >= 0; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return close;
  }
  return -1;
}

/** How deep a parsed JSON value nests (arrays and objects, the outermost counted), counted without recursion; it stops once past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  const items: object[] = [value];
  const depths: number[] = [1];
  while (items.length > 0) {
    const item = items.pop()!;
    const depth = depths.pop()!;
    if (depth > deepest && (deepest = depth) > limit) return deepest;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        const child: unknown = item[i];
        if (typeof child === 'object' && child !== null) items.push(child), depths.push(depth + 1);
      }
    } else {
      for (const key in item) {
        const child: unknown = (item as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) items.push(child), depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

/** The violation of a value nested past MAX_JSON_DEPTH, one line. */
export const tooDeepMessage = (depth: number) =>
  `nests more than ${MAX_JSON_DEPTH} levels of arrays and objects (at least ${depth}), the most the mock reads (as libSQL's server)`;
