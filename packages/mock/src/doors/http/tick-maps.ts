// One of node's own tick objects (an entry of process.nextTick's queue) kept for the process's life.
//
// Why: nextTick makes each entry as a literal with two computed symbol keys, and V8 remembers,
// weakly, the object shape that literal's keys last met. A full garbage collection while no tick is
// queued (an idle moment after the mock starts, say, once Prism has loaded in the background) frees
// those shapes; the next tick meets a new one, the literal's feedback turns megamorphic for good, and
// every later tick (node's streams make about ten a request) defines its keys through V8's runtime:
// 11-17 % of a GET's CPU in 3 of 3 `platform-mock` processes (perf), 2 % in 3 of 3 with one tick object
// kept, which holds its shapes alive. Bare node:http rarely collects in full, so it seldom pays it.
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** Keeps one tick object (caught as node makes it); returns it. Once per process: later calls return the same. */
export function keepTickObjectMaps(): object | undefined {
  if (kept !== undefined) return kept;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
  return kept;
}

function noop() {}
