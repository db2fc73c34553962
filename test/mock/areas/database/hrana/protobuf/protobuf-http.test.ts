// Hrana over HTTP in Protobuf (/v3-protobuf) held to the JSON encoding (/v3) of the same requests:
// each request is written by libSQL's own TypeScript client (@libsql/hrana-client's encoders, one
// per encoding) and each answer read by its decoders, so that both encodings must give the client
// the same results, value for value (null, integers past 2^53, floats, text, blobs), error for
// error, batch step for batch step, baton for baton, cursor entry for cursor entry. Then the client
// itself, asked for version 3 (Protobuf) and version 2 (JSON), and what the path refuses.
import * as hrana from '@libsql/hrana-client';
import { describe, expect, it } from 'vitest';
import {
  readJsonObject,
  readProtobufMessage,
  writeJsonObject,
  writeProtobufMessage,
} from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/encoding/index.js';
import * as jsonRead from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/http/json_decode.js';
import * as jsonWrite from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/http/json_encode.js';
import * as protobufRead from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/http/protobuf_decode.js';
import * as protobufWrite from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/http/protobuf_encode.js';
import { CursorEntry as jsonEntry } from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/shared/json_decode.js';
import { CursorEntry as protobufEntry } from '../../../../../../node_modules/@libsql/hrana-client/lib-esm/shared/protobuf_decode.js';
import { streamResultBytes } from '../../../../../../packages/mock/src/areas/database/protocol/protobuf-results.ts';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../../../../support/database.ts';

const mock = useDatabaseMock();
type Req = Record<string, unknown> & { type: string };
const auth = (token = FULL_ACCESS_TOKEN) => ({ authorization: `Bearer ${token}` });
const stmt = (sql: string, args: unknown[] = [], namedArgs: { name: string; value: unknown }[] = []) => ({ sql, args, namedArgs, wantRows: true });
const execute = (sql: string, args?: unknown[], namedArgs?: { name: string; value: unknown }[]): Req => ({
  type: 'execute',
  stmt: stmt(sql, args, namedArgs),
});

type Answer = { status: number; body: string | { baton?: string; results: unknown[] } };

/** One pipeline in one encoding: the status and the body answered, as the client reads it. */
async function send(encoding: 'json' | 'protobuf', requests: Req[], { baton, token }: { baton?: string; token?: string } = {}): Promise<Answer> {
  const json = encoding === 'json';
  const response = await mock.fetch(`${mock.url}${json ? '/v3/pipeline' : '/v3-protobuf/pipeline'}`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': json ? 'application/json' : 'application/x-protobuf' },
    body: json
      ? writeJsonObject({ baton, requests } as never, jsonWrite.PipelineReqBody as never)
      : (writeProtobufMessage({ baton, requests } as never, protobufWrite.PipelineReqBody as never) as Uint8Array<ArrayBuffer>),
  });
  if (response.status !== 200) return { status: response.status, body: await response.text() };
  if (json) return { status: 200, body: readJsonObject(await response.json(), jsonRead.PipelineRespBody as never) as never };
  expect(response.headers.get('content-type')).toBe('application/x-protobuf');
  return { status: 200, body: readProtobufMessage(new Uint8Array(await response.arrayBuffer()), protobufRead.PipelineRespBody as never) as never };
}

/** One pipeline in both encodings, one after the other. */
async function both(requests: Req[], options: { token?: string } = {}) {
  return { json: await send('json', requests, options), protobuf: await send('protobuf', requests, options) };
}

/** The messages of a body where each is preceded by its length (a varint), as the client's cursor reads them. */
function sizeDelimited(bytes: Uint8Array): Uint8Array[] {
  const messages: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    let length = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++]!;
      length |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    messages.push(bytes.subarray(at, at + length));
    at += length;
  }
  return messages;
}

/** A pipeline's results in both encodings, with its batons' presence (their values differ). */
async function sameResults(requests: Req[]) {
  const { json, protobuf } = await both(requests);
  expect([json.status, protobuf.status]).toEqual([200, 200]);
  const body = (answer: typeof json) => answer.body as { baton?: string; results: unknown[] };
  expect(body(protobuf).results).toEqual(body(json).results);
  expect(body(protobuf).baton === undefined).toBe(body(json).baton === undefined);
  return body(json).results as { type: string; response?: { result?: unknown }; error?: { message: string; code?: string } }[];
}

