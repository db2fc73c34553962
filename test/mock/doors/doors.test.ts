// One behaviour at every door (mock.fetch, the MSW handlers, HTTP), on a small synthetic contract
// served by a synthetic area: a handler's right answer is sent as it is; an answer that breaks
// the contract (a body of the wrong shape, an undocumented status: what the types cannot see once
// cast) is refused by the engine's answer guard with the same 500; a handler that throws is
// answered with the same 500 problem, with no stack and no secret, and reported once through
// onError with the request's access key left out. And the request journal records the same
// entries at the HTTP door as through mock.fetch, and the same SQL for Hrana over HTTP and over
// WebSocket (the journal itself, in process, is test/mock/journal/journal.test.ts).

import { createClient } from '@libsql/client';
import { defineArea, type MockFailure, type RunningMock, startMock } from '@platform-contracts/mock';
import { platformHandlers } from '@platform-contracts/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVEN_AREAS, type GivenAreas } from '../../../packages/mock/src/mock/options.ts';
import { journalScenario } from '../../support/journal-scenario.ts';
import { smallContract } from '../../support/small-contract.ts';

const SECRET = 'sk-doors-7f3c2a-secret-access-key';
const MSW_BASE = 'https://things.platform.example';

const document = smallContract(
  'Things',
  {
    '/things/{thingId}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'The thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': { description: 'No such thing' },
        },
      },
    },
  },
  {
    Thing: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
);

/** The synthetic contract's operations, as openapi-typescript would generate them. */
interface ThingOperations {
  getThing: {
    parameters: { path: { thingId: number } };
    requestBody?: never;
    responses: { 200: { content: { 'application/json': { id: number; name: string } } }; 404: { content?: never } };
  };
}

/** What each thing's handler answers: right, wrong in two ways the types cannot see once cast, or a throw. */
const things = defineArea<'things', Record<string, never>, undefined, undefined, ThingOperations>()({
  name: 'things',
  setup: () => ({
    handlers: {
      getThing(request) {
        const id = Number(request.params.thingId);
        if (id === 1) return { status: 200, body: { id, name: 'one' } };
        if (id === 2) return { status: 200, body: { id, name: 5 } as never };
        if (id === 3) return { status: 201, body: { id, name: 'three' } } as never;
        if (id === 4) throw new Error(`thing 4 broke while serving the access key ${request.headers.accesskey}`);
        return { status: 404 };
      },
    },
  }),
});

const given: GivenAreas = {
  definitions: [things],
  documents: new Map([['things', document as GivenAreas['documents'] extends Map<string, infer D> ? D : never]]),
};
const failures: MockFailure[] = [];
let mock: RunningMock;
let server: ReturnType<typeof setupServer>;
beforeAll(async () => {
  mock = await startMock({ port: 0, onError: (failure) => failures.push(failure), [GIVEN_AREAS]: given } as Parameters<typeof startMock>[0]);
  server = setupServer(...platformHandlers(mock, { baseUrls: [MSW_BASE] }));
  // Only the MSW door's base URL is intercepted; the HTTP door's requests go to its socket.
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server?.close();
  await mock?.close();
});

const DOORS = [
  ['mock.fetch', (path: string, init: RequestInit) => mock.fetch(`${mock.url}${path}`, init)],
  ['the MSW handlers', (path: string, init: RequestInit) => fetch(`${MSW_BASE}${path}`, init)],
  ['HTTP', (path: string, init: RequestInit) => fetch(`${mock.url}${path}`, init)],
] as const;

/** An answer as a caller sees it at any door. */
async function call(door: (typeof DOORS)[number][1], thingId: number) {
  const response = await door(`/things/${thingId}`, { headers: { AccessKey: SECRET } });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), text, body: text ? JSON.parse(text) : undefined };
}

const BREAKS_THE_CONTRACT = { status: 500, contentType: 'application/problem+json', body: { title: 'The mock answer breaks the contract', status: 500 } };
const CASES = [
  ['a right answer', 1, { status: 200, contentType: 'application/json', body: { id: 1, name: 'one' } }],
  ['a body of the wrong shape', 2, { ...BREAKS_THE_CONTRACT, violation: /name.*must be string/ }],
  ['an undocumented status', 3, { ...BREAKS_THE_CONTRACT, violation: /status 201 is not documented/ }],
  ['a thrown handler', 4, { status: 500, contentType: 'application/problem+json', body: { title: 'Mock failure', status: 500 } }],
  ['a documented status without a body', 5, { status: 404, contentType: null, body: undefined }],
] as const;

