// Answers kept per state version (packages/mock/src/engine/reuse.ts, issue 47): a GET answered
// again from the answer its handler gave while its namespace's state is unchanged. Examples, then
// a model-based test: namespaces read and write at once (writes in two steps, a write that reaches
// another namespace, resets, snapshots put back, clocks moved), in the order fast-check's
// scheduler picks (replayable by seed); every read must answer what a fresh computation answers
// for a state its namespace was in while the read was in flight, and every request is answered once.

import { createMock } from '@platform-contracts/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serialize } from '../../../packages/mock/src/doors/door-answers.ts';
import { defineArea } from '../../../packages/mock/src/engine/area.ts';
import type { IncomingRequest } from '../../../packages/mock/src/engine/request.ts';
import { smallContract } from '../../support/small-contract.ts';
import { oneAreaEngine } from './one-area-engine.ts';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const json = { 'application/json': { schema: { type: 'object' } } };
/** A small contract: a list and a page of it, a write in two steps, a write that reaches another namespace, a read of the clock's time. */
const document = smallContract('Ledger', {
  '/items': {
    get: {
      operationId: 'listItems',
      parameters: [{ name: 'first', in: 'query', schema: { type: 'integer', minimum: 0 } }],
      responses: { '200': { description: 'OK', content: json } },
    },
    post: {
      operationId: 'addItem',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', required: ['item'], properties: { item: { type: 'string' } } } } },
      },
      responses: { '200': { description: 'OK', content: json } },
    },
  },
  '/gifts/{to}': {
    post: {
      operationId: 'giveItem',
      parameters: [{ name: 'to', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'OK', content: json } },
    },
  },
  '/time': { get: { operationId: 'getTime', responses: { '200': { description: 'OK', content: json } } } },
  '/items/clear': { post: { operationId: 'clearItems', responses: { '200': { description: 'OK', content: json } } } },
});

interface Ledger {
  items: string[];
  count: number;
  /** Open until the clock reaches this time. */
  closesAt: number;
}

/** What listItems answers for a state at a time: the model's reference, and the handler's own (one function). */
const render = (state: Ledger, reached: (time: number) => boolean, first: number, view: string | undefined) => ({
  items: state.items.slice(first),
  count: state.count,
  open: !reached(state.closesAt),
  view: view ?? null,
});

/** Test hooks: a scheduler point inside handlers, a count of handler runs, and a note after each change of state. */
const hooks = { pause: async (_label: string) => {}, runs: 0, changed: () => {} };

const ledger = (defineArea as (...args: never[]) => (definition: unknown) => unknown)()({
  name: 'ledger',
  setup: () => ({
    seed: (): Ledger => ({ items: [], count: 0, closesAt: NOW + 500 }),
    handlers: {
      async listItems(
        request: { query: { first?: string }; headers: Record<string, string> },
        call: { state: Ledger; clock: { reached(time: number): boolean } },
      ) {
        hooks.runs++;
        // Read at once, answered later: a handler holds the state object it was given, which a reset or an import may replace meanwhile.
        const body = render(call.state, (time) => call.clock.reached(time), Number(request.query.first ?? 0), request.headers['x-view']);
        await hooks.pause('list');
        return { status: 200, body };
      },
      async addItem(request: { body: { item: string } }, { state }: { state: Ledger }) {
        await hooks.pause('add: before');
        state.items.push(request.body.item);
        hooks.changed();
        await hooks.pause('add: between');
        state.count++;
        hooks.changed();
        return { status: 200, body: { count: state.count } };
      },
      async giveItem(request: { params: { to: string } }, { stateOf }: { stateOf(namespace: string): Ledger }) {
        await hooks.pause('give');
        const other = stateOf(request.params.to);
        other.items.push('gift');
        hooks.changed();
        await hooks.pause('give: between');
        other.count++;
        hooks.changed();
        return { status: 200, body: { count: other.count } };
      },
      /** A write answered at once (no promise). */
      clearItems(_request: unknown, { state }: { state: Ledger }) {
        state.items = [];
        hooks.changed();
        return { status: 200, body: { count: state.count } };
      },
      getTime(_request: unknown, { clock }: { clock: { now(): number } }) {
        hooks.runs++;
        return { status: 200, body: { now: clock.now() } };
      },
    },
  }),
});

async function ledgerEngine(reuseAnswers = true) {
  return oneAreaEngine(ledger, document, { now: NOW, maxNamespaces: 3, reuseAnswers });
}
type LedgerEngine = Awaited<ReturnType<typeof ledgerEngine>>;

const get = (key: string, first?: number, view?: string): IncomingRequest => ({
  method: 'GET',
  rawPath: '/items',
  query: first === undefined ? {} : { first: String(first) },
  headers: { accesskey: key, ...(view === undefined ? {} : { 'x-view': view }) },
  body: undefined,
});
const add = (key: string, item: string): IncomingRequest => ({
  method: 'POST',
  rawPath: '/items',
  query: {},
  headers: { accesskey: key, 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ item })),
});
const give = (key: string, to: string): IncomingRequest => ({
  method: 'POST',
  rawPath: `/gifts/${to}`,
  query: {},
  headers: { accesskey: key },
  body: undefined,
});

