// What libSQL's own clients see of libSQL's server (sqld), seen of the mock: values round-trip
// as sqld round-trips them on every transport (a `float` is REAL whatever its JSON text, an
// `integer` exact to the 64-bit bounds), the stored-SQL limits are sqld's (50 per HTTP stream,
// 150 per WebSocket connection), and batch conditions nested past sqld's bound (serde_json's
// 128 levels) answer the protocol's error, never a 5xx or a hang. Then the same through
// @libsql/client (HTTP, WebSocket) and @libsql/hrana-client (HTTP; WebSocket hrana2 and hrana3).
import { type Client, createClient, type IntMode } from '@libsql/client';
import * as hrana from '@libsql/hrana-client';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_STORED_SQL as HTTP_MAX_STORED_SQL } from '../../../../../packages/mock/src/areas/database/hrana/pipeline-runner.ts';
import { MAX_CURSOR_FETCH_BYTES, MAX_STORED_SQL as WS_MAX_STORED_SQL } from '../../../../../packages/mock/src/areas/database/hrana/ws/requests.ts';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../../../support/database.ts';
import { hranaSocket, wsRequest } from '../../../../support/hrana-socket.ts';

const mock = useDatabaseMock({}, { port: true });
const wsUrl = () => mock.url.replace(/^http:/, 'ws:');
const closers: { close(): void }[] = [];
afterAll(() => closers.forEach((client) => client.close()));

type Json = any;
/** A POST of JSON text exactly as given (numbers written as JavaScript writes them). */
async function postText(path: string, text: string): Promise<{ status: number; text: string }> {
  const response = await mock.fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
    body: text,
  });
  return { status: response.status, text: await response.text() };
}
const execute = (sql: string, args: unknown[] = []) => ({ type: 'execute', stmt: { sql, args } });
const close = { type: 'close' };

/** A greeted WebSocket of this subprotocol, with one stream (id 1) open; `ask` sends a request and gives its answer. */
async function wsStream(protocol = 'hrana3') {
  const ws = await hranaSocket(wsUrl(), [protocol]);
  ws.send({ type: 'hello', jwt: FULL_ACCESS_TOKEN });
  expect(await ws.next()).toEqual({ type: 'hello_ok' });
  let id = 0;
  const ask = async (request: unknown) => {
    ws.send(wsRequest(++id, request));
    return ws.next();
  };
  expect((await ask({ type: 'open_stream', stream_id: 1 })).type).toBe('response_ok');
  closers.push({ close: () => ws.socket.close() });
  return { ws, ask };
}

// JavaScript writes 1e18 as 1000000000000000000 and 2^63 as 9223372036854776000: floats by
// type, integers by their text. sqld reads every `float` as an f64 (REAL).
const FLOATS: [string, number][] = [
  ['1000000000000000000', 1e18],
  ['-1000000000000000000', -1e18],
  ['9223372036854776000', 2 ** 63],
  ['18446744073709552000', 2 ** 64],
  ['12.345', 12.345],
  ['0', 0],
  ['1.7976931348623157e+308', Number.MAX_VALUE],
  ['5e-324', Number.MIN_VALUE],
];
const INTEGERS = ['9223372036854775807', '-9223372036854775808', '0', '-1', '9007199254740993'];

