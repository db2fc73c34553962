// The database area's error codes, generated from its one table (error-codes.ts): every code of
// the protocol has a case here that makes the mock answer it, and the names of SQLite's result
// codes are checked against libSQL's server's own mapping, transcribed below from its source.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_ERROR_CODES,
  type ProtocolErrorCode,
  SQLITE_RESULT_CODES,
  sqliteFailure,
} from '../../../../../packages/mock/src/areas/database/protocol/error-codes.ts';
import { FULL_ACCESS_TOKEN, useDatabaseMock } from '../../../../support/database.ts';
import { type HranaSocket, hranaSocket, wsRequest } from '../../../../support/hrana-socket.ts';

const MAX_RESULT_BYTES = 4096;
const STREAM_IDLE_MS = 10_000;
const mock = useDatabaseMock({ maxResultBytes: MAX_RESULT_BYTES, streamIdleMs: STREAM_IDLE_MS }, { port: true });

type Json = any;
async function post(path: string, body: unknown, token = FULL_ACCESS_TOKEN): Promise<{ status: number; body: Json }> {
  const response = await mock.fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text };
}
const pipeline = async (requests: unknown[], baton?: string) => (await post('/v2/pipeline', { baton, requests: [...requests] })).body;
const execute = (sql: string, extra: object = {}) => ({ type: 'execute', stmt: { sql, ...extra } });
const close = { type: 'close' };
/** The error of each result of a pipeline. */
const errorsOf = (answer: Json) => answer.results.map((result: Json) => (result.type === 'error' ? result.error : undefined));

