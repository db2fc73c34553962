// A kept answer is looked for before its request is read (engine/answering.ts, findKept): a
// request of the same method, path, query and headers as one a kept answer answered is not read
// and validated again, and the journal is given the request as it was read then; the clock is read
// once, at the arrival, unless a fault's latency waited. Table-driven against the general path
// (reuseAnswers: false): every answer, journal entry and coverage count the same.
import { describe, expect, it } from 'vitest';
import { defineArea } from '../../../packages/mock/src/engine/area.ts';
import { createClock } from '../../../packages/mock/src/engine/namespaces.ts';
import type { IncomingRequest } from '../../../packages/mock/src/engine/request.ts';
import { createCoverageCounter } from '../../../packages/mock/src/journal/coverage.ts';
import { createJournal } from '../../../packages/mock/src/journal/journal.ts';
import { createRecorder } from '../../../packages/mock/src/journal/recorder.ts';
import { smallContract } from '../../support/small-contract.ts';
import { oneAreaEngine } from '../engine/one-area-engine.ts';

const NOW = Date.parse('2030-01-01T00:00:00Z');
/** The shelf closes when the clock reaches this (its read asks the clock `reached`: kept while that holds). */
const CLOSES_AT = NOW + 500;

const document = smallContract('Shelves', {
  '/shelves/{id}': {
    get: {
      operationId: 'getShelf',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0 } },
        { name: 'X-Side', in: 'header', schema: { type: 'string', enum: ['left', 'right'] } },
      ],
      responses: {
        '200': { description: 'A shelf', content: { 'application/json': { schema: { type: 'object', required: ['id', 'open'] } } } },
        '400': { description: 'Refused', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  },
});

const shelves = (defineArea as (...args: never[]) => (definition: unknown) => unknown)()({
  name: 'shelves',
  setup: () => ({
    seed: () => ({}),
    handlers: {
      getShelf: (
        request: { params: { id: string }; query: { limit?: string }; headers: Record<string, string> },
        call: { clock: { reached(time: number): boolean } },
      ) => ({
        status: 200,
        body: { id: request.params.id, limit: request.query.limit ?? null, side: request.headers['x-side'] ?? null, open: !call.clock.reached(CLOSES_AT) },
      }),
    },
  }),
});

/** An engine with its journal and coverage; a fault's latency moves its clock by as much. */
async function shelvesEngine(reuseAnswers: boolean) {
  const clock = createClock(() => NOW);
  const journal = createJournal({ maxNamespaces: 4 });
  const coverage = createCoverageCounter(['shelves']);
  const recorder = createRecorder({ journal, coverage, sensitive: new Set() });
  const engine = await oneAreaEngine(shelves, document, { clock, sleep: async (ms) => clock.advance(ms), onAnswered: recorder.call, reuseAnswers });
  return { engine, journal, coverage };
}

const get = (target: string, headers: Record<string, string> = {}, key: string | undefined = 'a'): IncomingRequest => {
  const [rawPath, search = ''] = target.split('?');
  return {
    method: 'GET',
    rawPath: rawPath!,
    query: Object.fromEntries(new URLSearchParams(search)),
    headers: { ...(key === undefined ? {} : { accesskey: key }), ...headers },
    body: undefined,
  };
};

/** In order: a request, or a fault set before the next (a latency that moves the clock past CLOSES_AT). */
const STEPS: (IncomingRequest | 'latency')[] = [
  get('/shelves/7'),
  get('/shelves/7'),
  get('/shelves/7?limit=2'),
  get('/shelves/7?limit=2'),
  get('/shelves/7?limit=-1'),
  get('/shelves/7', { 'x-side': 'up' }),
  get('/shelves/7', { 'x-side': 'left' }),
  get('/shelves/7', { 'x-side': 'left' }),
  get('/shelves/7', { accept: 'text/html' }),
  get('/shelves/7', {}, undefined),
  get('/shelves/7', {}, undefined),
  get('/shelves/7'),
  get('/shelves/0'),
  get('/shelves/%E0%A4%A'),
  get('/shelves/%37'),
  get('/shelves/7', {}, 'b'),
  get('/shelves/7', {}, 'b'),
  'latency',
  get('/shelves/7'),
  get('/shelves/7'),
  get('/shelves/7', {}, 'b'),
];

describe('a kept answer, looked for before its request is read', () => {
  it('answers, journals and counts every request as the general path does', async () => {
    const sides = [await shelvesEngine(true), await shelvesEngine(false)];
    const answered: unknown[][] = [[], []];
    for (const step of STEPS) {
      for (const [i, { engine }] of sides.entries()) {
        if (step === 'latency') engine.faults.add({ operationId: 'getShelf', latencyMs: 1000, count: 1 });
        else {
          const { status, headers, body, text, violations } = await engine.answer({ ...step, headers: { ...step.headers } });
          answered[i]!.push({ status, headers: { ...headers }, body, text, violations });
        }
      }
    }
    const [kept, general] = sides.map(({ journal, coverage }) => ({
      journal: ['a', 'b', 'default'].map((namespace) => journal.list(namespace)),
      coverage: coverage.snapshot(),
    }));
    expect(answered[0]).toEqual(answered[1]);
    expect(kept).toEqual(general);
    // What the table reaches: kept answers given, refusals, and the clock past CLOSES_AT after the latency.
    expect(answered[1]!.map((answer) => (answer as { status: number }).status)).toEqual([
      200, 200, 200, 200, 400, 400, 200, 200, 406, 200, 200, 200, 400, 400, 200, 200, 200, 200, 200, 200,
    ]);
    expect(JSON.parse((answered[0]![17] as { text: string }).text)).toMatchObject({ open: false });
    expect(JSON.parse((answered[0]![19] as { text: string }).text)).toMatchObject({ open: false });
    expect(kept!.journal[0]![1]).toMatchObject({ params: { id: '7' }, status: 200 });
    for (const { engine } of sides) await engine.close();
  });
});
