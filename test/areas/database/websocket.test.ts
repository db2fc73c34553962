// Hrana over WebSocket on the mock's port: the same results as over HTTP, rows of every kind of
// value written on the SQL thread for both; @libsql/client with ws:// URLs and
// @libsql/hrana-client's openWs (execute, batch, interactive transactions, a cursor over 1,000
// rows, Read Only refusal, a bad token), the protocol's own rules with a bare `ws` client
// (subprotocols, versions, hello first), invalidation ending WebSocket streams at once, and the
// upgrade refused, never redirected, where no WebSocket is served.

import { type Client, createClient } from '@libsql/client';
import * as hrana from '@libsql/hrana-client';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FULL_ACCESS_TOKEN, READ_ONLY_TOKEN, useDatabaseMock } from '../../support/database.ts';
import { hranaClient, hranaSocket } from '../../support/hrana-socket.ts';

const MAX_MESSAGE = 100_000;
const mock = useDatabaseMock({ lockWaitMs: 300, maxPipelineBodyBytes: MAX_MESSAGE }, { port: true });
const wsUrl = () => mock.url.replace(/^http:/, 'ws:');
const closers: { close(): void }[] = [];
afterAll(() => closers.forEach((client) => client.close()));
const libsqlWs = (authToken: string): Client => {
  const client = createClient({ url: wsUrl(), authToken });
  closers.push(client);
  return client;
};
const openWs = (token: string) => {
  const client = hrana.openWs(wsUrl(), token, 3);
  closers.push(client);
  return client;
};

/** A bare WebSocket at the mock's path: its messages as parsed JSON, in order, and how it closed. */
const rawSocket = (protocols: string[], path = '/') => hranaSocket(`${wsUrl()}${path}`, protocols);

