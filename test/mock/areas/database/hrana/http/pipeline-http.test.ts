// The pipeline over HTTP as sqld takes it: a JSON body whatever its Content-Type (or none), a
// body limit of its own (a 10,000-statement batch passes the mock-wide 1 MiB cap), tokens whose
// invalidation ends their open streams at once, and an expiry past the latest date answered 400.
// The Protobuf encoding (/v3-protobuf) is hrana/protobuf/protobuf-http.test.ts's.
import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { optionsFromFlags } from '../../../../../../packages/mock/src/areas/database/namespaces/options.ts';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../../../../support/database.ts';
import { loadBundle, validateAnswer } from '../../../../../support/openapi.ts';

const PIPELINE_LIMIT = 2_000_000;
const mock = useDatabaseMock({ maxPipelineBodyBytes: PIPELINE_LIMIT, lockWaitMs: 300 }, { port: true });

/** A raw POST, headers exactly as given (no Content-Type unless listed). */
function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; contentType?: string; body: any }> {
  const { port } = new URL(mock.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: res.headers['content-type'],
            body: /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(text) : text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const bearer = (token = FULL_ACCESS_TOKEN) => ({ authorization: `Bearer ${token}` });
const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });

describe('the body of a pipeline', () => {
  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['application/octet-stream', { 'content-type': 'application/octet-stream' }],
  ])('is read as JSON with %s, as sqld reads it', async (_name, contentType) => {
    const answer = await post('/v3/pipeline', { ...bearer(), ...contentType }, JSON.stringify({ requests: [execute('SELECT 6 * 7'), { type: 'close' }] }));
    expect(answer.status).toBe(200);
    expect(answer.body.results[0].response.result.rows).toEqual([[{ type: 'integer', value: '42' }]]);
    expect(validateAnswer('database', 'runPipelineV3', answer.status, answer.body, answer.contentType)).toEqual([]);
  });

  it('still answers 400 for a body that is not JSON', async () => {
    mock.allowInvalidRequests();
    const answer = await post('/v2/pipeline', bearer(), 'requests=SELECT 1');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/not valid JSON/);
  });

  it('takes a 10,000-statement batch past the mock-wide 1 MiB cap, one result per statement', async () => {
    const label = (i: number) => `statement number ${i} with an argument long enough to weigh like real data`;
    const steps = Array.from({ length: 10_000 }, (_, i) => ({ stmt: { sql: 'SELECT ? AS label', args: [{ type: 'text', value: label(i) }] } }));
    const body = JSON.stringify({ requests: [{ type: 'batch', batch: { steps } }, { type: 'close' }] });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const answer = await post('/v2/pipeline', bearer(), body);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const results = answer.body.results[0].response.result.step_results;
    expect(results).toHaveLength(10_000);
    expect(results[9_999].rows).toEqual([[{ type: 'text', value: label(9_999) }]]);
  });

  it('is refused 413 above the pipeline limit, naming the option that raises it', async () => {
    const answer = await post('/v2/pipeline', bearer(), JSON.stringify({ requests: [execute(`SELECT '${'x'.repeat(PIPELINE_LIMIT)}'`)] }));
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toBe(
      `The mock accepts bodies of at most ${PIPELINE_LIMIT} bytes here; the database option maxPipelineBodyBytes (--db-max-pipeline-body-bytes) raises it.`,
    );
  });

  it('has a flag of its own', () => {
    expect(optionsFromFlags({ 'db-max-pipeline-body-bytes': '2000000' })).toMatchObject({ maxPipelineBodyBytes: 2_000_000 });
    expect(() => optionsFromFlags({ 'db-max-pipeline-body-bytes': '1.5MB' })).toThrow(/--db-max-pipeline-body-bytes must be a whole number/);
  });
});