describe('every door answers a handler alike', () => {
  it.each(CASES)('%s', async (_name, thingId, expected) => {
    const before = failures.length;
    const answers = await Promise.all(DOORS.map(([, door]) => call(door, thingId)));
    for (const [index, answer] of answers.entries()) {
      const door = DOORS[index]![0];
      expect(answer.status, door).toBe(expected.status);
      expect(answer.contentType, door).toBe(expected.contentType);
      expect(answer.body, door).toEqual(expected.body === undefined ? undefined : expect.objectContaining(expected.body));
      if ('violation' in expected) expect(JSON.stringify(answer.body.violations), door).toMatch(expected.violation);
      // No stack and no secret in any answer.
      expect(answer.text, door).not.toContain(SECRET);
      expect(answer.text, door).not.toMatch(/\n\s+at |\.ts:\d+/);
    }
    // The same answer at every door (the HTTP door adds only its own headers).
    expect(answers.map(({ text }) => text)).toEqual(answers.map(() => answers[0]!.text));
    // A thrown handler is reported once per door, its message kept and the access key left out; nothing else is reported.
    const reported = failures.slice(before);
    if (thingId !== 4) return void expect(reported).toEqual([]);
    expect(reported).toHaveLength(DOORS.length);
    for (const failure of reported) {
      expect(failure).toMatchObject({ method: 'GET', path: '/things/4' });
      expect(failure.error).toContain('thing 4 broke while serving the access key [redacted]');
      expect(failure.error).not.toContain(SECRET);
    }
  });
});

describe('the journal at every door', () => {
  const NOW = Date.UTC(2030, 0, 1);
  let served: RunningMock;
  beforeAll(async () => {
    served = await startMock({ port: 0, now: () => NOW });
  });
  afterAll(async () => {
    await served?.close();
  });

  it('records the same entries for the same requests through HTTP as through mock.fetch', async () => {
    await served.namespace('door-fetch').fault({ operationId: 'listShieldZones', status: 503, count: 1 });
    await served.namespace('door-http').fault({ operationId: 'listShieldZones', status: 503, count: 1 });
    await journalScenario(served.fetch, served.url, 'door-fetch');
    await journalScenario((input, init) => globalThis.fetch(input, init), served.url.replace('127.0.0.1', 'localhost'), 'door-http');
    const [byFetch, byHttp] = ['door-fetch', 'door-http'].map((namespace) => served.requests({ namespace }));
    expect(byFetch).toHaveLength(7);
    expect(byHttp).toEqual(byFetch);
  });

  it('records the same SQL through Hrana over HTTP and over WebSocket', async () => {
    const statements = ['CREATE TABLE audit (what TEXT)', { sql: 'INSERT INTO audit VALUES (?)', args: ['published'] }, 'SELECT what FROM audit'];
    const recorded: string[][] = [];
    for (const [namespace, scheme] of [
      ['sql-http', 'http'],
      ['sql-ws', 'ws'],
    ] as const) {
      const issued = await (
        await served.fetch(`${served.url}/database/my-database/tokens`, {
          method: 'POST',
          headers: { AccessKey: namespace, 'content-type': 'application/json' },
          body: '{}',
        })
      ).json();
      const db = createClient({ url: served.url.replace(/^http/, scheme), authToken: issued.tokens[0].token });
      for (const statement of statements) await db.execute(statement);
      await db.batch(['SELECT 1', 'SELECT 2'], 'read');
      db.close();
      const entries = served.requests({ namespace });
      expect(new Set(entries.map((entry) => entry.transport))).toEqual(new Set(scheme === 'ws' ? ['http', 'websocket'] : ['http'])); // the tokens are issued over HTTP
      recorded.push(entries.flatMap((entry) => entry.statements ?? []));
    }
    // In the order the bodies carry them: @libsql/client stores a batch's own texts (store_sql) before the batch that runs them between its BEGIN and COMMIT.
    expect(recorded[0]).toEqual([
      'CREATE TABLE audit (what TEXT)',
      'INSERT INTO audit VALUES (?)',
      'SELECT what FROM audit',
      'SELECT 1',
      'SELECT 2',
      'BEGIN TRANSACTION READONLY',
      'COMMIT',
      'ROLLBACK',
    ]);
    expect(recorded[1]).toEqual(recorded[0]);
    expect(served.requests({ namespace: 'sql-ws' }).filter((entry) => entry.transport === 'websocket').length).toBeGreaterThanOrEqual(4);
  });
});