describe('a read answered again while its state is unchanged', () => {
  it('gives the same checked answer without running the handler, until a write, a reset or the clock changes what it would be', async () => {
    hooks.runs = 0;
    const engine = await ledgerEngine();
    const first = await engine.answer(get('a'));
    expect(JSON.parse(first.text as string)).toEqual({ items: [], count: 0, open: true, view: null });
    expect(await engine.answer(get('a'))).toBe(first);
    expect(hooks.runs).toBe(1);
    // Another query, other headers, another namespace: answers of their own.
    await engine.answer(get('a', 1));
    await engine.answer(get('a', undefined, 'short'));
    await engine.answer(get('b'));
    expect(hooks.runs).toBe(4);
    // A write: the next read runs the handler.
    await engine.answer(add('a', 'x'));
    expect(JSON.parse((await engine.answer(get('a'))).text as string)).toMatchObject({ items: ['x'], count: 1 });
    expect(hooks.runs).toBe(5);
    // A write in another namespace that reaches this one (stateOf).
    await engine.answer(give('b', 'a'));
    expect(JSON.parse((await engine.answer(get('a'))).text as string)).toMatchObject({ items: ['x', 'gift'], count: 2 });
    // The clock's check no longer holds.
    engine.clocks.of('a').advance(500);
    expect(JSON.parse((await engine.answer(get('a'))).text as string)).toMatchObject({ open: false });
    engine.clocks.of('a').advance(-1);
    expect(JSON.parse((await engine.answer(get('a'))).text as string)).toMatchObject({ open: true });
    // A reset: the seed's answer again.
    engine.namespaces.reset('a');
    expect(JSON.parse((await engine.answer(get('a'))).text as string)).toEqual({ items: [], count: 0, open: true, view: null });
    expect(hooks.runs).toBe(9);
    await engine.close();
  });

  it('is kept again once a write ended: one answered at once, one answered later, one that reached another namespace', async () => {
    hooks.runs = 0;
    const engine = await ledgerEngine();
    const clear = (key: string): IncomingRequest => ({ method: 'POST', rawPath: '/items/clear', query: {}, headers: { accesskey: key }, body: undefined });
    const writes = [add('a', 'x'), clear('a'), give('b', 'a'), add('a', 'y')];
    for (const [i, write] of writes.entries()) {
      expect((await engine.answer(write)).status).toBe(200);
      const read = await engine.answer(get('a'));
      expect(await engine.answer(get('a'))).toBe(read);
      expect(hooks.runs).toBe(i + 1);
    }
    expect(JSON.parse((await engine.answer(get('a'))).text as string)).toMatchObject({ items: ['gift', 'y'], count: 3 });
    await engine.close();
  });

  it('is never given for a handler that read the clock’s time', async () => {
    hooks.runs = 0;
    const engine = await ledgerEngine();
    const time = { method: 'GET', rawPath: '/time', query: {}, headers: { accesskey: 'a' }, body: undefined };
    await engine.answer(time);
    engine.clocks.of('a').advance(5);
    expect(JSON.parse((await engine.answer(time)).text as string)).toEqual({ now: NOW + 5 });
    expect(hooks.runs).toBe(2);
    await engine.close();
  });

  it('is serialized once, and the door’s answer is the same each time', async () => {
    const engine = await ledgerEngine();
    const [first, again] = [await engine.answer(get('a')), await engine.answer(get('a'))];
    expect(serialize(again)).toBe(serialize(first));
    expect(serialize(first).headers['content-length']).toBe(String(Buffer.byteLength(first.text as string)));
    await engine.close();
  });

  it('follows the shield list’s learning mode as the clock passes learningModeUntil (the mock’s own area)', async () => {
    const mock = await createMock({ areas: ['shield'] });
    const headers = { AccessKey: 'reuse-shield', 'content-type': 'application/json' };
    const list = async () => ((await (await mock.fetch(`${mock.url}/shield/shield-zones`, { headers })).json()) as { data: { learningMode: boolean }[] }).data;
    const until = new Date(mock.clock.now() + 60_000).toISOString();
    const patched = await mock.fetch(`${mock.url}/shield/shield-zone`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ shieldZoneId: 1031, shieldZone: { learningMode: true, learningModeUntil: until } }),
    });
    expect(patched.status).toBe(200);
    expect((await list())[1]!.learningMode).toBe(true);
    expect((await list())[1]!.learningMode).toBe(true);
    mock.namespace('reuse-shield').clock.advance(60_000);
    expect((await list())[1]!.learningMode).toBe(false);
    await mock.close();
  });
});

