// The namespaces' states and clocks (engine/namespaces.ts) against a plain model, on generated
// runs of uses, resets and clock moves (fast-check, fixed seed): the namespace used last and the
// clock asked for last are answered without a look-up, which no reset, drop or move may outlive.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock, createNamespaceClocks, createNamespaces } from '../../../packages/mock/src/engine/namespaces.ts';

const NAMES = ['k1', 'k2', 'k3'];
const AREAS = ['a', 'b'];
const name = fc.constantFrom(...NAMES);
const op = fc.oneof(
  fc.record({ use: name, area: fc.constantFrom(...AREAS) }),
  fc.record({ reset: fc.option(name, { nil: undefined }) }),
  fc.record({ advance: name, ms: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ clockReset: fc.option(name, { nil: undefined }) }),
  fc.record({ now: name }),
);

describe('namespaces and their clocks, against a model', () => {
  it.each([0, 1, 2, 4])('at most %i namespaces kept', (max) => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let seeded = 0;
        const area = () => ({ seed: () => ({ seed: ++seeded }) });
        const namespaces = createNamespaces(new Map(AREAS.map((a) => [a, area()])), max);
        let real = 1000;
        const base = createClock(() => real);
        const clocksKept = Math.max(max, 1);
        const clocks = createNamespaceClocks(base, clocksKept);
        // The model: each namespace's states (dropped least recently used first) and clock offsets.
        let model = new Map<string, Map<string, unknown>>();
        const offsets = new Map<string, number>();
        for (const step of ops) {
          real++;
          if ('use' in step) {
            const seededBefore = seeded;
            const state = namespaces.stateOf(step.use, step.area);
            const held = model.get(step.use) ?? new Map<string, unknown>();
            // A state the model does not hold (never used, reset or dropped) is a new one, seeded now.
            if (!held.has(step.area)) expect([seeded, state]).toEqual([seededBefore + 1, { seed: seeded }]);
            model.delete(step.use);
            model.set(step.use, held);
            if (!held.has(step.area)) held.set(step.area, state);
            while (model.size > max) model.delete(model.keys().next().value!);
            if (model.has(step.use)) expect(state).toBe(held.get(step.area));
          } else if ('reset' in step) {
            namespaces.reset(step.reset);
            if (step.reset === undefined) model = new Map();
            else model.delete(step.reset);
          } else if ('advance' in step) {
            clocks.of(step.advance).advance(step.ms);
            const offset = (offsets.get(step.advance) ?? 0) + step.ms;
            offsets.delete(step.advance);
            offsets.set(step.advance, offset);
            // Only the clocks moved last are kept (the least recently moved dropped first).
            while (offsets.size > clocksKept) offsets.delete(offsets.keys().next().value!);
          } else if ('clockReset' in step) {
            clocks.reset(step.clockReset);
            if (step.clockReset === undefined) offsets.clear();
            else offsets.delete(step.clockReset);
          } else {
            expect(clocks.of(step.now).now()).toBe(real + (offsets.get(step.now) ?? 0));
            expect(clocks.of(step.now).offsetMs).toBe(offsets.get(step.now) ?? 0);
          }
        }
      }),
      { seed: 58, numRuns: 200 },
    );
  });

  // Each new namespace makes a clock: its offset's getter is the class's (one defined per clock took V8's runtime, ~0.8 µs), its
  // methods its own, working when taken off it (as a handler may).
  it("gives each namespace a clock whose methods work taken off it, its offset's getter shared", () => {
    let real = 1000;
    const clocks = createNamespaceClocks(
      createClock(() => real),
      4,
    );
    const [one, two] = [clocks.of('k1'), clocks.of('k2')];
    const { now, advance, reached, set, reset } = one;
    advance(5);
    expect([now(), one.offsetMs, two.now(), two.offsetMs]).toEqual([1005, 5, 1000, 0]);
    expect([reached(1005), reached(1006)]).toEqual([true, false]);
    set(2000);
    real = 1010;
    expect([one.now(), one.offsetMs]).toEqual([2010, 1000]);
    reset();
    expect([one.now(), one.offsetMs]).toEqual([1010, 0]);
    expect(Object.getOwnPropertyDescriptor(one, 'offsetMs')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(one), 'offsetMs')?.get).toBe(
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(two), 'offsetMs')?.get,
    );
  });
});