// Every case runs inside a transaction it rolls back, so that both encodings see the same data.
const inTransaction = (...requests: Req[]): Req[] => [execute('BEGIN'), ...requests, execute('ROLLBACK'), { type: 'close' }];

describe('/v3-protobuf/pipeline answers what /v3/pipeline answers', () => {
  it('for every type of value, read and bound: null, integers past 2^53 and at 64 bits, floats, text, blobs', async () => {
    const results = await sameResults(
      inTransaction(
        execute(
          "SELECT NULL AS n, 42 AS i, 9007199254740993 AS big, 9223372036854775807 AS max, -9223372036854775808 AS min, 0.1 AS f, -2.5e300 AS g, 'héllo ✓' AS t, '' AS empty, x'00ff10' AS b, x'' AS nob",
        ),
        execute('SELECT ?, ?, ?, ?, ?, ?, ?', [null, 9007199254740993n, -9223372036854775808n, 1.5, 'text', new Uint8Array([1, 2, 3]), new Uint8Array()]),
        execute(
          'SELECT :a, @b, $c',
          [],
          [
            { name: ':a', value: 7n },
            { name: '@b', value: 'x' },
            { name: '$c', value: null },
          ],
        ),
        execute('CREATE TABLE kinds (id INTEGER PRIMARY KEY, v)'),
        execute('INSERT INTO kinds (v) VALUES (?), (?), (?)', [1n, 2.5, 'three']),
        execute('SELECT id, v, typeof(v) FROM kinds ORDER BY id'),
      ),
    );
    const values = (results[1]!.response as { result: { rows: unknown[][] } }).result.rows[0];
    expect(values).toEqual([
      null,
      42n,
      9007199254740993n,
      9223372036854775807n,
      -9223372036854775808n,
      0.1,
      -2.5e300,
      'héllo ✓',
      '',
      new Uint8Array([0, 255, 16]),
      new Uint8Array(),
    ]);
    expect((results[5]!.response as { result: { affectedRowCount: number; lastInsertRowid: bigint } }).result).toMatchObject({
      affectedRowCount: 3,
      lastInsertRowid: 3n,
    });
  });

  it('for errors: a parse error, an input error, a constraint, two statements, a float JSON cannot carry', async () => {
    const results = await sameResults(
      inTransaction(
        execute('SELEC 1'),
        execute('SELECT * FROM nowhere'),
        execute('CREATE TABLE c (v NOT NULL)'),
        execute('INSERT INTO c VALUES (NULL)'),
        execute('SELECT 1; SELECT 2'),
        execute('SELECT 1e999'),
      ),
    );
    expect(results.slice(1, 7).map((result) => result.error?.code)).toEqual([
      'SQL_PARSE_ERROR',
      'SQLITE_UNKNOWN',
      undefined,
      'SQLITE_CONSTRAINT',
      'SQL_MANY_STATEMENTS',
      'VALUE_NOT_REPRESENTABLE',
    ]);
  });

  it('for batches: every condition, a failing step, the steps skipped', async () => {
    const ok = (step: number) => ({ type: 'ok', step });
    const error = (step: number) => ({ type: 'error', step });
    const results = await sameResults(
      inTransaction({
        type: 'batch',
        batch: {
          steps: [
            { stmt: stmt('CREATE TABLE s (v NOT NULL)') },
            { condition: ok(0), stmt: stmt('INSERT INTO s VALUES (NULL)') },
            { condition: error(1), stmt: stmt('INSERT INTO s VALUES (1), (2) RETURNING v') },
            { condition: { type: 'not', cond: ok(2) }, stmt: stmt('SELECT 1') },
            { condition: { type: 'and', conds: [ok(0), error(1)] }, stmt: stmt('SELECT count(*) FROM s') },
            { condition: { type: 'or', conds: [ok(3), { type: 'is_autocommit' }] }, stmt: stmt('SELECT 2') },
          ],
        },
      }),
    );
    const batch = (results[1]!.response as { result: { stepResults: Map<number, unknown>; stepErrors: Map<number, unknown> } }).result;
    expect([...batch.stepResults.keys()].sort()).toEqual([0, 2, 4]);
    expect([...batch.stepErrors.keys()]).toEqual([1]);
  });

  it('for describe, sequence, stored SQL texts and get_autocommit', async () => {
    await sameResults([
      { type: 'store_sql', sqlId: 3, sql: 'SELECT ?1 + 1 AS next' },
      { type: 'execute', stmt: { sqlId: 3, args: [41n], namedArgs: [], wantRows: true } },
      { type: 'describe', sqlId: 3 },
      { type: 'describe', sql: 'SELECT :a AS x' },
      { type: 'sequence', sql: 'SELECT 1; SELECT 2;' },
      { type: 'get_autocommit' },
      { type: 'close_sql', sqlId: 3 },
      { type: 'execute', stmt: { sqlId: 3, args: [], namedArgs: [], wantRows: true } },
      { type: 'close' },
    ]);
  });

  it('for batons: a transaction across two requests, then a baton sent again, then one never given', async () => {
    const session = async (encoding: 'json' | 'protobuf') => {
      const first = await send(encoding, [execute('BEGIN'), execute('CREATE TABLE b (v)')]);
      const { baton } = first.body as { baton: string };
      expect(baton).toEqual(expect.any(String));
      const second = await send(encoding, [execute('INSERT INTO b VALUES (1)'), execute('SELECT count(*) FROM b'), execute('ROLLBACK'), { type: 'close' }], {
        baton,
      });
      const reused = await send(encoding, [execute('SELECT 1')], { baton });
      const unknown = await send(encoding, [execute('SELECT 1')], { baton: 'not-a-baton' });
      return { first: (first.body as { results: unknown[] }).results, second, reused, unknown };
    };
    mock.allowInvalidRequests();
    const overJson = await session('json');
    const overProtobuf = await session('protobuf');
    expect(overProtobuf).toEqual(overJson);
    expect([overProtobuf.second.status, overProtobuf.reused.status, overProtobuf.unknown.status]).toEqual([200, 500, 400]);
  });

  it('for a token it refuses: 401', async () => {
    const { json, protobuf } = await both([execute('SELECT 1')], { token: 'not-a-token' });
    expect(protobuf).toEqual(json);
    expect(protobuf.status).toBe(401);
  });
});

