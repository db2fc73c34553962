// The engine's generic parts on their own: namespaces (LRU cap, snapshots), the virtual clock
// and fault rules, table-driven, with injected clocks and randomness.
import { describe, expect, it } from 'vitest';
import { picker } from '../../../packages/mock/src/areas/state.ts';
import { createFaults, FaultError } from '../../../packages/mock/src/engine/faults.ts';
import { createClock, createNamespaceClocks, createNamespaces, SnapshotError } from '../../../packages/mock/src/engine/namespaces.ts';

const counterArea = () => ({ seed: () => ({ count: 0 }) });

describe('namespaces', () => {
  it('gives each namespace its own state from the seed, on first use', () => {
    const namespaces = createNamespaces(new Map([['a', counterArea()]]), 10);
    (namespaces.stateOf('k1', 'a') as { count: number }).count = 5;
    expect(namespaces.stateOf('k1', 'a')).toEqual({ count: 5 });
    expect(namespaces.stateOf('k2', 'a')).toEqual({ count: 0 });
  });

  it('drops the least recently used namespace beyond the cap', () => {
    const namespaces = createNamespaces(new Map([['a', counterArea()]]), 2);
    for (const key of ['k1', 'k2']) (namespaces.stateOf(key, 'a') as { count: number }).count = 1;
    namespaces.stateOf('k1', 'a'); // k1 used again: k2 is now the least recently used
    namespaces.stateOf('k3', 'a');
    expect(namespaces.count()).toBe(2);
    expect(namespaces.stateOf('k1', 'a')).toEqual({ count: 1 });
    expect(namespaces.stateOf('k2', 'a')).toEqual({ count: 0 }); // made again from the seed
  });

  it.each([
    ['one namespace', 'k1', { k1: 0, k2: 7 }],
    ['every namespace', undefined, { k1: 0, k2: 0 }],
  ])('resets %s', (_name, which, expected) => {
    const namespaces = createNamespaces(new Map([['a', counterArea()]]), 10);
    for (const key of ['k1', 'k2']) (namespaces.stateOf(key, 'a') as { count: number }).count = 7;
    namespaces.reset(which);
    expect({ k1: (namespaces.stateOf('k1', 'a') as { count: number }).count, k2: (namespaces.stateOf('k2', 'a') as { count: number }).count }).toEqual(
      expected,
    );
  });

  it('gives back a snapshot: export, change, import', async () => {
    const namespaces = createNamespaces(new Map([['a', counterArea()]]), 10);
    (namespaces.stateOf('k1', 'a') as { count: number }).count = 3;
    const snapshot = await namespaces.export('k1');
    (namespaces.stateOf('k1', 'a') as { count: number }).count = 9;
    await namespaces.import('k1', snapshot);
    expect(namespaces.stateOf('k1', 'a')).toEqual({ count: 3 });
    await namespaces.import('k2', snapshot); // a snapshot can seed another key too
    expect(namespaces.stateOf('k2', 'a')).toEqual({ count: 3 });
  });

  it.each([
    ['not a snapshot', { hello: 1 }, /a state snapshot is/],
    ['another version', { version: 99, areas: {} }, /a state snapshot is/],
    ['an area the mock does not serve', { version: 1, areas: { weather: {} } }, /areas this mock does not serve: weather/],
  ])('refuses to import %s', async (_name, snapshot, message) => {
    const namespaces = createNamespaces(new Map([['a', counterArea()]]), 10);
    await expect(namespaces.import('k1', snapshot)).rejects.toThrow(SnapshotError);
    await expect(namespaces.import('k1', snapshot)).rejects.toThrow(message);
  });

  it('imports nothing when one area refuses its part: every area checks before any imports', async () => {
    const refusing = { seed: () => ({ count: 0 }), checkImport: () => Promise.reject(new Error('not today')) };
    const namespaces = createNamespaces(
      new Map<string, object>([
        ['a', counterArea()],
        ['b', refusing],
      ]) as never,
      10,
    );
    (namespaces.stateOf('k1', 'a') as { count: number }).count = 5;
    await expect(namespaces.import('k1', { version: 1, areas: { a: { count: 1 }, b: { count: 1 } } })).rejects.toThrow(
      /the b state cannot be imported: not today/,
    );
    expect(namespaces.stateOf('k1', 'a')).toEqual({ count: 5 });
  });
});

