// The mock's token management operations (general management API, AccessKey header) against
// the contract: every documented status, and one token store per database shared with the pipeline.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHost, type DatabaseMockOptions, startDatabaseHost } from '../../support/database.ts';
import { validateAnswer } from '../../support/openapi.ts';

const STARTUP = { fullAccessToken: 'startup-full-access', readOnlyToken: 'startup-read-only' };
// The start-up tokens belong to the start-up namespace, `default`; another key is another namespace.
const KEY = { AccessKey: 'default' };
const OTHER_KEY = { AccessKey: 'another-access-key' };

interface Answer {
  status: number;
  body: unknown;
}

/** One HTTP request to the mock, with any Host header; the answer is checked against the contract. */
function send(
  mock: DatabaseHost,
  operationId: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const { port } = new URL(mock.url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => {
        const contentType = res.headers['content-type'] ?? '';
        const body = text && /json/.test(contentType) ? JSON.parse(text) : text || undefined;
        const problems = validateAnswer('database', operationId, res.statusCode!, body, contentType || undefined);
        if (problems.length > 0) reject(new Error(`${operationId} ${res.statusCode}: ${problems.join('; ')}`));
        else resolve({ status: res.statusCode!, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pipeline = (mock: DatabaseHost, token: string, host?: string) =>
  send(mock, 'runPipeline', 'POST', '/v2/pipeline', {
    headers: { authorization: `Bearer ${token}`, ...(host ? { host } : {}) },
    body: { requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }] },
  });

function useMock(database: DatabaseMockOptions) {
  const holder: { mock?: DatabaseHost } = {};
  beforeAll(async () => {
    holder.mock = await startDatabaseHost(database, { port: true });
  });
  afterAll(async () => holder.mock?.close());
  return () => holder.mock!;
}

describe('token management on one default database', () => {
  const mock = useMock(STARTUP);
  const tokensPath = '/database/my-database/tokens';

  const refused = [
    { operationId: 'listDatabaseTokens', method: 'GET', path: tokensPath },
    { operationId: 'createDatabaseTokens', method: 'POST', path: tokensPath },
    { operationId: 'invalidateDatabaseTokens', method: 'POST', path: `${tokensPath}/invalidate` },
  ];

  it.each(refused)('$operationId answers 401 without an AccessKey', async ({ operationId, method, path }) => {
    expect((await send(mock(), operationId, method, path, { body: method === 'POST' ? {} : undefined })).status).toBe(401);
  });

  it.each(refused.map((entry) => ({ ...entry, path: entry.path.replace('my-database', 'other-database') })))(
    '$operationId answers 404 for an unknown database',
    async ({ operationId, method, path }) => {
      const answer = await send(mock(), operationId, method, path, { headers: KEY, body: method === 'POST' ? {} : undefined });
      expect(answer).toEqual({ status: 404, body: { error_key: 'database.not_found', message: 'No database with the ID "other-database" in this account.' } });
    },
  );

  const invalid = [
    { name: 'an expiry of 0 days', path: tokensPath, body: { expires_in_days: 0 } },
    { name: 'no kinds', path: tokensPath, body: { kinds: [] } },
    { name: 'an unknown kind', path: tokensPath, body: { kinds: ['admin'] } },
    { name: 'a kind twice', path: tokensPath, body: { kinds: ['read_only', 'read_only'] } },
    { name: 'an unknown field', path: tokensPath, body: { expiry: '30d' } },
    { name: 'a database ID that is not a DNS label', path: '/database/My_Database/tokens', body: {} },
  ];

  it.each(invalid)('createDatabaseTokens answers 400 for $name', async ({ path, body }) => {
    const answer = await send(mock(), 'createDatabaseTokens', 'POST', path, { headers: KEY, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_key: 'request.invalid' });
  });

  it('invalidateDatabaseTokens answers 400 for a regenerate that is not a boolean', async () => {
    const answer = await send(mock(), 'invalidateDatabaseTokens', 'POST', `${tokensPath}/invalidate`, { headers: KEY, body: { regenerate: 'yes' } });
    expect(answer).toMatchObject({ status: 400, body: { error_key: 'request.invalid' } });
  });

  it('generates both kinds without a body and one kind when asked; the start-up tokens are listed without secrets', async () => {
    const both = await send(mock(), 'createDatabaseTokens', 'POST', tokensPath, { headers: KEY });
    expect(both.status).toBe(201);
    expect((both.body as { tokens: { kind: string }[] }).tokens.map((token) => token.kind)).toEqual(['full_access', 'read_only']);
    const one = await send(mock(), 'createDatabaseTokens', 'POST', tokensPath, { headers: KEY, body: { kinds: ['read_only'], expires_in_days: 7 } });
    expect((one.body as { tokens: { kind: string; expires_at: string }[] }).tokens).toMatchObject([{ kind: 'read_only', expires_at: expect.any(String) }]);

    const listing = await send(mock(), 'listDatabaseTokens', 'GET', tokensPath, { headers: KEY });
    const tokens = (listing.body as { tokens: { kind: string; valid: boolean }[] }).tokens;
    expect(tokens.map((token) => [token.kind, token.valid])).toEqual([
      ['full_access', true],
      ['read_only', true],
      ['full_access', true],
      ['read_only', true],
      ['read_only', true],
    ]);
    expect(JSON.stringify(listing.body)).not.toContain(STARTUP.fullAccessToken);
  });

  it('invalidates every token, the start-up tokens included, and counts them', async () => {
    const before = await send(mock(), 'listDatabaseTokens', 'GET', tokensPath, { headers: KEY });
    const validBefore = (before.body as { tokens: { valid: boolean }[] }).tokens.filter((token) => token.valid).length;
    const answer = await send(mock(), 'invalidateDatabaseTokens', 'POST', `${tokensPath}/invalidate`, { headers: KEY });
    expect(answer.body).toMatchObject({ invalidated: validBefore, tokens: [] });
    expect((await pipeline(mock(), STARTUP.fullAccessToken)).status).toBe(401);
    const again = await send(mock(), 'invalidateDatabaseTokens', 'POST', `${tokensPath}/invalidate`, { headers: KEY, body: { regenerate: true } });
    expect(again.body).toMatchObject({ invalidated: 0 });
    const [fresh] = (again.body as { tokens: { token: string }[] }).tokens;
    expect((await pipeline(mock(), fresh!.token)).status).toBe(200);
  });
});

describe('token management with one database per host name', () => {
  const mock = useMock({ ...STARTUP, perHost: true });

  it('keeps one token store per database: invalidating one leaves the others alone', async () => {
    const port = new URL(mock().url).port;
    const host = (id: string) => `${id}.localhost:${port}`;
    const issued = await send(mock(), 'createDatabaseTokens', 'POST', '/database/alpha/tokens', { headers: KEY });
    expect(issued.body).toMatchObject({ database_id: 'alpha', database_url: `libsql://alpha.localhost:${port}?tls=0` });
    const alphaToken = (issued.body as { tokens: { token: string }[] }).tokens[0]!.token;

    expect((await pipeline(mock(), alphaToken, host('alpha'))).status).toBe(200);
    expect((await pipeline(mock(), alphaToken, host('beta'))).status).toBe(401);

    await send(mock(), 'invalidateDatabaseTokens', 'POST', '/database/alpha/tokens/invalidate', { headers: KEY });
    expect((await pipeline(mock(), alphaToken, host('alpha'))).status).toBe(401);
    expect((await pipeline(mock(), STARTUP.fullAccessToken, host('alpha'))).status).toBe(401);
    expect((await pipeline(mock(), STARTUP.fullAccessToken, host('beta'))).status).toBe(200);
  });
});

describe('token management per access key (namespace)', () => {
  const mock = useMock(STARTUP);
  const tokensPath = '/database/my-database/tokens';

  it("keeps each access key's tokens and database apart from the start-up namespace", async () => {
    const listing = await send(mock(), 'listDatabaseTokens', 'GET', tokensPath, { headers: OTHER_KEY });
    expect(listing.body).toEqual({ database_id: 'my-database', tokens: [] });
    const issued = await send(mock(), 'createDatabaseTokens', 'POST', tokensPath, { headers: OTHER_KEY });
    const own = (issued.body as { tokens: { token: string }[] }).tokens[0]!.token;
    const write = (token: string, sql: string) =>
      send(mock(), 'runPipeline', 'POST', '/v2/pipeline', {
        headers: { authorization: `Bearer ${token}` },
        body: { requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] },
      });
    await write(own, 'CREATE TABLE mine (x)');
    const fromStartUp = (await write(STARTUP.fullAccessToken, 'SELECT count(*) FROM mine')).body as {
      results: { type: string; error?: { message: string } }[];
    };
    expect(fromStartUp.results[0]).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/no such table: mine/) } });
    // Invalidating the other namespace's tokens leaves the start-up tokens valid.
    await send(mock(), 'invalidateDatabaseTokens', 'POST', `${tokensPath}/invalidate`, { headers: OTHER_KEY });
    expect((await pipeline(mock(), own)).status).toBe(401);
    expect((await pipeline(mock(), STARTUP.fullAccessToken)).status).toBe(200);
  });
});

