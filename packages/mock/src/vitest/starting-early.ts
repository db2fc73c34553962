// The fixtures' test API starts the worker's mock before a file's tests, but only in a file that
// uses it: the first use (a test defined, `test.for`, `test.concurrent` ...) adds the hooks.

/**
 * The test API, which on its first use in a file (a test defined, `test.for`, `test.concurrent`
 * ...) adds `start` to that file's hooks, so a file that never uses it starts nothing.
 */
export function startingEarly<T extends object>(api: T, start: () => void): T {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    try {
      start();
    } catch {
      // Not while vitest collects a file (no suite to add hooks to): the fixture starts the mock when a test asks for it.
    }
  };
  return new Proxy(api, {
    apply(target, thisArg, args) {
      once();
      return Reflect.apply(target as (...args: unknown[]) => unknown, thisArg, args);
    },
    get(target, property) {
      once();
      return Reflect.get(target, property);
    },
  });
}