describe('the virtual clock', () => {
  it('follows the real clock, shifted by advance and set', () => {
    let real = 1_000;
    const clock = createClock(() => real);
    expect(clock.now()).toBe(1_000);
    clock.advance(500);
    real = 2_000;
    expect(clock.now()).toBe(2_500);
    clock.set(10_000);
    expect(clock.now()).toBe(10_000);
    expect(clock.offsetMs).toBe(8_000);
    clock.reset();
    expect(clock.now()).toBe(2_000);
  });

  it("gives each namespace its own clock, which follows the mock's until it moves", () => {
    const real = 1_000;
    const base = createClock(() => real);
    const clocks = createNamespaceClocks(base, 2);
    const [a, b] = [clocks.of('a'), clocks.of('b')];
    a.advance(100);
    expect([a.now(), b.now()]).toEqual([1_100, 1_000]);
    base.advance(10);
    expect([a.now(), b.now()]).toEqual([1_110, 1_010]);
    b.set(5_000);
    expect([b.now(), b.offsetMs]).toEqual([5_000, 4_000]);
    a.reset();
    expect(a.now()).toBe(1_010);
    clocks.reset();
    expect(b.now()).toBe(1_010);
  });

  it('keeps at most its cap of moved clocks, dropping the least recently moved', () => {
    const clocks = createNamespaceClocks(
      createClock(() => 0),
      2,
    );
    for (const name of ['a', 'b', 'c']) clocks.of(name).advance(1);
    expect(['a', 'b', 'c'].map((name) => clocks.of(name).now())).toEqual([0, 1, 1]);
  });
});

describe('faults', () => {
  const documented = (operationId: string) => (operationId === 'listThings' ? ['200', '429', '503'] : undefined);

  it('applies to the next N calls of its operation, then stops', () => {
    const faults = createFaults(documented);
    faults.add({ operationId: 'listThings', status: 503, count: 2 });
    expect([1, 2, 3].map(() => faults.take('listThings', 'k')?.status)).toEqual([503, 503, undefined]);
    expect(faults.list()).toEqual([]);
  });

  it("lists and clears one namespace's faults without touching the others", () => {
    const faults = createFaults(documented);
    faults.add({ operationId: 'listThings', status: 503, namespace: 'k1' });
    faults.add({ operationId: 'listThings', status: 429, namespace: 'k2' });
    faults.add({ operationId: 'listThings', latencyMs: 5 });
    expect(faults.list('k1').map((f) => f.status)).toEqual([503]);
    faults.clear('k1');
    expect(faults.list().map((f) => f.namespace)).toEqual(['k2', undefined]);
  });

  it('accepts any status, documented or not, with a body of its own', () => {
    const faults = createFaults(documented);
    faults.add({ operationId: 'listThings', status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    expect(faults.take('listThings', 'k')).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
  });

  it('applies only to its namespace when it names one', () => {
    const faults = createFaults(documented);
    faults.add({ operationId: 'listThings', status: 429, namespace: 'k1' });
    expect(faults.take('listThings', 'k2')).toBeUndefined();
    expect(faults.take('listThings', 'k1')?.status).toBe(429);
  });

  it('applies to about its share of calls, the same calls on every run', () => {
    const run = () => {
      const faults = createFaults(documented, 7);
      faults.add({ operationId: 'listThings', status: 503, rate: 0.25 });
      return Array.from({ length: 400 }, () => faults.take('listThings', 'k') !== undefined);
    };
    const first = run();
    expect(first).toEqual(run());
    const share = first.filter(Boolean).length / first.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
  });

  it.each([
    ['an operation not served', { operationId: 'nope', status: 503 }, /no operation "nope" is served/],
    ['a status no HTTP answer has', { operationId: 'listThings', status: 99 }, /status is a whole number from 200 to 599/],
    ['neither status, latency nor network fault', { operationId: 'listThings' }, /needs a status, a latencyMs, a network fault, or several/],
    ['an unknown network fault', { operationId: 'listThings', network: 'explode' as never }, /network is one of reset, hang, truncate/],
    ['a reset with a status', { operationId: 'listThings', network: 'reset' as const, status: 502 }, /a reset fault sends no answer/],
    ['a body without a status', { operationId: 'listThings', latencyMs: 5, body: 'x' }, /a fault body or headers go with a status/],
    ['headers that are not strings', { operationId: 'listThings', status: 502, headers: { 'content-type': 5 as never } }, /headers is an object of strings/],
    ['a rate above 1', { operationId: 'listThings', status: 503, rate: 2 }, /rate is a number above 0 and at most 1/],
    ['a count of 0', { operationId: 'listThings', status: 503, count: 0 }, /count is a whole number above 0/],
    ['a negative latency', { operationId: 'listThings', latencyMs: -1 }, /latencyMs is a whole number/],
  ])('refuses %s with a clear message', (_name, rule, message) => {
    const faults = createFaults(documented);
    expect(() => faults.add(rule)).toThrow(FaultError);
    expect(() => faults.add(rule)).toThrow(message);
  });
});

describe('picker (answers built per request)', () => {
  const view = picker(['id', 'name', 'flags', 'until']);

  it('copies the named fields in their order, and leaves out the others', () => {
    expect(JSON.stringify(view({ flags: [1], extra: 'secret', name: 'zone', id: 7, until: '2026-01-01' }))).toBe(
      '{"id":7,"name":"zone","flags":[1],"until":"2026-01-01"}',
    );
  });

  it('writes no field the object lacks', () => {
    expect(JSON.parse(JSON.stringify(view({ id: 1 })))).toEqual({ id: 1 });
  });

  it('gives a new object each time', () => {
    const first = view({ id: 1, name: 'a' });
    first.name = 'changed';
    expect(view({ id: 1, name: 'a' }).name).toBe('a');
  });
});
