// A function of a short text key whose results are remembered: the few media types, Accept and
// Host headers and token secrets that a mock sees, again with every request.

/**
 * `compute`, its result remembered for at most `kept` keys (all forgotten when one more comes); a
 * key longer than `longestKey` is computed each time and never kept. `undefined` is remembered too.
 */
export function remembered<V>(compute: (key: string) => V, { kept, longestKey = Number.POSITIVE_INFINITY }: { kept: number; longestKey?: number }) {
  const results = new Map<string, V>();
  return (key: string): V => {
    const known = results.get(key);
    if (known !== undefined || results.has(key)) return known as V;
    const value = compute(key);
    if (key.length <= longestKey) {
      if (results.size >= kept) results.clear();
      results.set(key, value);
    }
    return value;
  };
}