describe('/v3-protobuf/cursor answers what /v3/cursor answers', () => {
  it('entry for entry: step_begin, rows, step_end, step_error', async () => {
    const batch = {
      steps: [
        { stmt: stmt("SELECT 1 AS one, NULL, 9007199254740993, x'ff' UNION ALL SELECT 2, 0.5, -1, 't'") },
        { stmt: stmt('SELECT * FROM nowhere') },
        { condition: { type: 'error', step: 1 }, stmt: stmt('SELECT 3') },
      ],
    };
    const json = await mock.fetch(`${mock.url}/v3/cursor`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: writeJsonObject({ batch } as never, jsonWrite.CursorReqBody as never),
    });
    const protobuf = await mock.fetch(`${mock.url}/v3-protobuf/cursor`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/x-protobuf' },
      body: writeProtobufMessage({ batch } as never, protobufWrite.CursorReqBody as never) as Uint8Array<ArrayBuffer>,
    });
    const lines = (await json.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const jsonEntries = lines.slice(1).map((line) => readJsonObject(line, jsonEntry as never));
    const messages = sizeDelimited(new Uint8Array(await protobuf.arrayBuffer()));
    expect(readProtobufMessage(messages[0]!, protobufRead.CursorRespBody as never)).toMatchObject({ baton: expect.any(String) });
    const protobufEntries = messages.slice(1).map((message) => readProtobufMessage(message, protobufEntry as never));
    // The client reads a step_end's rowid as uint64 in Protobuf and as a string in JSON (none here).
    expect(protobufEntries).toEqual(jsonEntries);
    expect(protobufEntries.map((entry) => (entry as { type: string }).type)).toEqual([
      'step_begin',
      'row',
      'row',
      'step_end',
      'step_error',
      'step_begin',
      'row',
      'step_end',
    ]);
  });
});

