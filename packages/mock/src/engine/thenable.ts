// A value now or a promise of it: the answering path waits (and allocates a promise) only where
// something does wait (a fault's latency, Prism, a handler that returns a promise).

/** `f` of a value now, or once its promise settles (not named `then`: a module exporting `then` is itself a thenable to `await import()`). */
export function mapSettled<T, U>(value: T | Promise<T>, f: (value: T) => U): U | Promise<U> {
  return isThenable(value) ? Promise.resolve(value).then(f) : f(value);
}

/** Whether a handler's (or the path's) result is to be waited for: any thenable, as `await` would take it. */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
