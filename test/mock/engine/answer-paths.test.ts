// The engine answers a handler's response on one of two paths (answering.ts): at once when the
// handler returns it (the fast path: no await), or once its promise settles (a handler that waits,
// a fault's latency). A mutation test: handlers planted to answer a body that breaks the contract,
// an undocumented status, a request the contract refuses, or to throw, each both ways; every case
// gets the same answer, byte for byte, on both paths, and the same journal entry. The 500 a broken
// answer gets is written out here, not taken from the code under test.

import { describe, expect, it } from 'vitest';
import type { EngineAnswer } from '../../../packages/mock/src/engine/answer.ts';
import { defineArea } from '../../../packages/mock/src/engine/area.ts';
import { smallContract } from '../../support/small-contract.ts';
import { type OneAreaEngine, oneAreaEngine } from './one-area-engine.ts';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const document = smallContract(
  'Parcels',
  {
    '/parcels/{case}': {
      post: {
        operationId: 'sendParcel',
        parameters: [{ name: 'case', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['weight'], properties: { weight: { type: 'number', minimum: 0 } } } } },
        },
        responses: {
          '200': { description: 'Sent', content: { 'application/json': { schema: { $ref: '#/components/schemas/Parcel' } } } },
          '400': {
            description: 'Refused',
            content: { 'application/json': { schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } },
          },
        },
      },
    },
  },
  {
    Parcel: {
      type: 'object',
      required: ['id', 'weight', 'sentAt'],
      additionalProperties: false,
      properties: { id: { type: 'integer' }, weight: { type: 'number', minimum: 0 }, sentAt: { type: 'string', format: 'date-time' } },
    },
  },
);

/** What each planted case answers: right, or wrong in a way only the contract sees. */
const PLANTED: Record<string, (weight: number) => { status: number; body?: unknown }> = {
  right: (weight) => ({ status: 200, body: { id: 1, weight, sentAt: '2030-01-01T00:00:00.000Z' } }),
  'a field of the wrong type': (weight) => ({ status: 200, body: { id: 'one', weight, sentAt: '2030-01-01T00:00:00.000Z' } }),
  'a date-time that is not one': (weight) => ({ status: 200, body: { id: 1, weight, sentAt: '2030-02-30T25:00:00Z' } }),
  'a field the schema does not allow': (weight) => ({ status: 200, body: { id: 1, weight, sentAt: '2030-01-01T00:00:00.000Z', extra: true } }),
  'an undocumented status': (weight) => ({ status: 201, body: { id: 1, weight, sentAt: '2030-01-01T00:00:00.000Z' } }),
  'required fields missing': () => ({ status: 200, body: { id: 1 } }),
};

const runs = { fast: 0, waiting: 0 };
const parcels = (defineArea as (...args: never[]) => (definition: unknown) => unknown)()({
  name: 'parcels',
  setup: () => ({
    seed: () => ({}),
    invalidRequest: (violations: { message: string }[]) => ({ status: 400, body: { message: violations.map((v) => v.message).join('; ') } }),
    handlers: {
      sendParcel(request: { params: { case: string }; body: { weight: number }; headers: Record<string, string> }) {
        const respond = () => {
          const planted = PLANTED[decodeURIComponent(request.params.case)];
          if (!planted) throw new Error(`no planted case ${request.params.case}`);
          return planted(request.body.weight);
        };
        // The same response (or throw), given at once or through a promise.
        if (request.headers['x-path'] === 'waiting') {
          runs.waiting++;
          return new Promise((resolve, reject) =>
            setImmediate(() => {
              try {
                resolve(respond());
              } catch (error) {
                reject(error);
              }
            }),
          );
        }
        runs.fast++;
        return respond();
      },
    },
  }),
});

async function parcelEngine() {
  const journal: unknown[] = [];
  const engine = await oneAreaEngine(parcels, document, {
    now: NOW,
    onAnswered: (call) =>
      journal.push({ status: call.status, requestViolations: call.requestViolations, answerViolations: call.answerViolations, body: call.bodyText }),
  });
  return { engine, journal };
}

const send = (engine: OneAreaEngine, planted: string, path: 'fast' | 'waiting', body: unknown) =>
  engine.answer({
    method: 'POST',
    rawPath: `/parcels/${encodeURIComponent(planted)}`,
    query: {},
    headers: { accesskey: 'k', 'content-type': 'application/json', 'x-path': path },
    body: Buffer.from(JSON.stringify(body)),
  });

/** An engine's answer as a door sends it: status, headers, violations and the body's text (the text the engine wrote, else JSON). */
const sent = (answer: EngineAnswer) => ({
  status: answer.status,
  headers: answer.headers,
  violations: answer.violations,
  body: answer.text ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body)),
});

/** The 500 an answer that breaks the contract gets, as the engine's README and the doors' tests describe it. */
const BROKEN = {
  type: 'about:blank',
  title: 'The mock answer breaks the contract',
  status: 500,
  detail: 'sendParcel answered 200 with a body the contract does not allow.',
};

describe('a handler answered at once and one that waits get the same answer', () => {
  it.each(Object.keys(PLANTED))('%s', async (planted) => {
    const { engine, journal } = await parcelEngine();
    const before = { ...runs };
    const fast = sent(await send(engine, planted, 'fast', { weight: 2 }));
    const waiting = sent(await send(engine, planted, 'waiting', { weight: 2 }));
    // Both paths ran the handler: the planted answer was given both ways.
    expect([runs.fast - before.fast, runs.waiting - before.waiting]).toEqual([1, 1]);
    expect(waiting).toEqual(fast);
    expect(journal[1]).toEqual(journal[0]);
    if (planted === 'right') {
      expect(fast.status).toBe(200);
      expect(JSON.parse(String(fast.body))).toEqual({ id: 1, weight: 2, sentAt: '2030-01-01T00:00:00.000Z' });
      return;
    }
    // The mutation is caught: a 500 that says so, never the planted body.
    expect(fast.status).toBe(500);
    const problem = JSON.parse(String(fast.body));
    expect(problem).toMatchObject(
      planted === 'an undocumented status' ? { ...BROKEN, detail: 'sendParcel answered 201 with a body the contract does not allow.' } : BROKEN,
    );
    expect(problem.violations.length).toBeGreaterThan(0);
    expect((journal[0] as { answerViolations: unknown[] }).answerViolations.length).toBeGreaterThan(0);
  });

  it('refuses a request that breaks the contract alike, before either handler runs', async () => {
    const { engine, journal } = await parcelEngine();
    const before = { ...runs };
    const [fast, waiting] = [sent(await send(engine, 'right', 'fast', { weight: -1 })), sent(await send(engine, 'right', 'waiting', { weight: -1 }))];
    expect([runs.fast - before.fast, runs.waiting - before.waiting]).toEqual([0, 0]);
    expect(fast.status).toBe(400);
    expect(JSON.parse(String(fast.body)).message).toMatch(/must be >= 0/);
    expect(waiting).toEqual(fast);
    expect(journal[1]).toEqual(journal[0]);
  });

  it('answers a handler that throws, at once or after waiting, with the same failure', async () => {
    const { engine } = await parcelEngine();
    await expect(send(engine, 'no such case', 'fast', { weight: 2 })).rejects.toThrow(/no planted case/);
    await expect(send(engine, 'no such case', 'waiting', { weight: 2 })).rejects.toThrow(/no planted case/);
  });
});
