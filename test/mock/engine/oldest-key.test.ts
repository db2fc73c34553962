// A capped map's oldest key (engine/oldest-key.ts), read by one iterator kept from call to call:
// against a plain model on generated runs of inserts, uses (deleted and set again), deletes,
// clears and drops down to a cap (fast-check, fixed seed); and counted, the iterators the
// namespaces' cap makes while new namespaces push the oldest out (one, where each drop made one
// and walked it past every entry deleted before; the journal's cap: test/mock/journal/entry-columns.test.ts).
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNamespaces } from '../../../packages/mock/src/engine/namespaces.ts';
import { oldestKeyOf } from '../../../packages/mock/src/engine/oldest-key.ts';
import { createAnswerReuse } from '../../../packages/mock/src/engine/reuse.ts';

const key = fc.integer({ min: 0, max: 12 });
const op = fc.oneof(
  fc.record({ set: key }),
  fc.record({ use: key }),
  fc.record({ remove: key }),
  fc.record({ cap: fc.integer({ min: 0, max: 6 }) }),
  fc.constant({ clear: true as const }),
);

describe("a capped map's oldest key", () => {
  it('drops what a model of insertion order drops, whatever ran before', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const map = new Map<number, true>();
        const oldest = oldestKeyOf(map);
        let model: number[] = [];
        for (const step of ops) {
          if ('set' in step) {
            if (!map.has(step.set)) model.push(step.set);
            map.set(step.set, true);
          } else if ('use' in step) {
            if (!map.has(step.use)) continue;
            map.delete(step.use);
            map.set(step.use, true);
            model = [...model.filter((k) => k !== step.use), step.use];
          } else if ('remove' in step) {
            map.delete(step.remove);
            model = model.filter((k) => k !== step.remove);
          } else if ('cap' in step) {
            while (map.size > step.cap) {
              const dropped = oldest();
              expect(dropped).toBe(model.shift());
              map.delete(dropped!);
            }
          } else {
            map.clear();
            model = [];
          }
          expect([...map.keys()]).toEqual(model);
        }
      }),
      { seed: 58, numRuns: 300 },
    );
  });
});

describe("a capped map's oldest key, once its iterator is done", () => {
  it('reads the keys set after it was asked of an empty map, and after a caller that does not delete what it is given', () => {
    const map = new Map<string, true>();
    const oldest = oldestKeyOf(map);
    expect(oldest()).toBeUndefined();
    map.set('a', true).set('b', true);
    expect(oldest()).toBe('a');
    // A caller that keeps the key it was given: the iterator passes it, then is done, and starts anew.
    expect(oldest()).toBe('b');
    expect(oldest()).toBe('a');
  });
});

describe('the namespaces’ cap makes one iterator, not one a drop', () => {
  afterEach(() => vi.restoreAllMocks());

  const NEW = 600;
  const CAP = 100;

  it('the states, used by new namespaces past their cap', () => {
    const namespaces = createNamespaces(new Map([['a', { seed: () => ({ fresh: true }) }]]) as never, CAP);
    const keys = vi.spyOn(Map.prototype, 'keys');
    for (let i = 0; i < NEW; i++) namespaces.stateOf(`key-${i}`, 'a');
    expect(keys.mock.calls.length).toBeLessThanOrEqual(1);
    keys.mockRestore();
    expect(namespaces.count()).toBe(CAP);
  });

  it('the kept answers, written by new namespaces past their cap (one write left in flight)', () => {
    const reuse = createAnswerReuse(CAP);
    const inFlight = reuse.write('first');
    const iterators = [vi.spyOn(Map.prototype, 'keys'), vi.spyOn(Map.prototype, 'entries'), vi.spyOn(Map.prototype, Symbol.iterator as never)];
    for (let i = 0; i < NEW; i++) reuse.write(`key-${i}`)();
    expect(iterators.map((spy) => spy.mock.calls.length)).toEqual([expect.any(Number), 0, 0]);
    expect(iterators[0]!.mock.calls.length).toBeLessThanOrEqual(NEW / CAP);
    for (const spy of iterators) spy.mockRestore();
    inFlight();
  });
});