describe('createDatabaseTokensClient', () => {
  let mock: DatabaseHost;
  beforeAll(async () => {
    mock = await startDatabaseHost(STARTUP, { port: true });
  });
  afterAll(() => mock.close());

  it('yields a typed failure for an unknown database, and none for a known one', async () => {
    const { createDatabaseTokensClient, DatabaseTokensApiError } = await import('@platform-contracts/client');
    const tokens = createDatabaseTokensClient({ accessKey: 'secret-access-key', baseUrl: mock.url });
    const unknown = await tokens.GET('/database/{databaseId}/tokens', { params: { path: { databaseId: 'no-such-database' } } });
    expect(unknown.failure).toBeInstanceOf(DatabaseTokensApiError);
    expect(unknown.failure).toMatchObject({ status: 404, method: 'GET', body: { error_key: expect.any(String) } });
    expect(String(unknown.failure)).not.toContain('secret-access-key');
    await tokens.POST('/database/{databaseId}/tokens', { params: { path: { databaseId: 'my-database' } } });
    const known = await tokens.GET('/database/{databaseId}/tokens', { params: { path: { databaseId: 'my-database' } } });
    expect(known.failure).toBeUndefined();
    expect(known.data?.tokens.map((token) => token.kind)).toEqual(['full_access', 'read_only']);
  });
});
