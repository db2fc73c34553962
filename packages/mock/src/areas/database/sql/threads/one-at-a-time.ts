// Engine threads start one after another: on 2 cores, a dozen threads loading SQLite at once
// starve the HTTP thread (health took 0.8 s during a burst of 256 new namespaces); one at a time,
// the others wait their turn in order. A start that fails does not hold up the next.

/** `start`, wrapped so that each call begins only once the call before it settled; each call gets its own result. */
export function oneAtATime<T>(start: () => Promise<T>): () => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return () => {
    const next = last.then(start, start);
    last = next.catch(() => undefined);
    return next;
  };
}
