// The request journal (packages/mock/src/journal/journal.ts, recorder.ts), in process: the same
// requests give the same entries through mock.fetch and MSW's handlers (through HTTP, and Hrana's
// SQL over WebSocket, in test/mock/doors/doors.test.ts), GET /_mock/requests is mock.requests() in pages, secrets the
// contracts mark x-sensitive never reach an entry, and memory stays within the caps, the oldest
// dropped first and counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { readBundle } from '@platform-contracts/contracts';
import { createMock, type Mock } from '@platform-contracts/mock';
import { platformHandlers } from '@platform-contracts/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sensitiveNamesOf } from '../../../packages/mock/src/journal/recorder.ts';
import { listAreas, ROOT } from '../../../scripts/lib/paths.ts';
import { journalScenario } from '../../support/journal-scenario.ts';

const NOW = Date.UTC(2030, 0, 1);
const MSW_BASE = 'https://api.platform.example';
const json = { 'content-type': 'application/json' };

let mock: Mock;
let server: ReturnType<typeof setupServer>;
beforeAll(async () => {
  mock = await createMock({ now: () => NOW });
  server = setupServer(...platformHandlers(mock, { baseUrls: [MSW_BASE] }));
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  server.close();
  await mock.close();
});

describe('through every door', () => {
  it('records the same entries for the same requests through mock.fetch and MSW (HTTP and WebSocket: test/mock/doors/doors.test.ts)', async () => {
    await mock.namespace('door-fetch').fault({ operationId: 'listShieldZones', status: 503, count: 1 });
    await mock.namespace('door-msw').fault({ operationId: 'listShieldZones', status: 503, count: 1 });
    await journalScenario(mock.fetch, mock.url, 'door-fetch');
    await journalScenario(globalThis.fetch, MSW_BASE, 'door-msw');
    const [byFetch, byMsw] = ['door-fetch', 'door-msw'].map((namespace) => mock.requests({ namespace }));
    expect(byFetch).toHaveLength(7);
    expect(byMsw).toEqual(byFetch);
  });

  it('records each request as it was sent and answered', () => {
    const [created, refused, listed, faulted, unrouted, wrongMethod] = mock.requests({ namespace: 'door-fetch' });
    expect(created).toEqual({
      seq: 1,
      time: new Date(NOW).toISOString(),
      transport: 'http',
      area: 'video',
      operationId: 'createVideo',
      method: 'POST',
      path: '/library/42/videos',
      params: { libraryId: '42' },
      query: {},
      body: { title: 'Keynote', thumbnailTime: 1500 },
      status: 200,
      violations: [],
    });
    expect(refused).toMatchObject({
      seq: 2,
      operationId: 'createVideo',
      body: { title: 7 },
      status: 400,
      violations: [{ location: ['request', 'body', 'title'], message: 'must be string' }],
    });
    expect(listed).toMatchObject({ operationId: 'listCollections', query: { page: '2', itemsPerPage: '5', orderBy: 'date' }, status: 200 });
    expect(faulted).toMatchObject({ operationId: 'listShieldZones', status: 503, fault: { status: 503 }, violations: [] });
    expect(unrouted).toMatchObject({ path: '/library/42/vidoes', status: 404, violations: [{ location: ['request', 'path'] }] });
    expect(unrouted!.operationId).toBeUndefined();
    expect(wrongMethod).toMatchObject({ method: 'DELETE', status: 405, violations: [{ location: ['request', 'method'] }] });
  });

  it('records a request in the namespace of the key it carries, and one without a key in `default`', async () => {
    const wrongMethod = await mock.fetch(`${mock.url}/library/42/videos?x=1`, { method: 'GET', headers: { AccessKey: 'door-credentials' } });
    expect(wrongMethod.status).toBe(405);
    expect(mock.requests({ namespace: 'door-credentials' })).toMatchObject([{ method: 'GET', query: { x: '1' }, status: 405 }]);
    const noKey = await mock.fetch(`${mock.url}/storagezone`);
    expect(noKey.status).toBe(401);
    expect(mock.requests({ namespace: 'default' }).at(-1)).toMatchObject({
      operationId: 'listStorageZones',
      status: 401,
      violations: [{ location: ['request', 'security'], message: expect.stringMatching(/AccessKey header/) }],
    });
  });
});

