/**
 * The oldest key of a Map kept in least-recently-used order (a key used again is deleted and set
 * again, so the first in insertion order is the oldest), for a cap that drops it. Read by one
 * iterator kept from call to call: `map.keys().next()` made anew walks from the table's start
 * over every entry deleted since V8 last compacted it (hundreds, in a map at its cap of 1,000
 * namespaces, where each new one drops the oldest: about 0.5 µs a drop). The caller deletes the
 * key it is given before asking again (the iterator has passed it).
 */
export function oldestKeyOf<K>(map: Map<K, unknown>): () => K | undefined {
  let keys = map.keys();
  return () => {
    let next = keys.next();
    // An iterator done once stays done (none is while each key given is deleted before the next is asked for: a live one lies ahead).
    if (next.done) {
      keys = map.keys();
      next = keys.next();
    }
    return next.value;
  };
}