const KEY = { AccessKey: 'error-codes', 'content-type': 'application/json' };
async function mint(body: object = { kinds: ['full_access'] }): Promise<string> {
  const response = await fetch(`${mock.url}/database/my-database/tokens`, { method: 'POST', headers: KEY, body: JSON.stringify(body) });
  return ((await response.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
}
const invalidate = () => fetch(`${mock.url}/database/my-database/tokens/invalidate`, { method: 'POST', headers: KEY, body: '{}' });

/** A greeted WebSocket (hrana3): `ask` sends a request and gives its answer. */
async function greeted(token = FULL_ACCESS_TOKEN): Promise<HranaSocket & { ask(request: unknown): Promise<Json> }> {
  const ws = await hranaSocket(mock.url.replace(/^http:/, 'ws:'));
  ws.send({ type: 'hello', jwt: token });
  expect(await ws.next()).toEqual({ type: 'hello_ok' });
  let id = 0;
  return Object.assign(ws, {
    async ask(request: unknown) {
      ws.send(wsRequest(++id, request));
      return ws.next();
    },
  });
}
/** The error a WebSocket `hello` with this token is answered. */
async function helloError(jwt: string | null): Promise<Json> {
  const ws = await hranaSocket(mock.url.replace(/^http:/, 'ws:'));
  ws.send({ type: 'hello', jwt });
  const answer = await ws.next();
  expect(answer.type).toBe('hello_error');
  return answer.error;
}

/** What makes the mock answer each code: the error it answered. */
const TRIGGERS: Record<ProtocolErrorCode, (() => Promise<Json>) | { elsewhere: string }> = {
  SQL_PARSE_ERROR: async () => errorsOf(await pipeline([execute('SELEC 1'), close]))[0],
  SQL_INPUT_ERROR: async () => errorsOf(await pipeline([execute('SELECT no_such_function(1)'), close]))[0],
  SQL_NO_STATEMENT: async () => errorsOf(await pipeline([execute('  -- nothing but a comment'), close]))[0],
  SQL_MANY_STATEMENTS: async () => errorsOf(await pipeline([execute('SELECT 1; SELECT 2'), close]))[0],
  ARGS_INVALID: async () => errorsOf(await pipeline([execute('SELECT ?'), close]))[0],
  ARGS_BOTH_POSITIONAL_AND_NAMED: async () =>
    errorsOf(
      await pipeline([execute('SELECT ?, :a', { args: [{ type: 'integer', value: '1' }], named_args: [{ name: ':a', value: { type: 'null' } }] }), close]),
    )[0],
  RESPONSE_TOO_LARGE: async () =>
    errorsOf(
      await pipeline([
        execute("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000) SELECT n, 'a row of some weight' FROM c"),
        close,
      ]),
    )[0],
  SQL_NOT_FOUND: async () => errorsOf(await pipeline([{ type: 'execute', stmt: { sql_id: 7 } }, close]))[0],
  SQL_EXISTS: async () =>
    errorsOf(await pipeline([{ type: 'store_sql', sql_id: 1, sql: 'SELECT 1' }, { type: 'store_sql', sql_id: 1, sql: 'SELECT 2' }, close]))[1],
  SQL_STORE_TOO_MANY: async () =>
    errorsOf(await pipeline([...Array.from({ length: 51 }, (_, id) => ({ type: 'store_sql', sql_id: id, sql: `SELECT ${id}` })), close]))[50],
  SQL_STORE_TOO_LARGE: async () => errorsOf(await pipeline([{ type: 'store_sql', sql_id: 1, sql: `SELECT '${'x'.repeat(5_000)}'` }, close]))[0],
  STREAM_EXPIRED: async () => {
    const { baton } = await pipeline([execute('SELECT 1')]);
    mock.host.advance(STREAM_IDLE_MS + 1);
    const answer = await post('/v2/pipeline', { baton, requests: [execute('SELECT 1')] });
    expect(answer.status).toBe(500);
    return answer.body;
  },
  BATON_REUSED: async () => {
    const { baton } = await pipeline([execute('SELECT 1')]);
    await pipeline([execute('SELECT 1')], baton);
    const answer = await post('/v2/pipeline', { baton, requests: [execute('SELECT 1')] });
    expect(answer.status).toBe(500);
    return answer.body;
  },
  BATON_INVALID: async () => {
    mock.allowInvalidRequests();
    const answer = await post('/v2/pipeline', { baton: 'never-given-out', requests: [execute('SELECT 1')] });
    expect(answer.status).toBe(400);
    return { code: /^[A-Z_]+/.exec(answer.body)![0], message: answer.body };
  },
  STREAM_NOT_OPEN: async () => {
    const ws = await greeted(await mint());
    await invalidate();
    expect(await ws.ask({ type: 'open_stream', stream_id: 1 })).toMatchObject({ type: 'response_error', error: { code: 'AUTH_JWT_INVALID' } });
    return (await ws.ask({ type: 'execute', stream_id: 1, stmt: { sql: 'SELECT 1' } })).error;
  },
  CURSOR_NOT_OPEN: async () => {
    const ws = await greeted(await mint());
    expect((await ws.ask({ type: 'open_stream', stream_id: 1 })).type).toBe('response_ok');
    await invalidate(); // the stream ends, so the cursor cannot open
    expect((await ws.ask({ type: 'open_cursor', stream_id: 1, cursor_id: 5, batch: { steps: [{ stmt: { sql: 'SELECT 1' } }] } })).type).toBe('response_error');
    return (await ws.ask({ type: 'fetch_cursor', cursor_id: 5, max_count: 10 })).error;
  },
  AUTH_JWT_INVALID: () => helloError('not-a-token'),
  AUTH_JWT_EXPIRED: async () => {
    const token = await mint({ kinds: ['full_access'], expires_in_days: 1 });
    mock.host.advance(2 * 24 * 60 * 60 * 1000);
    return helloError(token);
  },
  AUTH_HEADER_NOT_FOUND: () => helloError(null),
  STREAM_CLOSED: async () => errorsOf(await pipeline([close, execute('SELECT 1')]))[1],
  REQUEST_INVALID: async () => errorsOf(await pipeline([{ type: 'execute', stmt: { sql: 'SELECT 1', sql_id: 1 } }, close]))[0],
  PROTOCOL_VERSION: async () => {
    const ws = await hranaSocket(mock.url.replace(/^http:/, 'ws:'), ['hrana2']);
    ws.send({ type: 'hello', jwt: FULL_ACCESS_TOKEN });
    ws.send(wsRequest(1, { type: 'open_stream', stream_id: 1 }));
    ws.send(wsRequest(2, { type: 'get_autocommit', stream_id: 1 }));
    expect([(await ws.next()).type, (await ws.next()).type]).toEqual(['hello_ok', 'response_ok']);
    return (await ws.next()).error;
  },
  BATCH_COND_INVALID: async () =>
    errorsOf(await pipeline([{ type: 'batch', batch: { steps: [{ condition: { type: 'ok', step: 0 }, stmt: { sql: 'SELECT 1' } }] } }, close]))[0],
  STREAM_NOT_FOUND: async () => (await (await greeted()).ask({ type: 'execute', stream_id: 9, stmt: { sql: 'SELECT 1' } })).error,
  STREAM_EXISTS: async () => {
    const ws = await greeted();
    await ws.ask({ type: 'open_stream', stream_id: 1 });
    return (await ws.ask({ type: 'open_stream', stream_id: 1 })).error;
  },
  CURSOR_EXISTS: async () => {
    const ws = await greeted();
    await ws.ask({ type: 'open_stream', stream_id: 1 });
    const cursor = { type: 'open_cursor', stream_id: 1, cursor_id: 3, batch: { steps: [{ stmt: { sql: 'SELECT 1' } }] } };
    expect((await ws.ask(cursor)).type).toBe('response_ok');
    return (await ws.ask(cursor)).error;
  },
  CURSOR_NOT_FOUND: async () => (await (await greeted()).ask({ type: 'fetch_cursor', cursor_id: 4, max_count: 1 })).error,
  VALUE_NOT_REPRESENTABLE: async () => errorsOf(await pipeline([execute('SELECT 1e999'), close]))[0],
  STREAM_LIMIT_REACHED: { elsewhere: 'test/areas/database/faults.test.ts' },
  DATABASE_LIMIT_REACHED: { elsewhere: 'test/areas/database/faults.test.ts' },
  DATABASE_ENGINE_UNAVAILABLE: { elsewhere: 'test/mock/areas/database/sql/engine-start.test.ts' },
  ENGINE_REQUEST_LOST: { elsewhere: 'test/mock/areas/database/sql/engine-guard.test.ts' },
};

/** sqld's messages, where the mock words them as sqld does (src/hrana/*.rs, src/auth/errors.rs). */
const SQLD_MESSAGES: Partial<Record<ProtocolErrorCode, RegExp>> = {
  SQL_PARSE_ERROR: /^SQL string could not be parsed: near "SELEC": syntax error$/,
  SQL_INPUT_ERROR: /^SQL input error: no such function: no_such_function \(at offset 7\)$/,
  SQL_NO_STATEMENT: /^SQL string does not contain any statement$/,
  SQL_MANY_STATEMENTS: /^SQL string contains more than one statement/,
  ARGS_INVALID: /^Arguments do not match SQL parameters: /,
  ARGS_BOTH_POSITIONAL_AND_NAMED: /^Specifying both positional and named arguments is not supported$/,
  RESPONSE_TOO_LARGE: /^Response is too large/,
  SQL_NOT_FOUND: /^SQL text 7 not found$/,
  SQL_EXISTS: /^SQL text 1 already exists$/,
  SQL_STORE_TOO_MANY: /^The server already stores 50 SQL texts, it cannot store more$/,
  SQL_STORE_TOO_LARGE: /^The statement is too large to be stored: /,
  STREAM_EXPIRED: /^The stream has expired due to inactivity$/,
  STREAM_NOT_OPEN: /^Stream 1 has failed to open/,
  CURSOR_NOT_OPEN: /^Cursor 5 has failed to open/,
  AUTH_JWT_INVALID: /^Authentication failed: The JWT is invalid$/,
  AUTH_JWT_EXPIRED: /^Authentication failed: The JWT has expired$/,
  AUTH_HEADER_NOT_FOUND: /^Authentication failed: Expected authorization header but none given$/,
};

describe('every code of the table is answered', () => {
  it.each(Object.keys(PROTOCOL_ERROR_CODES) as ProtocolErrorCode[])('%s', async (code) => {
    const trigger = TRIGGERS[code];
    expect(trigger, `${code} has no case in TRIGGERS`).toBeDefined();
    if ('elsewhere' in trigger) {
      expect(readFileSync(trigger.elsewhere, 'utf8')).toContain(code);
      return;
    }
    const error = await trigger();
    expect(error).toMatchObject({ code, message: expect.stringMatching(SQLD_MESSAGES[code] ?? /./) });
  });

  it('has no case for a code the table does not have', () => {
    expect(Object.keys(TRIGGERS).sort()).toEqual(Object.keys(PROTOCOL_ERROR_CODES).sort());
  });
});

// libsql-ffi/src/lib.rs `Error::new`: rusqlite's ErrorCode of `result_code & 0xff`, `Unknown` for any other.
const RUSQLITE_ERROR_CODE: Record<number, string> = {
  2: 'InternalMalfunction',
  3: 'PermissionDenied',
  4: 'OperationAborted',
  5: 'DatabaseBusy',
  6: 'DatabaseLocked',
  7: 'OutOfMemory',
  8: 'ReadOnly',
  9: 'OperationInterrupted',
  10: 'SystemIoFailure',
  11: 'DatabaseCorrupt',
  12: 'NotFound',
  13: 'DiskFull',
  14: 'CannotOpen',
  15: 'FileLockingProtocolFailed',
  17: 'SchemaChanged',
  18: 'TooBig',
  19: 'ConstraintViolation',
  20: 'TypeMismatch',
  21: 'ApiMisuse',
  22: 'NoLargeFileSupport',
  23: 'AuthorizationForStatementDenied',
  25: 'ParameterOutOfRange',
  26: 'NotADatabase',
};
// libsql-server/src/hrana/stmt.rs `sqlite_error_code`.
const SQLD_CODE: Record<string, string> = {
  InternalMalfunction: 'SQLITE_INTERNAL',
  PermissionDenied: 'SQLITE_PERM',
  OperationAborted: 'SQLITE_ABORT',
  DatabaseBusy: 'SQLITE_BUSY',
  DatabaseLocked: 'SQLITE_LOCKED',
  OutOfMemory: 'SQLITE_NOMEM',
  ReadOnly: 'SQLITE_READONLY',
  OperationInterrupted: 'SQLITE_INTERRUPT',
  SystemIoFailure: 'SQLITE_IOERR',
  DatabaseCorrupt: 'SQLITE_CORRUPT',
  NotFound: 'SQLITE_NOTFOUND',
  DiskFull: 'SQLITE_FULL',
  CannotOpen: 'SQLITE_CANTOPEN',
  FileLockingProtocolFailed: 'SQLITE_PROTOCOL',
  SchemaChanged: 'SQLITE_SCHEMA',
  TooBig: 'SQLITE_TOOBIG',
  ConstraintViolation: 'SQLITE_CONSTRAINT',
  TypeMismatch: 'SQLITE_MISMATCH',
  ApiMisuse: 'SQLITE_MISUSE',
  NoLargeFileSupport: 'SQLITE_NOLFS',
  AuthorizationForStatementDenied: 'SQLITE_AUTH',
  ParameterOutOfRange: 'SQLITE_RANGE',
  NotADatabase: 'SQLITE_NOTADB',
  Unknown: 'SQLITE_UNKNOWN',
};
const sqldCode = (raw: number) => SQLD_CODE[RUSQLITE_ERROR_CODE[raw & 0xff] ?? 'Unknown'];

describe("SQLite's result codes, named as sqld names them", () => {
  const primaries = Object.keys(SQLITE_RESULT_CODES).map(Number);
  // Each primary code, and extended ones of it (SQLITE_CONSTRAINT_PRIMARYKEY is 19 | 6 << 8).
  const raws = primaries.flatMap((primary) => [primary, primary | (1 << 8), primary | (6 << 8)]);

  it.each(raws)('result code %i at run time', (raw) => {
    const failure = sqliteFailure(raw, `NAME_${raw}`, 'some failure', -1);
    expect(failure).toMatchObject({ code: sqldCode(raw), message: 'SQLite error: some failure', extendedCode: `NAME_${raw}`, rawCode: raw });
  });

  it('covers every primary code of sqlite3.h (1 to 28)', () => {
    expect(primaries).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
  });

  it.each([
    ['near "SELEC": syntax error', 0],
    ['incomplete input', -1],
    ['unrecognized token: "#"', 7],
  ])('what the SQL parser refuses (%s) is SQL_PARSE_ERROR', (message, offset) => {
    expect(sqliteFailure(1, 'SQLITE_ERROR', message, offset)).toMatchObject({ code: 'SQL_PARSE_ERROR', message: `SQL string could not be parsed: ${message}` });
  });

  it('an error at a place in the text is SQL_INPUT_ERROR for a plain SQLITE_ERROR only, as rusqlite reads the offset', () => {
    expect(sqliteFailure(1, 'SQLITE_ERROR', 'no such column: x', 7)).toMatchObject({
      code: 'SQL_INPUT_ERROR',
      message: 'SQL input error: no such column: x (at offset 7)',
    });
    expect(sqliteFailure(19 | (8 << 8), 'SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: t.a', 3)).toMatchObject({
      code: 'SQLITE_CONSTRAINT',
      extendedCode: 'SQLITE_CONSTRAINT_UNIQUE',
    });
  });
});

describe('errors of SQLite, on every transport', () => {
  const setup = [
    execute('CREATE TABLE IF NOT EXISTS coded_parent (id INTEGER PRIMARY KEY)'),
    execute(
      'CREATE TABLE IF NOT EXISTS coded (id INTEGER PRIMARY KEY, tag TEXT UNIQUE, note TEXT NOT NULL, n INTEGER CHECK (n > 0), parent INTEGER REFERENCES coded_parent (id))',
    ),
    execute("INSERT OR IGNORE INTO coded (id, tag, note, n) VALUES (1, 'taken', 'x', 1)"),
    close,
  ];
  const cases = [
    {
      name: 'a primary key taken',
      sql: "INSERT INTO coded (id, note) VALUES (1, 'again')",
      code: 'SQLITE_CONSTRAINT',
      extended: 'SQLITE_CONSTRAINT_PRIMARYKEY',
      message: 'SQLite error: UNIQUE constraint failed: coded.id',
    },
    {
      name: 'a unique value taken',
      sql: "INSERT INTO coded (tag, note) VALUES ('taken', 'x')",
      code: 'SQLITE_CONSTRAINT',
      extended: 'SQLITE_CONSTRAINT_UNIQUE',
      message: 'SQLite error: UNIQUE constraint failed: coded.tag',
    },
    {
      name: 'a NULL in a NOT NULL column',
      sql: 'INSERT INTO coded (note) VALUES (NULL)',
      code: 'SQLITE_CONSTRAINT',
      extended: 'SQLITE_CONSTRAINT_NOTNULL',
      message: 'SQLite error: NOT NULL constraint failed: coded.note',
    },
    {
      name: 'a CHECK',
      sql: "INSERT INTO coded (note, n) VALUES ('x', 0)",
      code: 'SQLITE_CONSTRAINT',
      extended: 'SQLITE_CONSTRAINT_CHECK',
      message: expect.stringMatching(/^SQLite error: CHECK constraint failed/),
    },
    {
      name: 'a foreign key',
      sql: "INSERT INTO coded (note, parent) VALUES ('x', 99)",
      code: 'SQLITE_CONSTRAINT',
      extended: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      message: 'SQLite error: FOREIGN KEY constraint failed',
    },
    {
      name: 'a datatype mismatch',
      sql: "INSERT INTO coded (id, note) VALUES ('not a number', 'x')",
      code: 'SQLITE_MISMATCH',
      extended: 'SQLITE_MISMATCH',
      message: 'SQLite error: datatype mismatch',
    },
    {
      name: 'an error at run time',
      sql: 'SELECT abs(-9223372036854775807 - 1)',
      code: 'SQLITE_UNKNOWN',
      extended: 'SQLITE_ERROR',
      message: 'SQLite error: integer overflow',
    },
    {
      name: 'a missing table',
      sql: 'SELECT * FROM no_such_table',
      code: 'SQLITE_UNKNOWN',
      extended: 'SQLITE_ERROR',
      message: 'SQLite error: no such table: no_such_table',
    },
    {
      name: 'a syntax error',
      sql: 'SELEC 1',
      code: 'SQL_PARSE_ERROR',
      extended: 'SQLITE_ERROR',
      message: 'SQL string could not be parsed: near "SELEC": syntax error',
    },
  ];

  it.each(cases)('$name: $code over HTTP (v2, v3 and the cursor)', async ({ sql, code, extended, message }) => {
    await pipeline(setup);
    const expected = { code, extended_code: extended, message };
    expect(errorsOf(await pipeline([execute(sql), close]))[0]).toEqual(expected);
    expect(errorsOf((await post('/v3/pipeline', { requests: [execute(sql), close] })).body)[0]).toEqual(expected);
    const cursor = await post('/v3/cursor', { batch: { steps: [{ stmt: { sql } }] } });
    const lines = String(cursor.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toEqual({ type: 'step_error', step: 0, error: expected });
    await pipeline([close], lines[0].baton);
  });

  it.each(cases)('$name: $code over WebSocket', async ({ sql, code, extended, message }) => {
    await pipeline(setup);
    const ws = await greeted();
    await ws.ask({ type: 'open_stream', stream_id: 1 });
    expect(await ws.ask({ type: 'execute', stream_id: 1, stmt: { sql } })).toMatchObject({
      type: 'response_error',
      error: { code, extended_code: extended, message },
    });
    ws.socket.close();
  });
});