describe('GET /_mock/requests', () => {
  const get = async (query: string) => {
    const response = await mock.fetch(`${mock.url}/_mock/requests?${query}`);
    return { status: response.status, body: await response.json() };
  };

  it('answers mock.requests() as JSON, with the counts and the key redacted', async () => {
    const { status, body } = await get('namespace=door-fetch');
    expect(status).toBe(200);
    expect(body).toEqual({
      namespace: '****',
      requests: JSON.parse(JSON.stringify(mock.requests({ namespace: 'door-fetch' }))),
      more: false,
      recorded: 7,
      dropped: 0,
      violations: 3,
    });
  });

  it('pages with after and limit, and keeps apart the requests that broke the contract', async () => {
    const first = await get('namespace=door-fetch&limit=3');
    expect(first.body.requests.map((entry: { seq: number }) => entry.seq)).toEqual([1, 2, 3]);
    expect(first.body.more).toBe(true);
    const rest = await get('namespace=door-fetch&after=3&limit=1000');
    expect(rest.body.requests.map((entry: { seq: number }) => entry.seq)).toEqual([4, 5, 6, 7]);
    expect(rest.body.more).toBe(false);
    const violating = await get('namespace=door-fetch&violations=true');
    expect(violating.body.requests.map((entry: { seq: number }) => entry.seq)).toEqual([2, 5, 6]);
  });

  it.each([
    ['limit=0', /limit is a whole number from 1 to 1000/],
    ['limit=1001', /limit is a whole number from 1 to 1000/],
    ['limit=ten', /limit is a whole number/],
    ['after=-1', /after is the seq of an entry/],
    ['violations=yes', /violations is true or false/],
  ])('refuses %s with a 400 that says why', async (query, reason) => {
    const { status, body } = await get(`namespace=door-fetch&${query}`);
    expect(status).toBe(400);
    expect(body.detail).toMatch(reason);
  });

  it('is emptied by a reset of the namespace, over HTTP and on the handle', async () => {
    await journalScenario(mock.fetch, mock.url, 'to-reset');
    expect(mock.requests({ namespace: 'to-reset' })).toHaveLength(7);
    await mock.fetch(`${mock.url}/_mock/reset?namespace=to-reset`, { method: 'POST', headers: { 'x-mock-control': '1' } });
    expect(mock.requests({ namespace: 'to-reset' })).toEqual([]);
    await journalScenario(mock.fetch, mock.url, 'to-reset');
    await mock.namespace('to-reset').reset();
    expect(await mock.namespace('to-reset').requests()).toEqual([]);
  });
});

/** Every property the contracts' sources mark x-sensitive, read from openapi/<area>/components/schemas/ (not from the bundles the mock reads). */
function sensitiveInSources(): string[] {
  const names = new Set<string>();
  for (const area of listAreas()) {
    const folder = path.join(ROOT, 'openapi', area, 'components/schemas');
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.yaml'))) {
      const schema = parse(readFileSync(path.join(folder, file), 'utf8')) as { properties?: Record<string, { 'x-sensitive'?: boolean }> };
      for (const [name, property] of Object.entries(schema.properties ?? {})) if (property['x-sensitive']) names.add(name);
    }
  }
  return [...names].sort();
}

describe('secrets', () => {
  const SECRETS = sensitiveInSources();

  it('are the properties the contracts mark x-sensitive', () => {
    expect(SECRETS.length).toBeGreaterThan(0);
    const fromBundles = new Set(listAreas().flatMap((area) => [...sensitiveNamesOf(readBundle(area as never))]));
    expect([...fromBundles].sort()).toEqual(SECRETS);
  });

  it.each(SECRETS)('%s is redacted wherever a body holds it, and nothing else is', async (name) => {
    const secret = `s3cret-${name}-value-0123456789`;
    const namespace = `secret-${name}`;
    const body = { name: 'Talks', [name]: secret, nested: [{ [name]: secret, keep: 'visible' }] };
    await mock.fetch(`${mock.url}/library/42/collections`, { method: 'POST', headers: { AccessKey: namespace, ...json }, body: JSON.stringify(body) });
    const [entry] = mock.requests({ namespace });
    expect(entry!.body).toEqual({ name: 'Talks', [name]: '****', nested: [{ [name]: '****', keep: 'visible' }] });
    const over = await (await mock.fetch(`${mock.url}/_mock/requests?namespace=${namespace}`)).text();
    expect(over).not.toContain(secret);
    expect(inspect(mock, { depth: 8 })).not.toContain(secret);
    expect(JSON.stringify(mock.coverage())).not.toContain(secret);
  });
});