describe('values round-trip as sqld round-trips them', () => {
  const floatsBody = (path: string) => {
    const args = FLOATS.map(([text]) => `{"type":"float","value":${text}}`);
    const sql = `SELECT ${FLOATS.map((_, i) => `?${i + 1}, typeof(?${i + 1})`).join(', ')}`;
    return path === '/v3/cursor'
      ? `{"batch":{"steps":[{"stmt":{"sql":${JSON.stringify(sql)},"args":[${args}]}}]}}`
      : `{"requests":[{"type":"execute","stmt":{"sql":${JSON.stringify(sql)},"args":[${args}]}},{"type":"close"}]}`;
  };
  const expectedRow = FLOATS.flatMap(([, value]) => [
    { type: 'float', value },
    { type: 'text', value: 'real' },
  ]);

  it.each(['/v2/pipeline', '/v3/pipeline'])('a float is REAL whatever its JSON text, over %s', async (path) => {
    const answer = await postText(path, floatsBody(path));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).results[0].response.result.rows).toEqual([expectedRow]);
  });

  it('a float is REAL whatever its JSON text, over /v3/cursor', async () => {
    const answer = await postText('/v3/cursor', floatsBody('/v3/cursor'));
    const lines = answer.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.find((line) => line.type === 'row')).toEqual({ type: 'row', row: expectedRow });
    await postText('/v2/pipeline', JSON.stringify({ baton: lines[0].baton, requests: [close] }));
  });

  it.each(['hrana3', 'hrana2'])('a float is REAL whatever its JSON text, over WebSocket (%s)', async (protocol) => {
    const { ws, ask } = await wsStream(protocol);
    const sql = `SELECT ${FLOATS.map((_, i) => `?${i + 1}, typeof(?${i + 1})`).join(', ')}`;
    ws.socket.send(
      `{"type":"request","request_id":99,"request":{"type":"execute","stream_id":1,"stmt":{"sql":${JSON.stringify(sql)},"args":[${FLOATS.map(([text]) => `{"type":"float","value":${text}}`)}]}}}`,
    );
    expect((await ws.next()).response.result.rows).toEqual([expectedRow]);
    expect((await ask({ type: 'close_stream', stream_id: 1 })).type).toBe('response_ok');
  });

  it('an integer is exact to the 64-bit bounds, and one past them is refused; text and blob are unchanged, on every transport', async () => {
    const values = [
      ...INTEGERS.map((value) => ({ type: 'integer', value })),
      { type: 'text', value: 'a\n\r\t žluťoučký kůň \u0000 😀' },
      { type: 'blob', base64: Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString('base64') },
      { type: 'blob', base64: '' },
      { type: 'null' },
    ];
    const sql = `SELECT ${values.map((_, i) => `?${i + 1}`).join(', ')}`;
    const http = JSON.parse(
      (
        await postText(
          '/v3/pipeline',
          JSON.stringify({ requests: [execute(sql, values), execute('SELECT ?', [{ type: 'integer', value: '9223372036854775808' }]), close] }),
        )
      ).text,
    );
    expect(http.results[0].response.result.rows).toEqual([values]);
    expect(http.results[1]).toMatchObject({ type: 'error', error: { code: 'ARGS_INVALID' } });
    const { ask } = await wsStream();
    expect((await ask({ type: 'execute', stream_id: 1, stmt: { sql, args: values } })).response.result.rows).toEqual([values]);
  });
});

describe("sqld's limits on stored SQL texts", () => {
  it(`stores ${HTTP_MAX_STORED_SQL} texts per HTTP stream, and refuses one more with SQL_STORE_TOO_MANY`, async () => {
    expect(HTTP_MAX_STORED_SQL).toBe(50); // MAX_SQL_COUNT of src/hrana/http/request.rs
    const stores = Array.from({ length: 51 }, (_, id) => ({ type: 'store_sql', sql_id: id, sql: `SELECT ${id}` }));
    const answer = JSON.parse(
      (await postText('/v2/pipeline', JSON.stringify({ requests: [...stores, { type: 'execute', stmt: { sql_id: 49 } }, close] }))).text,
    );
    expect(answer.results.slice(0, 50).every((result: Json) => result.type === 'ok')).toBe(true);
    expect(answer.results[50]).toMatchObject({ type: 'error', error: { code: 'SQL_STORE_TOO_MANY' } });
    expect(answer.results[51].response.result.rows).toEqual([[{ type: 'integer', value: '49' }]]);
  });

  it(`stores ${WS_MAX_STORED_SQL} texts per WebSocket connection, and refuses one more with SQL_STORE_TOO_MANY`, async () => {
    expect(WS_MAX_STORED_SQL).toBe(150); // MAX_SQL_COUNT of src/hrana/ws/session.rs
    const { ask } = await wsStream();
    for (let id = 0; id < 150; id++) expect(await ask({ type: 'store_sql', sql_id: id, sql: `SELECT ${id}` })).toMatchObject({ type: 'response_ok' });
    expect(await ask({ type: 'store_sql', sql_id: 150, sql: 'SELECT 150' })).toMatchObject({
      type: 'response_error',
      error: { code: 'SQL_STORE_TOO_MANY', message: 'The server already stores 150 SQL texts, it cannot store more' },
    });
    expect((await ask({ type: 'execute', stream_id: 1, stmt: { sql_id: 149 } })).response.result.rows).toEqual([[{ type: 'integer', value: '149' }]]);
    expect(await ask({ type: 'close_sql', sql_id: 0 })).toMatchObject({ type: 'response_ok' });
    expect(await ask({ type: 'store_sql', sql_id: 150, sql: 'SELECT 150' })).toMatchObject({ type: 'response_ok' });
  });

  it('bounds the bytes a WebSocket connection stores in all, with SQL_STORE_TOO_LARGE', async () => {
    const { ask } = await wsStream();
    const large = `SELECT '${'x'.repeat(300_000)}'`;
    for (let id = 0; id < 3; id++) expect(await ask({ type: 'store_sql', sql_id: id, sql: large })).toMatchObject({ type: 'response_ok' });
    expect(await ask({ type: 'store_sql', sql_id: 3, sql: large })).toMatchObject({ type: 'response_error', error: { code: 'SQL_STORE_TOO_LARGE' } });
  });
});