type Step =
  | { kind: 'read'; first: number; view: boolean }
  | { kind: 'add' }
  | { kind: 'give'; to: number }
  | { kind: 'reset' }
  | { kind: 'reset-all' }
  | { kind: 'snapshot' }
  | { kind: 'clock'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('read' as const), first: fc.integer({ min: 0, max: 1 }), view: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'add' as const }) },
  fc.record({ kind: fc.constant('give' as const), to: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ kind: 'reset' as const }),
  fc.constant({ kind: 'reset-all' as const }),
  fc.constant({ kind: 'snapshot' as const }),
  fc.record({ kind: fc.constant('clock' as const), ms: fc.constantFrom(-700, 300, 700) }),
);

/** Runs every namespace's plan at once in the scheduler's order; returns what went wrong. */
/** An actor: a run of steps in one namespace; several actors may share one. */
interface Plan {
  namespace: number;
  steps: Step[];
}
const plans = fc.array(fc.record({ namespace: fc.integer({ min: 0, max: 1 }), steps: fc.array(step, { minLength: 1, maxLength: 8 }) }), {
  minLength: 1,
  maxLength: 5,
});

async function runModel(s: fc.Scheduler, plans: Plan[], engine: LedgerEngine): Promise<string[]> {
  const problems: string[] = [];
  const answered = new Map<number, number>();
  let nextRequest = 0;
  let nextItem = 0;
  /** Reads in flight, each with every answer a fresh computation could give while it is (its namespace's states and clock since it started). */
  const inFlight = new Set<{ key: string; first: number; view?: string; allowed: Set<string> }>();
  const fresh = (read: { key: string; first: number; view?: string }) =>
    JSON.stringify(render(engine.namespaces.stateOf(read.key, 'ledger') as Ledger, (time) => engine.clocks.of(read.key).reached(time), read.first, read.view));
  const changed = () => {
    for (const read of inFlight) read.allowed.add(fresh(read));
  };
  hooks.changed = changed;
  hooks.pause = (label) => s.schedule(Promise.resolve(), label);
  const request = async (incoming: IncomingRequest) => {
    const id = nextRequest++;
    // Not a scheduled task itself: its handler's pauses are (a task waiting on another task would never be released).
    const answer = await engine.answer(incoming);
    await s.schedule(Promise.resolve(), `${incoming.method} ${incoming.rawPath} ${incoming.headers.accesskey} answered`);
    answered.set(id, (answered.get(id) ?? 0) + 1);
    return answer;
  };

  async function actor(index: number, plan: Plan) {
    const key = `ns${plan.namespace}`;
    for (const [at, next] of plan.steps.entries()) {
      await s.schedule(Promise.resolve(), `actor ${index} (${key}) step ${at} ${next.kind}`);
      switch (next.kind) {
        case 'read': {
          const read = { key, first: next.first, view: next.view ? 'v' : undefined, allowed: new Set<string>() };
          read.allowed.add(fresh(read));
          inFlight.add(read);
          const answer = await request(get(key, read.first, read.view));
          inFlight.delete(read);
          if (answer.status !== 200 || !read.allowed.has(answer.text as string))
            problems.push(`${key} read ${answer.status} ${answer.text}; a fresh computation gave one of ${[...read.allowed].join(' | ')}`);
          break;
        }
        case 'add':
          await request(add(key, `${key}-${nextItem++}`));
          break;
        case 'give':
          await request(give(key, `ns${next.to}`));
          break;
        case 'reset':
          engine.namespaces.reset(key);
          changed();
          break;
        case 'reset-all':
          engine.namespaces.reset();
          changed();
          break;
        case 'snapshot': {
          const snapshot = await s.schedule(engine.namespaces.export(key), `${key} export`);
          await s.schedule(engine.namespaces.import(key, snapshot), `${key} import`);
          changed();
          break;
        }
        case 'clock':
          engine.clocks.of(key).advance(next.ms);
          changed();
          break;
      }
    }
  }
  const all = Promise.all(plans.map((plan, index) => actor(index, plan)));
  await s.waitFor(all);
  await all;
  if (answered.size !== nextRequest || [...answered.values()].some((count) => count !== 1)) problems.push('a request was not answered exactly once');
  return problems;
}

describe('answers kept under every interleaving the scheduler picks', () => {
  it('every read answers what a fresh computation answers for a state of its namespace while it was in flight', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), plans, async (s, plans) => {
        const engine = await ledgerEngine();
        try {
          expect(await runModel(s, plans, engine)).toEqual([]);
        } finally {
          await engine.close();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('holds of the engine without kept answers too (the model itself is sound)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), plans, async (s, plans) => {
        const engine = await ledgerEngine(false);
        try {
          expect(await runModel(s, plans, engine)).toEqual([]);
        } finally {
          await engine.close();
        }
      }),
      { numRuns: 50 },
    );
  });
});