describe('bounds', () => {
  it('keeps the last maxEntries entries per namespace, counting the dropped ones', async () => {
    const small = await createMock({ areas: ['storage'], journal: { maxEntries: 5 } });
    for (let i = 0; i < 8; i++) await small.fetch(`${small.url}/storagezone?page=${i}`, { headers: { AccessKey: 'capped' } });
    expect(small.requests({ namespace: 'capped' }).map((entry) => entry.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(small.journal!.counts('capped')).toEqual({ recorded: 8, dropped: 3, violations: 0 });
    const over = await (await small.fetch(`${small.url}/_mock/requests?namespace=capped`)).json();
    expect(over).toMatchObject({ recorded: 8, dropped: 3 });
    await small.close();
  });

  it('keeps about maxBytes per namespace, leaves out bodies over maxBodyBytes, and keeps maxNamespaces namespaces', async () => {
    const small = await createMock({ areas: ['video'], maxNamespaces: 2, journal: { maxBytes: 2_000, maxBodyBytes: 100 } });
    const create = (namespace: string, title: string) =>
      small.fetch(`${small.url}/library/42/collections`, { method: 'POST', headers: { AccessKey: namespace, ...json }, body: JSON.stringify({ name: title }) });
    await create('a', 'x'.repeat(200));
    expect(small.requests({ namespace: 'a' })[0]).toMatchObject({ omittedBodyBytes: JSON.stringify({ name: 'x'.repeat(200) }).length });
    expect(small.requests({ namespace: 'a' })[0]!.body).toBeUndefined();
    for (let i = 0; i < 20; i++) await create('a', `talk ${i}`);
    const kept = small.requests({ namespace: 'a' });
    expect(kept.length).toBeLessThan(21);
    expect(kept.at(-1)!.body).toEqual({ name: 'talk 19' });
    expect(small.journal!.counts('a').dropped).toBe(21 - kept.length);
    await create('b', 'one');
    await create('c', 'one');
    expect(small.requests({ namespace: 'a' })).toEqual([]);
    expect(small.requests({ namespace: 'c' })).toHaveLength(1);
    await small.close();
  });

  it('records nothing with journal: false (no journal, no coverage), and says so over HTTP', async () => {
    const quiet = await createMock({ areas: ['storage'], journal: false });
    await quiet.fetch(`${quiet.url}/storagezone`, { headers: { AccessKey: 'k' } });
    expect(quiet.requests({ namespace: 'k' })).toEqual([]);
    expect(quiet.journal).toBeUndefined();
    expect(quiet.coverage().totals.operations.covered).toBe(0);
    const answer = await quiet.fetch(`${quiet.url}/_mock/requests?namespace=k`);
    expect(answer.status).toBe(404);
    expect((await answer.json()).detail).toMatch(/journal: false/);
    await quiet.close();
  });
});

describe('an answer that breaks the contract (a bug of the mock)', () => {
  it("is recorded with its violations and handed to onViolation, which names it as the mock's", async () => {
    const { oneAreaEngine } = await import('../engine/one-area-engine.ts');
    const { createRecorder } = await import('../../../packages/mock/src/journal/recorder.ts');
    const { createJournal } = await import('../../../packages/mock/src/journal/journal.ts');
    const { describeViolation } = await import('../../../packages/mock/src/journal/violation-report.ts');
    const { defineArea } = await import('../../../packages/mock/src/engine/area.ts');
    const document = {
      openapi: '3.1.0',
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            security: [],
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
              },
            },
          },
        },
      },
    };
    const buggy = (defineArea as (...args: never[]) => (definition: unknown) => unknown)()({
      name: 'video',
      setup: () => ({ handlers: { listThings: () => ({ status: 200, body: { id: 'one' } }) } }),
    });
    const journal = createJournal({ maxNamespaces: 10 });
    const told: string[] = [];
    const recorder = createRecorder({ journal, sensitive: new Set(), onViolation: (_namespace, entry) => told.push(describeViolation(entry)) });
    const engine = await oneAreaEngine(buggy, document, { now: NOW, maxNamespaces: 10, onAnswered: (call) => recorder.call(call) });
    const answer = await engine.answer({ method: 'GET', rawPath: '/things', query: {}, headers: {}, body: undefined });
    expect(answer.status).toBe(500);
    expect(journal.list('default')).toMatchObject([
      { operationId: 'listThings', status: 500, violations: [{ location: ['response', 'id'], message: 'must be integer' }] },
    ]);
    expect(told).toEqual([
      expect.stringMatching(
        /^listThings answered with what the contract does not allow \(a bug of the mock\):\n {2}- response\.id: must be integer\n {2}request: GET \/things\n {2}answered: 500$/,
      ),
    ]);
    await engine.close();
  });
});
