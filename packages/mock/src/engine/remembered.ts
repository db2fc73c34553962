// A function of a short text key whose results are remembered: the few media types, Accept and
// Host headers and token secrets that a mock sees, again with every request.

/**
 * `compute`, its result remembered for at most `kept` keys (all forgotten when one more comes); a
 * key longer than `longestKey` is computed each time and never kept. `undefined` is remembered too.
 */
export function remembered<V>(compute: (key: string) => V, { kept, longestKey = Number.POSITIVE_INFINITY }: { kept: number; longestKey?: number }) {
  const results = new Map<string, V>();
  // The key asked for last and its result: asked again (each request's Content-Type, Host, ...), no hash of the key and no look-up.
  let lastKey: string | undefined;
  let lastValue: V | undefined;
  return (key: string): V => {
    if (key === lastKey) return lastValue as V;
    let value = results.get(key);
    if (value === undefined && !results.has(key)) {
      value = compute(key);
      if (key.length > longestKey) return value;
      if (results.size >= kept) results.clear();
      results.set(key, value);
    }
    lastKey = key;
    lastValue = value;
    return value as V;
  };
}