/** The HTTP answer to a WebSocket handshake the mock refuses. */
function refusedHandshake(protocols: string[], path = '/', origin?: string): Promise<{ status: number; contentType?: string; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsUrl()}${path}`, protocols, { origin });
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, contentType: response.headers['content-type'], body: JSON.parse(text) }));
    });
    socket.on('open', () => reject(new Error('the handshake succeeded')));
    socket.on('error', () => undefined);
  });
}

describe('@libsql/client over ws://', () => {
  it('executes, runs a batch and an interactive transaction (committed, then rolled back)', async () => {
    const db = libsqlWs(FULL_ACCESS_TOKEN);
    await db.execute('CREATE TABLE ws_notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const inserted = await db.execute({ sql: 'INSERT INTO ws_notes (body) VALUES (?)', args: ['first'] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(1n);

    const [, , count] = await db.batch(
      ["INSERT INTO ws_notes (body) VALUES ('second')", "INSERT INTO ws_notes (body) VALUES ('third')", 'SELECT count(*) AS n FROM ws_notes'],
      'write',
    );
    expect(count!.rows[0]!.n).toBe(3);

    const committed = await db.transaction('write');
    await committed.execute("INSERT INTO ws_notes (body) VALUES ('in a transaction')");
    expect((await committed.execute('SELECT count(*) AS n FROM ws_notes')).rows[0]!.n).toBe(4);
    await committed.commit();

    const rolledBack = await db.transaction('write');
    await rolledBack.execute("INSERT INTO ws_notes (body) VALUES ('never')");
    await rolledBack.rollback();
    const rows = await db.execute('SELECT body FROM ws_notes ORDER BY id');
    expect(rows.rows.map((row) => row.body)).toEqual(['first', 'second', 'third', 'in a transaction']);
  });

  it('refuses a write with the Read Only token and lets it read', async () => {
    const readOnly = libsqlWs(READ_ONLY_TOKEN);
    await expect(readOnly.execute("INSERT INTO ws_notes (body) VALUES ('sneaky')")).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    expect((await readOnly.execute('SELECT count(*) AS n FROM ws_notes')).rows[0]!.n).toBe(4);
  });

  it('fails every call made with a token the mock does not know', async () => {
    await expect(libsqlWs('not-a-token').execute('SELECT 1')).rejects.toThrow(/Authentication failed/);
  });
});

describe('@libsql/hrana-client openWs', () => {
  it('speaks hrana3 and reads 1,000 rows through a cursor, with stored SQL', async () => {
    const client = openWs(FULL_ACCESS_TOKEN);
    expect(await client.getVersion()).toBe(3);
    const stream = client.openStream();
    await stream.run('CREATE TABLE ws_numbers (n INTEGER PRIMARY KEY)');
    await stream.run('WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000) INSERT INTO ws_numbers SELECT n FROM c');

    const batch = stream.batch(true); // a cursor: open_cursor, then fetch_cursor until done
    const rows = batch.step().query('SELECT n FROM ws_numbers ORDER BY n');
    await batch.execute();
    const values = (await rows)!.rows.map((row) => row.n);
    expect(values).toHaveLength(1000);
    expect(values[0]).toBe(1);
    expect(values[999]).toBe(1000);

    const sum = client.storeSql('SELECT sum(n) AS total FROM ws_numbers WHERE n <= ?');
    expect((await stream.queryValue([sum, [10]])).value).toBe(55);
    sum.close();
    expect((await stream.queryValue('SELECT count(*) FROM ws_numbers')).value).toBe(1000);
    stream.close();
  });

  it('closes the client with the hello error for a bad token', async () => {
    const client = openWs('not-a-token');
    const stream = client.openStream();
    await expect(stream.queryValue('SELECT 1')).rejects.toThrow(/Authentication failed/);
  });
});

describe('the protocol with a bare WebSocket', () => {
  const hello = { type: 'hello', jwt: FULL_ACCESS_TOKEN };
  const request = (id: number, body: unknown) => ({ type: 'request', request_id: id, request: body });

  it('picks hrana2 when offered, refuses a version 3 request there, and keeps the connection', async () => {
    const ws = await rawSocket(['hrana2']);
    expect(ws.socket.protocol).toBe('hrana2');
    ws.send(hello);
    ws.send(request(1, { type: 'open_stream', stream_id: 7 }));
    ws.send(request(2, { type: 'get_autocommit', stream_id: 7 }));
    ws.send(request(3, { type: 'execute', stream_id: 7, stmt: { sql: 'SELECT 41 + 1 AS answer', want_rows: true } }));
    expect(await ws.next()).toEqual({ type: 'hello_ok' });
    expect(await ws.next()).toEqual({ type: 'response_ok', request_id: 1, response: { type: 'open_stream' } });
    expect(await ws.next()).toMatchObject({
      type: 'response_error',
      request_id: 2,
      error: { code: 'PROTOCOL_VERSION', message: expect.stringMatching(/needs subprotocol hrana3/) },
    });
    expect(await ws.next()).toMatchObject({
      type: 'response_ok',
      request_id: 3,
      response: { type: 'execute', result: { rows: [[{ type: 'integer', value: '42' }]] } },
    });
    ws.socket.close();
  });

  it('speaks Hrana 1 to a client that offers no subprotocol, as sqld does', async () => {
    const ws = await rawSocket([]);
    expect(ws.socket.protocol).toBe('');
    ws.send(hello);
    ws.send(request(1, { type: 'open_stream', stream_id: 1 }));
    ws.send(request(2, { type: 'sequence', stream_id: 1, sql: 'SELECT 1' }));
    ws.send(request(3, { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1' } }));
    const answers = [await ws.next(), await ws.next(), await ws.next(), await ws.next()];
    expect(answers.slice(0, 2).map((answer) => answer.type)).toEqual(['hello_ok', 'response_ok']);
    expect(answers[2]).toMatchObject({
      request_id: 2,
      error: { code: 'PROTOCOL_VERSION', message: expect.stringMatching(/needs subprotocol hrana2; this connection speaks hrana1/) },
    });
    expect(answers[3]).toMatchObject({ request_id: 3, type: 'response_ok' });
    ws.socket.close();
  });

  it('answers an invalid statement with the contract schema problem, an unknown stream and a second cursor on a stream with an error', async () => {
    const ws = await rawSocket(['hrana3']);
    ws.send(hello);
    ws.send(request(1, { type: 'open_stream', stream_id: 1 }));
    ws.send(request(2, { type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1', args: 'not an array' } }));
    ws.send(request(3, { type: 'execute', stream_id: 99, stmt: { sql: 'SELECT 1' } }));
    await ws.next();
    await ws.next();
    expect(await ws.next()).toMatchObject({ request_id: 2, error: { code: 'REQUEST_INVALID', message: expect.stringMatching(/args/) } });
    expect(await ws.next()).toMatchObject({ request_id: 3, error: { code: 'STREAM_NOT_FOUND' } });
    // One cursor per stream at a time, as the protocol has the client wait for close_cursor.
    const batch = { steps: [{ stmt: { sql: 'SELECT 1' } }] };
    ws.send(request(4, { type: 'open_cursor', stream_id: 1, cursor_id: 1, batch }));
    ws.send(request(5, { type: 'open_cursor', stream_id: 1, cursor_id: 2, batch }));
    ws.send(request(6, { type: 'fetch_cursor', cursor_id: 1, max_count: 10 }));
    // Answers may come in any order: by request id.
    const answers = new Map<number, any>();
    for (let i = 0; i < 3; i++) {
      const message = await ws.next();
      answers.set(message.request_id, message);
    }
    expect(answers.get(4)).toEqual({ type: 'response_ok', request_id: 4, response: { type: 'open_cursor' } });
    expect(answers.get(5)).toMatchObject({ type: 'response_error', error: { code: 'CURSOR_EXISTS' } });
    expect(answers.get(6)).toMatchObject({
      response: {
        type: 'fetch_cursor',
        done: true,
        entries: [{ type: 'step_begin', step: 0 }, { type: 'row', row: [{ type: 'integer', value: '1' }] }, { type: 'step_end' }],
      },
    });
    ws.socket.close();
  });

  it('closes the connection with a protocol error when a request comes before hello', async () => {
    const ws = await rawSocket(['hrana3']);
    ws.send(request(1, { type: 'open_stream', stream_id: 1 }));
    expect(await ws.closed).toEqual({ code: 1002, reason: 'The first message must be a hello' });
  });

  it('closes the connection with 1009 (message too big) for a message over the pipeline body limit', async () => {
    const ws = await rawSocket(['hrana3']);
    ws.send(hello);
    expect(await ws.next()).toEqual({ type: 'hello_ok' });
    ws.send(request(1, { type: 'store_sql', sql_id: 1, sql: `SELECT '${'x'.repeat(MAX_MESSAGE)}'` }));
    expect((await ws.closed).code).toBe(1009);
  });

  it('refuses, with a 400 naming what it serves, a handshake offering only the Protobuf subprotocol', async () => {
    const refused = await refusedHandshake(['hrana3-protobuf']);
    expect(refused.status).toBe(400);
    expect(refused.contentType).toBe('application/problem+json');
    expect(refused.body.detail).toMatch(/hrana3, hrana2, hrana1 \(JSON\); the client offered hrana3-protobuf/);
  });

  it('refuses with 403, before the hello, a handshake from a web page of a foreign origin', async () => {
    const refused = await refusedHandshake(['hrana3'], '/', 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/--cors-origin/);
  });

  it('refuses an upgrade on a path without a WebSocket with a 404 naming where one is, never a redirect', async () => {
    const refused = await refusedHandshake(['hrana3'], '/docs/');
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({
      title: 'No WebSocket endpoint',
      detail: expect.stringMatching(/No WebSocket endpoint at \/docs\/\. .*database: Hrana over WebSocket at \//),
    });
  });
});

describe('invalidating tokens', () => {
  const KEY = { AccessKey: 'ws-invalidation', 'content-type': 'application/json' };
  const mint = async () => {
    const response = await fetch(`${mock.url}/database/my-database/tokens`, { method: 'POST', headers: KEY, body: JSON.stringify({ kinds: ['full_access'] }) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
  };

  it('ends the WebSocket streams of the invalidated tokens at once, rolling back and releasing the write lock', async () => {
    const client = openWs(await mint());
    const stream = client.openStream();
    await stream.run('CREATE TABLE held (v TEXT)');
    await stream.run('BEGIN IMMEDIATE');
    await stream.run("INSERT INTO held VALUES ('uncommitted')");

    const invalidated = await fetch(`${mock.url}/database/my-database/tokens/invalidate`, { method: 'POST', headers: KEY, body: '{}' });
    expect(invalidated.status).toBe(200);

    await expect(stream.run("INSERT INTO held VALUES ('after')")).rejects.toMatchObject({
      code: 'STREAM_EXPIRED',
      message: expect.stringMatching(/token was invalidated/),
    });
    // A new token writes at once (lockWaitMs is 300 ms: a held lock would answer SQLITE_BUSY), and the uncommitted row is gone.
    const other = libsqlWs(await mint());
    await other.execute("INSERT INTO held VALUES ('next')");
    expect((await other.execute('SELECT v FROM held')).rows.map((row) => row.v)).toEqual(['next']);
    // The connection's token no longer opens streams.
    await expect(client.openStream().queryValue('SELECT 1')).rejects.toMatchObject({ code: 'STREAM_NOT_OPEN' });
  });
});

describe('a reset of the namespace', () => {
  it('ends its WebSocket streams, whose next request answers STREAM_EXPIRED', async () => {
    const KEY = { AccessKey: 'ws-reset', 'content-type': 'application/json' };
    const minted = await fetch(`${mock.url}/database/my-database/tokens`, { method: 'POST', headers: KEY, body: JSON.stringify({ kinds: ['full_access'] }) });
    const client = openWs(((await minted.json()) as { tokens: { token: string }[] }).tokens[0]!.token);
    const stream = client.openStream();
    await stream.run('CREATE TABLE kept (v)');
    expect((await fetch(`${mock.url}/_mock/reset?namespace=ws-reset`, { method: 'POST', headers: { 'X-Mock-Control': '1' } })).status).toBe(200);
    await expect(stream.run('SELECT * FROM kept')).rejects.toMatchObject({ code: 'STREAM_EXPIRED', message: expect.stringMatching(/reset/) });
  });
});

describe('results over WebSocket', () => {
  it('are those of the same statements over HTTP, for every kind of value, in an execute and in a batch', async () => {
    const every = "SELECT NULL, 1, -9223372036854775808, 9007199254740993, 2.5, -0.0, 1e21, 'a\u2028\"\\', CAST(x'ff41' AS TEXT), x'00ff01', ''";
    const many = 'WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < 300) SELECT v, v * 0.5, hex(v) FROM c';
    const requests = [
      { type: 'execute', stmt: { sql: every } },
      { type: 'execute', stmt: { sql: many } },
      { type: 'batch', batch: { steps: [{ stmt: { sql: many } }, { stmt: { sql: 'SELEC 1' } }, { stmt: { sql: every } }] } },
    ];
    const timeless = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/"query_duration_ms":[0-9.e+-]+/g, '"query_duration_ms":0'));
    const http = await fetch(`${mock.url}/v2/pipeline`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
    const overHttp = ((await http.json()) as { results: { response: unknown }[] }).results.map((result) => timeless(result.response));
    const ws = await hranaClient(wsUrl(), FULL_ACCESS_TOKEN);
    closers.push(ws.socket);
    await ws.request({ type: 'open_stream', stream_id: 1 });
    const overWs = [];
    for (const request of requests) overWs.push(timeless((await ws.request({ ...request, stream_id: 1 })).response));
    expect(overWs).toEqual(overHttp);
    expect(overHttp[1].result.rows).toHaveLength(300);
  });
});