describe("sqld's cursor pages over WebSocket", () => {
  it('answers a fetch_cursor with entries up to max_count, stopping once they reach an eighth of 10 MB', async () => {
    expect(MAX_CURSOR_FETCH_BYTES).toBe(1_250_000); // max_response_size / 8, src/hrana/ws/session.rs
    const { ask } = await wsStream();
    const rows = 300; // 300 rows of 5,000 characters: about 1.5 MB
    const sql = `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ${rows}) SELECT n, printf('%.5000c', 'x') FROM c`;
    expect((await ask({ type: 'open_cursor', stream_id: 1, cursor_id: 1, batch: { steps: [{ stmt: { sql } }] } })).type).toBe('response_ok');
    const pages: Json[][] = [];
    for (let done = false; !done; ) {
      const answer = (await ask({ type: 'fetch_cursor', cursor_id: 1, max_count: 10_000 })).response;
      pages.push(answer.entries);
      done = answer.done;
    }
    const rowCount = pages.flat().filter((entry) => entry.type === 'row').length;
    expect(rowCount).toBe(rows);
    expect(pages.length).toBeGreaterThan(1);
    // Each page but the last holds the first entries that reach the limit, and no more.
    for (const page of pages.slice(0, -1)) {
      const sizes = page.map((entry) => JSON.stringify(entry).length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(MAX_CURSOR_FETCH_BYTES);
      expect(sizes.slice(0, -1).reduce((a, b) => a + b, 0)).toBeLessThan(MAX_CURSOR_FETCH_BYTES);
    }
    expect((await ask({ type: 'close_cursor', cursor_id: 1 })).type).toBe('response_ok');
    const few = await ask({ type: 'open_cursor', stream_id: 1, cursor_id: 2, batch: { steps: [{ stmt: { sql: 'SELECT 1 UNION ALL SELECT 2' } }] } });
    expect(few.type).toBe('response_ok');
    expect((await ask({ type: 'fetch_cursor', cursor_id: 2, max_count: 2 })).response.entries).toHaveLength(2);
  });
});

/**
 * A condition that holds, `levels` deep around `ok` of step 0: pairs of `not`, or `and` with a
 * condition that holds and `or` with one that does not, in turn.
 */
function nested(levels: number, kind: 'not' | 'and/or'): Json {
  let condition: Json = { type: 'ok', step: 0 };
  for (let i = 0; i < levels; i++) {
    if (kind === 'not') condition = { type: 'not', cond: { type: 'not', cond: condition } };
    else condition = i % 2 ? { type: 'and', conds: [condition, { type: 'ok', step: 0 }] } : { type: 'or', conds: [condition, { type: 'error', step: 0 }] };
  }
  return condition;
}
const batchWith = (condition: Json) => ({ steps: [{ stmt: { sql: 'SELECT 1' } }, { condition, stmt: { sql: 'SELECT 2' } }] });

describe('batch conditions nested past the bound answer the protocol error, never a 5xx', () => {
  // The body's levels: the object, `requests`, the request, `batch`, `steps`, the step: the condition is the 7th.
  it.each(['/v2/pipeline', '/v3/pipeline'])('%s: 127 levels of JSON are run, 128 are refused with 400', async (path) => {
    mock.allowInvalidRequests();
    const body = (nots: number) => JSON.stringify({ requests: [{ type: 'batch', batch: batchWith(nested(nots / 2, 'not')) }, close] });
    const within = await postText(path, body(120)); // the innermost condition at level 127
    expect(within.status).toBe(200);
    expect(JSON.parse(within.text).results[0].response.result.step_results[1]).toMatchObject({ rows: [[{ type: 'integer', value: '2' }]] });
    const past = await postText(path, body(122));
    expect(past).toEqual({ status: 400, text: expect.stringMatching(/nests more than 127 levels/) });
  });

  it.each([
    ['not', 2_000],
    ['and/or', 1_000],
  ] as const)('nested %s %i deep: 400 on every HTTP endpoint', async (kind, levels) => {
    mock.allowInvalidRequests();
    const condition = nested(levels, kind);
    for (const [path, body] of [
      ['/v2/pipeline', { requests: [{ type: 'batch', batch: batchWith(condition) }] }],
      ['/v3/pipeline', { requests: [{ type: 'batch', batch: batchWith(condition) }] }],
      ['/v3/cursor', { batch: batchWith(condition) }],
    ] as const) {
      expect(await postText(path, JSON.stringify(body))).toEqual({ status: 400, text: expect.stringMatching(/nests more than 127 levels/) });
    }
  });

  it('and/or nested 60 deep (the most that fits) validates and runs at once: validation is linear, not 2^depth', async () => {
    const answer = await postText('/v2/pipeline', JSON.stringify({ requests: [{ type: 'batch', batch: batchWith(nested(60, 'and/or')) }, close] }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).results[0].response.result.step_results[1]).not.toBeNull();
  });

  it.each([
    ['not', 2_000],
    ['and/or', 1_000],
  ] as const)('nested %s %i deep over WebSocket: REQUEST_INVALID for the request, and the connection goes on', async (kind, levels) => {
    const { ask } = await wsStream();
    expect(await ask({ type: 'batch', stream_id: 1, batch: batchWith(nested(levels, kind)) })).toMatchObject({
      type: 'response_error',
      error: { code: 'REQUEST_INVALID', message: expect.stringMatching(/nests more than 127 levels/) },
    });
    expect(await ask({ type: 'open_cursor', stream_id: 1, cursor_id: 1, batch: batchWith(nested(levels, kind)) })).toMatchObject({
      type: 'response_error',
      error: { code: 'REQUEST_INVALID' },
    });
    expect((await ask({ type: 'batch', stream_id: 1, batch: batchWith(nested(58, 'and/or')) })).response.result.step_results[1]).not.toBeNull();
  });
});

// The clients: floats, constraint errors and many stored statements, as @libsql/client's own suite runs them against sqld.
const libsqlClients: [string, (intMode?: IntMode) => Client][] = [
  ['@libsql/client over HTTP', (intMode) => createClient({ url: mock.url, authToken: FULL_ACCESS_TOKEN, intMode })],
  ['@libsql/client over WebSocket', (intMode) => createClient({ url: wsUrl(), authToken: FULL_ACCESS_TOKEN, intMode })],
];
const CLIENT_FLOATS: [string, number][] = [
  ['large positive float', 1e18],
  ['large negative float', -1e18],
  ['2^63', 2 ** 63],
  ['MAX_VALUE', Number.MAX_VALUE],
  ['-MAX_VALUE', -Number.MAX_VALUE],
  ['MIN_VALUE', Number.MIN_VALUE],
  ['float', 12.345],
];

describe.each(libsqlClients)('%s', (_name, make) => {
  const client = (intMode?: IntMode) => {
    const made = make(intMode);
    closers.push(made);
    return made;
  };

  it.each((['number', 'bigint', 'string'] as IntMode[]).flatMap((intMode) => CLIENT_FLOATS.map(([name, value]) => [name, value, intMode] as const)))(
    'round-trips a %s (%d) as REAL, int mode %s',
    async (_label, value, intMode) => {
      const result = await client(intMode).execute({ sql: 'SELECT ? AS v, typeof(?1) AS t', args: [value] });
      expect(result.rows[0]!.v).toBe(value);
      expect(result.rows[0]!.t).toBe('real');
    },
  );

  it('answers SQLITE_CONSTRAINT for a primary key and a unique value taken', async () => {
    const db = client();
    await db.execute('DROP TABLE IF EXISTS t_pk_test');
    await db.execute('CREATE TABLE t_pk_test (id INTEGER PRIMARY KEY, name TEXT UNIQUE)');
    await db.execute("INSERT INTO t_pk_test VALUES (1, 'first')");
    await expect(db.execute("INSERT INTO t_pk_test VALUES (1, 'duplicate')")).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
      message: expect.stringMatching(/UNIQUE constraint failed: t_pk_test\.id/),
    });
    await expect(db.execute("INSERT INTO t_pk_test VALUES (2, 'first')")).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
      message: expect.stringMatching(/UNIQUE constraint failed: t_pk_test\.name/),
    });
  });

  it('runs a batch with a lot of different statements', async () => {
    const statements = Array.from({ length: 1000 }, (_, i) => `SELECT ${i}`);
    const results = await client().batch(statements, 'read');
    expect(results.map((result) => result.rows[0]![0])).toEqual(statements.map((_, i) => i));
  });

  it('runs a batch with a lot of the same statements', async () => {
    const statements = Array.from({ length: 20 * 200 }, (_, k) => ({ sql: `SELECT ?, ${k % 200}`, args: [Math.floor(k / 200)] }));
    const results = await client().batch(statements, 'read');
    expect(results.map((result) => [result.rows[0]![0], result.rows[0]![1]])).toEqual(statements.map((_, k) => [Math.floor(k / 200), k % 200]));
  });
});

