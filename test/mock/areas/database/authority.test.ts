// Database tokens belong to their namespace and database: a snapshot put into another namespace
// gives no authority over the first; expiry follows the namespace's own clock, on every request
// and on streams already open (HTTP batons and WebSocket); invalidation ends both at once. And a
// WebSocket client that never reads its answers stops the mock from running its requests.
import diagnostics from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { BACKPRESSURE_CHANNEL, MAX_UNSENT_BYTES } from '../../../../packages/mock/src/areas/database/hrana/ws/flow.ts';
import { useDatabaseMock } from '../../../support/database.ts';
import { hranaClient } from '../../../support/hrana-socket.ts';

const mock = useDatabaseMock({}, { port: true });
const DAY = 24 * 60 * 60 * 1000;
const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });
const close = { type: 'close' };
let keys = 0;

async function mint(accessKey: string, body: object = { kinds: ['full_access'] }): Promise<string> {
  const response = await fetch(`${mock.url}/database/my-database/tokens`, {
    method: 'POST',
    headers: { AccessKey: accessKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}
const listed = async (accessKey: string) =>
  ((await (await fetch(`${mock.url}/database/my-database/tokens`, { headers: { AccessKey: accessKey } })).json()) as { tokens: { valid: boolean }[] }).tokens;
async function pipeline(token: string, requests: unknown[], baton?: string | null) {
  const response = await fetch(`${mock.url}/v3/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ baton, requests }),
  });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as { baton: string | null; results: any[] }) : undefined };
}
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${mock.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

const hrana = (token: string) => hranaClient(mock.url.replace(/^http:/, 'ws:'), token);

describe('tokens belong to their namespace', () => {
  it('gives a token no authority in another namespace its snapshot was put into; it still writes to its own', async () => {
    const a = `authority-a-${++keys}`;
    const b = `authority-b-${keys}`;
    const tokenA = await mint(a);
    await pipeline(tokenA, [execute('CREATE TABLE t (x)'), execute("INSERT INTO t VALUES ('a')"), close]);
    const snapshot = await (await control('GET', `/_mock/state?namespace=${a}`)).json();
    expect((await control('PUT', `/_mock/state?namespace=${b}`, snapshot)).status).toBe(200);
    // A's token writes to A only; B has A's rows and lists the copied token as invalid.
    expect((await pipeline(tokenA, [execute("INSERT INTO t VALUES ('written with A')"), close])).body!.results[0].type).toBe('ok');
    expect((await listed(b)).map((token) => token.valid)).toEqual([false]);
    const tokenB = await mint(b);
    const [rowsB] = (await pipeline(tokenB, [execute('SELECT x FROM t ORDER BY rowid'), close])).body!.results;
    expect(rowsB.response.result.rows.map((row: any) => row[0].value)).toEqual(['a']);
    const [rowsA] = (await pipeline(tokenA, [execute('SELECT count(*) FROM t'), close])).body!.results;
    expect(rowsA.response.result.rows[0][0].value).toBe('2');
  });

  it("expires a token by its namespace's clock: refused, listed invalid, and a stream it opened ends", async () => {
    const key = `authority-expiry-${++keys}`;
    const token = await mint(key, { kinds: ['full_access'], expires_in_days: 1 });
    const opened = await pipeline(token, [execute('CREATE TABLE t (x)'), execute('BEGIN'), execute('INSERT INTO t VALUES (1)')]);
    expect(opened.body!.baton).toEqual(expect.any(String));
    const socket = await hrana(token);
    await socket.request({ type: 'open_stream', stream_id: 1 });
    expect((await socket.request({ type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1' } })).type).toBe('response_ok');

    mock.host.mock.namespace(key).clock.advance(2 * DAY);
    expect((await pipeline(token, [execute('SELECT 1'), close])).status).toBe(401);
    expect((await pipeline(token, [execute('COMMIT'), close], opened.body!.baton)).status).toBe(401);
    expect((await listed(key)).map((listedToken) => listedToken.valid)).toEqual([false]);
    const refused = await socket.request({ type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1' } });
    expect(refused).toMatchObject({ type: 'response_error', error: { code: 'STREAM_EXPIRED', message: expect.stringMatching(/expired or was invalidated/) } });
    socket.socket.close();
    // Another namespace's clock did not move: its token of the same lifetime still works.
    const other = `authority-expiry-other-${keys}`;
    const otherToken = await mint(other, { kinds: ['full_access'], expires_in_days: 1 });
    expect((await pipeline(otherToken, [execute('SELECT 1'), close])).body!.results[0].type).toBe('ok');
  });

  it('answers a baton of a stream opened before its tokens were invalidated with 401, and its transaction rolled back', async () => {
    const key = `authority-invalidate-${++keys}`;
    const token = await mint(key);
    const opened = await pipeline(token, [execute('CREATE TABLE t (x)'), execute('BEGIN'), execute('INSERT INTO t VALUES (1)')]);
    expect(
      (
        await fetch(`${mock.url}/database/my-database/tokens/invalidate`, {
          method: 'POST',
          headers: { AccessKey: key, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    expect((await pipeline(token, [execute('COMMIT'), close], opened.body!.baton)).status).toBe(401);
    const fresh = await mint(key);
    const [count] = (await pipeline(fresh, [execute('SELECT count(*) FROM t'), close])).body!.results;
    expect(count.response.result.rows[0][0].value).toBe('0');
  });
});

describe('a WebSocket client that does not read its answers', () => {
  it(`runs no more of its statements once ${MAX_UNSENT_BYTES} bytes of answers wait unread (and stops reading its requests), and answers them all once it reads`, async () => {
    const key = `backpressure-${++keys}`;
    const token = await mint(key);
    await pipeline(token, [execute('CREATE TABLE hits (x)'), close]);
    const held = new Promise<number>((resolve) =>
      diagnostics.subscribe(BACKPRESSURE_CHANNEL, (message) => resolve((message as { unsentBytes: number }).unsentBytes)),
    );
    const { socket, request } = await hrana(token);
    await request({ type: 'open_stream', stream_id: 1 });
    // The client stops reading: answers pile up on the mock's side of the socket.
    (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const SENT = 24;
    const answers = Array.from({ length: SENT }, () =>
      request({ type: 'execute', stream_id: 1, stmt: { sql: 'INSERT INTO hits VALUES (1) RETURNING hex(zeroblob(2000000))' } }),
    );
    const perAnswer = 4_000_000;
    // Bytes held for the client: the bound and the one answer that passed it, no more.
    expect(await held).toBeLessThanOrEqual(MAX_UNSENT_BYTES + perAnswer + 1024);
    const [ran] = (await pipeline(token, [execute('SELECT count(*) FROM hits'), close])).body!.results;
    // Statements run while the client does not read: what the bound and the kernel's socket buffers
    // (at most 16 MiB here) take, plus the one that passed the bound; not one per request running.
    expect(Number(ran.response.result.rows[0][0].value)).toBeLessThanOrEqual(Math.ceil((MAX_UNSENT_BYTES + 16 * 1024 * 1024) / perAnswer) + 1);
    (socket as unknown as { _socket: { resume(): void } })._socket.resume();
    expect((await Promise.all(answers)).every((answer) => answer.type === 'response_ok')).toBe(true);
    socket.close();
  }, 120_000); // 96 MB of answers pass through loopback: slow on a loaded machine, and bounded by work, not time
});
