// The client on the in-process mock: the `fetch` option reaches every call of every area, of
// createPlatformClient, of the helpers and of paginate; @libsql/client's own `fetch` option
// reaches the database pipeline; and every helper takes a raw call's options (headers,
// middleware, signal, timeoutMs, retry). The global fetch throws throughout, so a call that
// escaped the given fetch would fail.
import { createClient as createLibsqlClient } from '@libsql/client';
import {
  createDatabaseClient,
  createDatabaseTokens,
  createDatabaseTokensClient,
  createDnsClient,
  createPlatformClient,
  type HelperCallOptions,
  importDnsRecords,
  invalidateDatabaseTokens,
  listDatabaseTokens,
  type Middleware,
  PlatformTimeoutError,
  paginate,
} from '@platform-contracts/client';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBundle, parameterExample } from '../support/openapi.ts';

const DATABASE_ID = 'my-database';
const ZONE_ID = parameterExample('dns', 'DnsZoneId') as number;
const TEMPLATE = loadBundle('containers').components.examples.ContainerTemplateRequestMinimal.value;
const APP_ID = parameterExample('containers', 'ContainersAppId') as string;

let mock: Mock;
beforeAll(async () => {
  mock = await createMock();
});
afterAll(async () => {
  await mock?.close();
});
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new Error('the global fetch was called')));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

let keys = 0;
const freshKey = () => `in-process-client-${++keys}`;

/** mock.fetch, recording each request's method and path. */
function recordingFetch() {
  const seen: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    return mock.fetch(request);
  };
  return { fetch, seen };
}

describe('createPlatformClient({ fetch: mock.fetch })', () => {
  it("sends every area's calls, the helpers' and the database pipeline's through the fetch given", async () => {
    const accessKey = freshKey();
    const { fetch, seen } = recordingFetch();
    const tokens = await createDatabaseTokens(createDatabaseTokensClient({ accessKey, baseUrl: mock.url, fetch }), DATABASE_ID);
    const platform = createPlatformClient({
      accessKey,
      apiBaseUrl: mock.url,
      videoBaseUrl: mock.url,
      fetch,
      database: { url: mock.url, authToken: tokens.tokens[0]!.token },
    });

    expect((await platform.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } } })).response.status).toBe(200);
    expect((await platform.shield.GET('/shield/shield-zones')).response.status).toBe(200);
    expect((await platform.storage.GET('/storagezone')).response.status).toBe(200);
    expect((await platform.containers.POST('/mc/apps/{appId}/containers', { params: { path: { appId: APP_ID } }, body: TEMPLATE })).response.ok).toBe(true);
    expect((await importDnsRecords(platform.dns, ZONE_ID, 'www IN A 192.0.2.1')).response.status).toBe(200);
    expect((await listDatabaseTokens(platform.databaseTokens, DATABASE_ID)).tokens.length).toBeGreaterThan(0);
    expect((await platform.database.execute('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    const pages: unknown[] = [];
    for await (const collection of paginate(platform.video, '/library/{libraryId}/collections', { params: { path: { libraryId: 42 } } }))
      pages.push(collection);
    expect(pages.length).toBeGreaterThan(0);

    expect(new Set(seen)).toEqual(
      new Set([
        `POST /database/${DATABASE_ID}/tokens`,
        'GET /library/42/collections',
        'GET /shield/shield-zones',
        'GET /storagezone',
        `POST /mc/apps/${APP_ID}/containers`,
        `POST /dnszone/${ZONE_ID}/import`,
        `GET /database/${DATABASE_ID}/tokens`,
        'POST /v2/pipeline',
      ]),
    );
  });
});

describe('@libsql/client with fetch: mock.fetch', () => {
  it('runs SQL in the namespace of the tokens it was given, and only there', async () => {
    const tokensOf = async (accessKey: string) =>
      (await createDatabaseTokens(createDatabaseTokensClient({ accessKey, baseUrl: mock.url, fetch: mock.fetch }), DATABASE_ID)).tokens[0]!.token;
    const [mine, theirs] = await Promise.all([tokensOf(freshKey()), tokensOf(freshKey())]);
    const db = createLibsqlClient({ url: mock.url, authToken: mine, fetch: mock.fetch });
    const other = createLibsqlClient({ url: mock.url, authToken: theirs, fetch: mock.fetch });
    try {
      await db.batch(['CREATE TABLE audit (what TEXT)', "INSERT INTO audit VALUES ('published')"], 'write');
      expect((await db.execute('SELECT what FROM audit')).rows.map((row) => row.what)).toEqual(['published']);
      await expect(other.execute('SELECT what FROM audit')).rejects.toThrow(/no such table/);
    } finally {
      db.close();
      other.close();
    }
  });
});

