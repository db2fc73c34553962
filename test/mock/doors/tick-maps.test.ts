// The HTTP door's kept tick object (doors/http/tick-maps.ts): a real entry of process.nextTick's
// queue, kept for the process's life, so that the shapes V8 remembers for nextTick's literal
// outlive a full collection (startMock's call: test/mock/mock/tick-object.test.ts).
import { createHook } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keepTickObjectMaps } from '../../../packages/mock/src/doors/http/tick-maps.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const BUILT = new URL('../../../packages/mock/dist/doors/http/tick-maps.js', import.meta.url).href;

/** The tick objects node makes while `run` runs, caught as an async hook sees them. */
function ticksMadeBy(run: () => void): object[] {
  const made: object[] = [];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') made.push(resource as object);
    },
  }).enable();
  try {
    run();
  } finally {
    hook.disable();
  }
  return made;
}

describe('the kept tick object', () => {
  it("is one of nextTick's own entries, made once: a second call makes no tick and gives the same object", async () => {
    // Kept already where another file of this worker started a mock; else made now, with one tick.
    let kept: object | undefined;
    expect(ticksMadeBy(() => (kept = keepTickObjectMaps())).length).toBeLessThanOrEqual(1);
    const [fresh] = ticksMadeBy(() => process.nextTick(() => {}));
    // Its first two keys are nextTick's ids (a store of AsyncLocalStorage's may follow, as on any tick made while one is on).
    expect(Object.getOwnPropertySymbols(kept).slice(0, 2)).toEqual(Object.getOwnPropertySymbols(fresh).slice(0, 2));
    expect(Object.getOwnPropertySymbols(kept).slice(0, 2).map(String)).toEqual(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']);
    expect(Object.keys(kept!)).toEqual(['callback', 'args']);
    let again: object | undefined;
    expect(ticksMadeBy(() => (again = keepTickObjectMaps()))).toHaveLength(0);
    expect(again).toBe(kept);
  });

  it('outlives full collections unreferenced by the caller', async () => {
    const weak = new WeakRef(keepTickObjectMaps()!);
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      gc();
    }
    expect(weak.deref()).toBeDefined();
  });

  it('in a process of its own, shares its shape with the ticks node makes after full collections', () => {
    // A fresh process: in a test worker, another file's mock may have kept it under other hooks.
    const script = `
      import { createHook } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
      const { keepTickObjectMaps } = await import(${JSON.stringify(BUILT)});
      const kept = keepTickObjectMaps();
      for (let round = 0; round < 3; round++) { await new Promise((resolve) => setImmediate(resolve)); gc(); }
      let fresh;
      const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject') fresh ??= resource; } }).enable();
      process.nextTick(() => {});
      hook.disable();
      console.log(JSON.stringify({ sameMap: %HaveSameMap(kept, fresh) }));`;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ sameMap: true });
  });

  it('a tick object nobody keeps is collected, shape and all (what the kept one prevents)', async () => {
    // Made in a function of its own: no variable of this test holds the tick object.
    const weak = (() => new WeakRef(ticksMadeBy(() => process.nextTick(() => {}))[0]!))();
    await new Promise<void>((resolve) => setImmediate(resolve));
    gc();
    expect(weak.deref()).toBeUndefined();
  });
});
