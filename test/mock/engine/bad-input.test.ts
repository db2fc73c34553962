// The bad input found by probing every operation: each answers a clear 4xx with the
// operation's documented error body (or the mock's problem body where no operation answers),
// never a 5xx or a stack trace. In process (mock.fetch): what only the HTTP door does with a
// body (413 read off the socket, never a reset) is in test/mock/doors/http-door.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMock, type Mock, MockStartError } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAreas, loadBundle, operationsOf, resolveRef, validateAnswer } from '../../support/openapi.ts';

const MAX_BODY_BYTES = 64 * 1024;
let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ maxBodyBytes: MAX_BODY_BYTES });
});
afterAll(async () => {
  await mock?.close();
});

const operations = listAreas().flatMap((area) => operationsOf(area));
const auth = (area: string): Record<string, string> =>
  area === 'database' ? { AccessKey: 'bad-input', authorization: `Bearer ${mock.areas.database.fullAccessToken}` } : { AccessKey: 'bad-input' };

async function send(method: string, target: string, headers: Record<string, string>, body?: string) {
  const response = await mock.fetch(`${mock.url}${target}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

describe('a path parameter that is not valid percent-encoding', () => {
  const withPathParams = operations.filter((entry) => entry.path.includes('{'));
  it.each(withPathParams.map((e) => [`${e.area} ${e.operationId}`, e] as const))('%s answers 400 with its documented error body', async (_name, entry) => {
    const target = entry.path.replace(/\{[^}]+\}/g, 'abc%ff');
    const answer = await send(
      entry.method.toUpperCase(),
      target,
      { ...auth(entry.area), 'content-type': 'application/json' },
      entry.method === 'get' ? undefined : '{}',
    );
    expect(answer.status, answer.text).toBe(400);
    expect(validateAnswer(entry.area, entry.operationId, 400, answer.json(), answer.headers.get('content-type') ?? '')).toEqual([]);
    expect(answer.headers.get('sl-violations')).toMatch(/percent-encoding/);
  });
});

describe('a Content-Type that is not a media type', () => {
  const withBody = operations.filter((entry) => entry.source.requestBody);
  it.each(withBody.map((e) => [`${e.area} ${e.operationId}`, e] as const))('%s answers 400 with its documented error body', async (_name, entry) => {
    const target = entry.path.replace(/\{[^}]+\}/g, '1');
    const answer = await send(entry.method.toUpperCase(), target, { ...auth(entry.area), 'content-type': 'json' }, '{}');
    expect(answer.status).toBe(400);
    const contentType = answer.headers.get('content-type') ?? '';
    expect(validateAnswer(entry.area, entry.operationId, 400, contentType.includes('json') ? answer.json() : answer.text, contentType)).toEqual([]);
  });
});

describe('methods and media types the operation does not have', () => {
  it('answers 405 with an Allow header naming the methods the path has', async () => {
    const answer = await send('DELETE', '/storagezone', auth('storage'));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
    expect(answer.json()).toMatchObject({ status: 405, title: 'Method not allowed' });
  });

  it('answers 405 with every method of a path that has several', async () => {
    const answer = await send('PUT', '/library/1/collections/x', auth('video'));
    expect(answer.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'POST']);
  });

  it('answers 406 to an Accept the operation cannot meet, on an operation with behaviour, and runs nothing', async () => {
    const key = { AccessKey: 'accept-406' };
    const refused = await send('POST', '/library/1/collections', { ...key, accept: 'text/csv', 'content-type': 'application/json' }, '{"name":"never made"}');
    expect(refused.status).toBe(406);
    expect(refused.json()).toMatchObject({ status: 406, title: 'Not acceptable' });
    const list = await send('GET', '/library/1/collections?search=never%20made', key);
    expect(list.json().totalItems).toBe(0);
  });

  it('accepts an Accept that allows the answer (wildcards and parameters)', async () => {
    for (const accept of ['*/*', 'application/*', 'application/json; q=0.5, text/html']) {
      expect((await send('GET', '/storagezone', { ...auth('storage'), accept })).status, accept).toBe(200);
    }
  });
});

describe('bodies judged by the contract', () => {
  it('refuses a JSON null where the schema wants an object', async () => {
    const answer = await send('POST', '/library/1/videos', { ...auth('video'), 'content-type': 'application/json' }, 'null');
    expect(answer.status).toBe(400);
    expect(answer.json().message).toMatch(/body: must be object/);
  });

  it('refuses a body without a Content-Type on a text/plain operation as on a JSON one', async () => {
    for (const [target, area] of [
      ['/dnszone/1/import', 'dns'],
      ['/library/1/videos', 'video'],
    ] as const) {
      const answer = await mock.fetch(`${mock.url}${target}`, { method: 'POST', headers: auth(area), body: new Blob(['a.example. 300 IN A 1.2.3.4']) });
      expect(answer.status, target).toBe(400);
      expect(await answer.text()).toMatch(/Content-Type is missing/);
    }
  });

  it('judges a whitespace-only text/plain body by the contract (the DNS error body), not by the handler', async () => {
    const answer = await send('POST', '/dnszone/12345/import', { ...auth('dns'), 'content-type': 'text/plain' }, '   \n ');
    expect(answer.status).toBe(400);
    expect(validateAnswer('dns', 'importDnsRecords', 400, answer.json())).toEqual([]);
  });

  it('refuses a whitespace-only JSON body as invalid JSON', async () => {
    const answer = await send('POST', '/library/1/videos', { ...auth('video'), 'content-type': 'application/json' }, '  ');
    expect(answer.status).toBe(400);
    expect(answer.json().message).toMatch(/not valid JSON/);
  });
});

describe('int64 parameters and fields', () => {
  it.each([
    ['the largest int64', '9223372036854775807'],
    ['beyond 2^53 - 1', '9007199254740993'],
    ['the smallest int64', '-9223372036854775808'],
  ])('accept %s in a path parameter', async (_name, value) => {
    const answer = await send('GET', `/library/${value}/collections`, auth('video'));
    expect(answer.status, answer.text).toBe(200);
  });

  it('accept a value beyond 2^53 - 1 in a JSON body field', async () => {
    const answer = await send(
      'PATCH',
      '/shield/shield-zone',
      { ...auth('shield'), 'content-type': 'application/json' },
      '{"shieldZoneId": 9007199254740993, "shieldZone": {}}',
    );
    expect(answer.status, answer.text).not.toBe(400);
  });
});

describe('bundles the mock cannot serve', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'mock-bundles-'));
  const cases: [string, (folder: string) => void, RegExp][] = [
    ['a missing bundle', () => {}, /the video contract cannot be loaded: .*video\.json is missing: run `pnpm bundle` first/],
    [
      'a corrupted bundle',
      (folder) => writeFileSync(path.join(folder, 'video.json'), '{"openapi": "3.1.0", "paths": {'),
      /the video contract cannot be loaded: .*video\.json is not valid JSON/,
    ],
    [
      'valid JSON that is not a contract',
      (folder) => writeFileSync(path.join(folder, 'video.json'), '{"hello": "world"}'),
      /the video contract cannot be loaded: .*video\.json is not an OpenAPI document/,
    ],
    [
      'a contract whose $ref points at nothing',
      (folder) => writeFileSync(path.join(folder, 'video.json'), JSON.stringify({ ...loadBundle('video'), components: {} })),
      /video\.json is not a contract the mock can serve: .*points at nothing/,
    ],
  ];
  it.each(cases)('refuses %s at start, naming the file in one line', async (_name, prepare, message) => {
    const folder = dir();
    prepare(folder);
    const error = await createMock({ areas: ['video'], bundleDir: folder }).then(
      (running) => running.close().then(() => undefined),
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('requests for paths and bodies the request validation refuses', () => {
  it('names parameters as declared in every area’s error body and in sl-violations', async () => {
    for (const [target, area, name] of [
      ['/library/abc/collections', 'video', 'libraryId'],
      ['/storagezone?perPage=abc', 'storage', 'perPage'],
      ['/shield/waf/custom-rules/1?pageSize=0', 'shield', 'pageSize'],
      ['/database/NOT_A_LABEL/tokens', 'database', 'databaseId'],
    ] as const) {
      const answer = await send('GET', target, auth(area));
      expect(answer.status, target).toBe(400);
      expect(answer.text, target).toContain(name);
      expect(answer.headers.get('sl-violations'), target).toContain(`"${name}"`);
    }
  });

  it('documents only request media types the mock reads (JSON, text or bytes as text)', () => {
    for (const entry of operations) {
      const body = resolveRef(loadBundle(entry.area), entry.source.requestBody);
      for (const type of Object.keys(body?.content ?? {})) expect(type, entry.operationId).toMatch(/json|^text\/plain$|octet-stream/);
    }
  });
});

describe('the root of the mock', () => {
  it('leads to the reference site', async () => {
    const answer = await mock.fetch(`${mock.url}/`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/docs/');
  });
});