const hranaClients: [string, () => hrana.Client][] = [
  ['@libsql/hrana-client over HTTP', () => hrana.openHttp(mock.url, FULL_ACCESS_TOKEN, mock.fetch as never)],
  ['@libsql/hrana-client over WebSocket (hrana2)', () => hrana.openWs(wsUrl(), FULL_ACCESS_TOKEN, 2)],
  ['@libsql/hrana-client over WebSocket (hrana3)', () => hrana.openWs(wsUrl(), FULL_ACCESS_TOKEN, 3)],
];

describe.each(hranaClients)('%s', (name, open) => {
  const stream = () => {
    const client = open();
    closers.push(client);
    return { client, stream: client.openStream() };
  };
  const limit = name.includes('HTTP') ? HTTP_MAX_STORED_SQL : WS_MAX_STORED_SQL;

  it.each(CLIENT_FLOATS)('round-trips a %s (%d) as REAL', async (_label, value) => {
    const { stream: s } = stream();
    const row = await s.queryRow(['SELECT ? AS v, typeof(?1) AS t', [value]]);
    expect(row.row).toMatchObject({ v: value, t: 'real' });
    s.close();
  });

  it('answers SQLITE_CONSTRAINT for a primary key taken', async () => {
    const { stream: s } = stream();
    await s.run('CREATE TABLE IF NOT EXISTS hrana_pk (id INTEGER PRIMARY KEY)');
    await s.run('INSERT OR IGNORE INTO hrana_pk VALUES (1)');
    await expect(s.run('INSERT INTO hrana_pk VALUES (1)')).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    s.close();
  });

  it(`stores ${limit} SQL texts and runs each, and the next one is refused with SQL_STORE_TOO_MANY`, async () => {
    const { client, stream: s } = stream();
    await client.getVersion();
    // Over HTTP, texts are the stream's; over WebSocket, the connection's.
    const owner = (name.includes('HTTP') ? s : client) as unknown as { storeSql(sql: string): hrana.Sql };
    const stored = Array.from({ length: limit }, (_, i) => owner.storeSql(`SELECT ${i} AS n`));
    const values = await Promise.all(stored.map((sql) => s.queryValue(sql)));
    expect(values.map((value) => value.value)).toEqual(stored.map((_, i) => i));
    const oneMore = owner.storeSql('SELECT -1');
    await expect(s.queryValue(oneMore)).rejects.toMatchObject({ code: expect.stringMatching(/^SQL_(STORE_TOO_MANY|NOT_FOUND)$/) });
    s.close();
  });
});