/** One helper call with the options given, on a fresh namespace (its database tokens issued first where it needs them). */
type HelperCall = (accessKey: string, fetch: typeof globalThis.fetch, options: HelperCallOptions) => Promise<unknown>;
const tokensClient = (accessKey: string, fetch: typeof globalThis.fetch) => createDatabaseTokensClient({ accessKey, baseUrl: mock.url, fetch, retry: false });
async function databaseClient(accessKey: string, fetch: typeof globalThis.fetch) {
  const issued = await createDatabaseTokens(tokensClient(accessKey, mock.fetch), DATABASE_ID);
  return createDatabaseClient({ url: mock.url, authToken: issued.tokens[0]!.token, fetch, retry: false });
}
const HELPERS: [name: string, operationId: string, call: HelperCall][] = [
  [
    'importDnsRecords',
    'importDnsRecords',
    (key, fetch, options) =>
      importDnsRecords(createDnsClient({ accessKey: key, baseUrl: mock.url, fetch, retry: false, throwOnError: true }), ZONE_ID, 'www IN A 192.0.2.1', options),
  ],
  ['createDatabaseTokens', 'createDatabaseTokens', (key, fetch, options) => createDatabaseTokens(tokensClient(key, fetch), DATABASE_ID, {}, options)],
  [
    'invalidateDatabaseTokens',
    'invalidateDatabaseTokens',
    (key, fetch, options) => invalidateDatabaseTokens(tokensClient(key, fetch), DATABASE_ID, {}, options),
  ],
  ['listDatabaseTokens', 'listDatabaseTokens', (key, fetch, options) => listDatabaseTokens(tokensClient(key, fetch), DATABASE_ID, options)],
  ['database execute', 'runPipeline', async (key, fetch, options) => (await databaseClient(key, fetch)).execute('SELECT 1', [], options)],
  ['database batch', 'runPipeline', async (key, fetch, options) => (await databaseClient(key, fetch)).batch(['SELECT 1'], 'write', options)],
  ['database transaction', 'runPipeline', async (key, fetch, options) => (await (await databaseClient(key, fetch)).transaction('write', options)).close()],
];

// The pipeline's tests share one namespace: a database's first statement is the slow part, and
// each test's fault is used up by its own call (count: 1).
const keyFor = (operationId: string) => (operationId === 'runPipeline' ? 'in-process-client-database' : freshKey());

describe.each(HELPERS)('%s takes the options of a raw call', (_name, operationId, call) => {
  it('adds its headers to the request and runs its middleware', async () => {
    const seen: (string | null)[] = [];
    const middleware: Middleware = { onRequest: ({ request }) => void seen.push(request.headers.get('x-trace')) };
    await call(keyFor(operationId), mock.fetch, { headers: { 'X-Trace': 'trace-1' }, middleware: [middleware] });
    expect(seen.at(-1)).toBe('trace-1');
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const key = keyFor(operationId);
    // The helper's own call is the one aborted: the fetch aborts the signal on the call of the operation.
    const fetch: typeof globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      if (request.headers.get('x-abort') === 'yes') controller.abort(new Error('cancelled by the test'));
      return mock.fetch(request);
    };
    await expect(call(key, fetch, { signal: controller.signal, headers: { 'X-Abort': 'yes' } })).rejects.toThrow(/cancelled by the test/);
  });

  it('retries as its retry says, past a reset connection', async () => {
    const key = keyFor(operationId);
    const attempts: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const headers = input instanceof Request ? input.headers : new Headers(init?.headers); // a new Request would take the body
      const marked = headers.get('x-helper') === 'yes';
      try {
        const response = await mock.fetch(input, init);
        if (marked) attempts.push(response.ok ? 'ok' : String(response.status));
        return response;
      } catch (error) {
        if (marked) attempts.push('network');
        throw error;
      }
    };
    if (operationId === 'runPipeline') await databaseClient(key, mock.fetch); // its tokens first, before the fault
    mock.namespace(key).fault({ operationId, network: 'reset', count: 1 });
    await call(key, fetch, { headers: { 'X-Helper': 'yes' }, retry: { retries: 1, baseDelayMs: 0, methods: ['GET', 'POST'] } });
    expect(attempts).toEqual(['network', 'ok']);
  });

  it('gives up at its timeoutMs', async () => {
    const key = keyFor(operationId);
    if (operationId === 'runPipeline') await databaseClient(key, mock.fetch);
    mock.namespace(key).fault({ operationId, network: 'hang', count: 1 });
    await expect(call(key, mock.fetch, { timeoutMs: 30 })).rejects.toThrow(PlatformTimeoutError);
  });
});