describe('@libsql/hrana-client over both encodings', () => {
  it('asked for version 3, speaks Protobuf (/v3-protobuf) and reads the same results as over JSON (version 2)', async () => {
    const paths: string[] = [];
    const recording: typeof fetch = (input, init) => {
      paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return mock.fetch(input, init);
    };
    const run = async (version: 2 | 3) => {
      const client = hrana.openHttp(mock.url, FULL_ACCESS_TOKEN, recording, undefined, version);
      expect(await client.getVersion()).toBe(version);
      const stream = client.openStream();
      await stream.run('BEGIN');
      await stream.run('CREATE TABLE c (id INTEGER PRIMARY KEY, t TEXT, r REAL, b BLOB)');
      const inserted = await stream.run(["INSERT INTO c (t, r, b) VALUES (?, ?, ?), (NULL, 1e300, x'')", ['é', -0.5, new Uint8Array([9])]]);
      const rows = await stream.query('SELECT * FROM c ORDER BY id');
      const batch = stream.batch(version === 3);
      const steps = [batch.step().query('SELECT count(*) AS n FROM c'), batch.step().query('SELECT nope FROM c')];
      await batch.execute();
      const settled = await Promise.allSettled(steps);
      const failed = await stream.run('INSERT INTO c (id) VALUES (1)').catch((error: Error) => error.message);
      await stream.run('ROLLBACK');
      stream.close();
      client.close();
      const cells = (result: hrana.RowsResult) => result.rows.map((row) => result.columnNames.map((_, index) => row[index]));
      return {
        inserted: [inserted.affectedRowCount, inserted.lastInsertRowid],
        rows: cells(rows),
        settled: settled.map((s) => (s.status === 'fulfilled' ? cells(s.value!) : String(s.reason))),
        failed,
      };
    };
    const overJson = await run(2);
    const overProtobuf = await run(3);
    expect(overProtobuf).toEqual(overJson);
    expect(overJson.rows).toHaveLength(2);
    expect(overJson.settled[1]).toMatch(/no such column/);
    expect(paths).toContain('/v3-protobuf/pipeline');
    expect(paths).toContain('/v3-protobuf/cursor');
  });
});

describe('what /v3-protobuf refuses', () => {
  it.each([
    ['a body that is not Protobuf', '/v3-protobuf/pipeline', 'POST', new Uint8Array([0x12, 0x7f]), 400, /not Hrana's Protobuf encoding/],
    ['a request the schema refuses (no type)', '/v3-protobuf/pipeline', 'POST', new Uint8Array([0x12, 0x00]), 400, /requests/],
    ['a cursor body that is not Protobuf', '/v3-protobuf/cursor', 'POST', new Uint8Array([0x12, 0x05, 0x0a]), 400, /not Hrana's Protobuf encoding/],
    [
      'a path it does not have',
      '/v3-protobuf/other',
      'POST',
      undefined,
      404,
      /serves GET \/v3-protobuf, POST \/v3-protobuf\/pipeline and POST \/v3-protobuf\/cursor/,
    ],
    ['another method', '/v3-protobuf/pipeline', 'GET', undefined, 405, /answers POST, not GET/],
  ])('%s', async (_name, path, method, body, status, detail) => {
    const response = await mock.fetch(`${mock.url}${path}`, { method, headers: { ...auth(), 'content-type': 'application/x-protobuf' }, body });
    expect(response.status).toBe(status);
    expect(await response.text()).toMatch(detail);
  });

  it('answers the version probe as /v3 does', async () => {
    const response = await mock.fetch(`${mock.url}/v3-protobuf`);
    expect([response.status, await response.text()]).toEqual([200, 'Hello, this is HTTP API v3 (Hrana over HTTP)']);
  });
});

describe("the Protobuf writer's own check (what the JSON schema checks on the JSON path)", () => {
  const result = (cell: unknown) => ({
    type: 'ok' as const,
    response: {
      type: 'execute' as const,
      result: { cols: [{ name: 'v', decltype: null }], rows: [[cell as never]], affected_row_count: 0, last_insert_rowid: null },
    },
  });
  it('writes a value of each type', () => {
    for (const cell of [null, 1n, 1.5, 'x', new Uint8Array([1])]) expect(streamResultBytes(result(cell) as never).length).toBeGreaterThan(0);
  });
  it.each([
    ['a value of no Hrana type (a planted row)', { wrong: true }, /unknown type|unknown kind/],
    ['a float JSON cannot carry', Number.POSITIVE_INFINITY, /cannot be carried/],
    ['an integer past 64 bits', { type: 'integer', value: '9223372036854775808' }, /64|range|int64/i],
  ])('refuses %s', (_name, cell, message) => {
    expect(() => streamResultBytes(result(cell) as never)).toThrow(message);
  });
});