describe('tokens', () => {
  const KEY = { AccessKey: 'http-tokens', 'content-type': 'application/json' };
  const manage = async (path: string, body: unknown, operationId: string) => {
    const response = await fetch(`${mock.url}/database/my-database/tokens${path}`, { method: 'POST', headers: KEY, body: JSON.stringify(body) });
    const answer = { status: response.status, body: await response.json() };
    expect(validateAnswer('database', operationId, answer.status, answer.body, 'application/json')).toEqual([]);
    return answer;
  };
  const mint = async () => (await manage('', { kinds: ['full_access'] }, 'createDatabaseTokens')).body.tokens[0].token as string;

  it("answers 400 for an expiry beyond the contract's maximum (2147483647 days once answered 500), and takes the maximum", async () => {
    mock.allowInvalidRequests();
    const maximum = loadBundle('database').components.schemas.CreateDatabaseTokensRequest.properties.expires_in_days.maximum as number;
    const refused = await manage('', { expires_in_days: 2_147_483_647 }, 'createDatabaseTokens');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_key: 'request.invalid', message: expect.stringMatching(new RegExp(`expires_in_days: must be <= ${maximum}`)) });
    const issued = await manage('', { kinds: ['read_only'], expires_in_days: maximum }, 'createDatabaseTokens');
    expect(issued.status).toBe(201);
    expect(Date.parse(issued.body.tokens[0].expires_at) - Date.now()).toBeGreaterThan((maximum - 1) * 86_400_000);
  });

  it('ends the open HTTP streams of invalidated tokens at once, rolling back and releasing the write lock', async () => {
    const token = await mint();
    await post('/v2/pipeline', bearer(token), JSON.stringify({ requests: [execute('CREATE TABLE held (v TEXT)'), { type: 'close' }] }));
    const holder = await post(
      '/v2/pipeline',
      bearer(token),
      JSON.stringify({ requests: [execute('BEGIN IMMEDIATE'), execute("INSERT INTO held VALUES ('uncommitted')")] }),
    );
    expect(holder.body.baton).toEqual(expect.any(String));

    expect((await manage('/invalidate', {}, 'invalidateDatabaseTokens')).status).toBe(200);
    const other = await mint();
    // lockWaitMs is 300 ms: a lock still held would answer SQLITE_BUSY.
    const write = await post(
      '/v2/pipeline',
      bearer(other),
      JSON.stringify({ requests: [execute("INSERT INTO held VALUES ('next')"), execute('SELECT v FROM held'), { type: 'close' }] }),
    );
    expect(write.body.results[0].type).toBe('ok');
    expect(write.body.results[1].response.result.rows).toEqual([[{ type: 'text', value: 'next' }]]);
    const continued = await post('/v2/pipeline', bearer(token), JSON.stringify({ baton: holder.body.baton, requests: [execute('COMMIT')] }));
    expect(continued.status).toBe(401); // the token itself is refused before its baton is looked at
  });
});

describe('a long answer', () => {
  const rows = (text: string) =>
    execute(`WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < 1000) SELECT v, '${text} ' || v, v * 1.5 FROM c`);
  it.each([
    ['ASCII', 'row'],
    ['beyond ASCII', 'ligne é €'],
  ])('goes with the length its SQL worker knows (%s): its text not counted again on the HTTP thread, the Content-Length true', async (_, text) => {
    const counted: number[] = [];
    const byteLength = Buffer.byteLength;
    const spy = vi.spyOn(Buffer, 'byteLength').mockImplementation((value, encoding) => {
      if (typeof value === 'string' && value.length >= 16 * 1024) counted.push(value.length);
      return byteLength(value, encoding);
    });
    try {
      const response = await fetch(`${mock.url}/v2/pipeline`, {
        method: 'POST',
        headers: { ...bearer(), 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [rows(text), { type: 'close' }] }),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(200);
      expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
      expect(JSON.parse(bytes.toString('utf8')).results[0].response.result.rows[999][1]).toEqual({ type: 'text', value: `${text} 1000` });
      expect(counted, 'byteLength over a long text on the HTTP thread').toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
