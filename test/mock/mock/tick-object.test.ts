// startMock keeps one of node's tick objects first, before it sets the mock up (doors/http/tick-maps.ts);
// isolated (vitest.config.ts): in a worker's shared modules, another file's mock may have kept it already.
import { createHook } from 'node:async_hooks';
import { expect, it } from 'vitest';
import { keepTickObjectMaps } from '../../../packages/mock/src/doors/http/tick-maps.ts';
import { startMock } from '../../../packages/mock/src/mock/start-mock.ts';

it('startMock keeps a tick object before anything else, even when it refuses its options: no tick is made for it afterwards', async () => {
  await expect(startMock({ socketTimeoutMs: -1 })).rejects.toThrow(/socketTimeoutMs/);
  let ticks = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'TickObject') ticks++;
    },
  }).enable();
  try {
    expect(keepTickObjectMaps()).toBeDefined();
  } finally {
    hook.disable();
  }
  expect(ticks).toBe(0);
});
