// The database area's SQL engine on its own: how SQL texts split into statements, and the engine
// workers (sandbox, time limit and lock waits on an injected clock, the pool) driven without HTTP.
// Time limits follow the clock's advance, shared with the engine's threads: a test moves it and
// waits for the answer, and the engine's supervisor thread sees the move at its next look.

import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlValue } from '../../../../../packages/mock/src/areas/database/protocol/protocol.ts';
import { toArgValue } from '../../../../../packages/mock/src/areas/database/protocol/values.ts';
import { createSqlEngine, type EngineDatabase, type SqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlOutcome, SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import type { EngineWorker } from '../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import { ExecutorStopped } from '../../../../../packages/mock/src/areas/database/sql/threads/stopped.ts';
import { splitStatements } from '../../../../../packages/mock/src/areas/database/sql/wasm/sql-text.ts';

describe('splitting SQL text into statements', () => {
  it.each([
    { sql: 'SELECT 1', statements: ['SELECT 1'] },
    { sql: 'SELECT 1; SELECT 2;', statements: ['SELECT 1;', 'SELECT 2;'] },
    { sql: ' ;; -- only a comment\n /* and another */ ;', statements: [] },
    { sql: "SELECT ';' AS semi; SELECT 2", statements: ["SELECT ';' AS semi;", 'SELECT 2'] },
    { sql: 'SELECT "a;b", `c;d`, [e;f]; SELECT 2', statements: ['SELECT "a;b", `c;d`, [e;f];', 'SELECT 2'] },
    { sql: "SELECT 'it''s; fine'; SELECT 2", statements: ["SELECT 'it''s; fine';", 'SELECT 2'] },
    { sql: 'SELECT 1 -- trailing; comment\n; SELECT 2', statements: ['SELECT 1 -- trailing; comment\n;', 'SELECT 2'] },
    {
      sql: 'CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); UPDATE c SET x = 1; END; SELECT 1',
      statements: ['CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); UPDATE c SET x = 1; END;', 'SELECT 1'],
    },
    {
      sql: 'create temp trigger t after insert on a begin select 1; end; select 2',
      statements: ['create temp trigger t after insert on a begin select 1; end;', 'select 2'],
    },
    { sql: 'EXPLAIN CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END', statements: ['EXPLAIN CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END'] },
    { sql: 'BEGIN; SELECT 1; END;', statements: ['BEGIN;', 'SELECT 1;', 'END;'] },
    { sql: "SELECT 'unterminated; string", statements: ["SELECT 'unterminated; string"] },
  ])('splits $sql', ({ sql, statements }) => {
    expect(splitStatements(sql).map((statement) => statement.sql)).toEqual(statements);
  });
});

describe('the engine workers', () => {
  let engine: SqlEngine;
  const clock = new Float64Array(new SharedArrayBuffer(8));
  const advance = (ms: number) => (clock[0]! += ms);
  let nextStream = 1;
  // The lock wait shorter than the statement limit: advance(lockWaitMs + 1) passes the wait only.
  const LIMITS = {
    statementTimeoutMs: 60_000,
    lockWaitMs: 30_000,
    maxResultBytes: 100_000,
    memoryLimitBytes: 256 * 1024 * 1024,
    maxDatabaseBytes: 1_000_000,
    maxDatabases: 3,
    engineWorkers: 2,
  };
  const databaseOf = (id = 'engine-test', owner = 'default') => engine.database(owner, id);
  const run = (requests: unknown[], options: { access?: 'full' | 'read-only'; stream?: number; database?: EngineDatabase } = {}): Promise<SqlOutcome[]> =>
    (options.database ?? databaseOf()).executor.run(options.stream ?? nextStream++, options.access ?? 'full', requests.map(asSent) as SqlRequest[]);
  // The engine takes arguments converted on the HTTP thread, as pipeline-runner.ts sends them.
  type WireArgs = { args?: SqlValue[]; named_args?: { name: string; value: SqlValue }[] };
  const asSent = (request: unknown) => {
    const { type, stmt } = request as { type: string; stmt?: WireArgs };
    if (type !== 'execute' || !stmt) return request;
    const sent: Record<string, unknown> = { ...stmt };
    if (stmt.args) sent.args = stmt.args.map(toArgValue);
    if (stmt.named_args) sent.named_args = stmt.named_args.map(({ name, value }) => ({ name, value: toArgValue(value) }));
    return { type, stmt: sent };
  };
  const execute = (sql: string, args: unknown[] = []) => ({ type: 'execute', stmt: { sql, args } });
  const close = { type: 'close' };
  const rows = (outcome: SqlOutcome | undefined) => (outcome?.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.rows : undefined);
  const workerOf = (id = 'engine-test', owner = 'default'): EngineWorker => engine.workerOf(owner, id)!;

  beforeAll(async () => {
    engine = createSqlEngine({ limits: LIMITS, clockOffset: clock.buffer as SharedArrayBuffer });
    await run([execute('CREATE TABLE t (x)'), close]);
  });
  afterAll(() => engine.close());

  it('reports the engine error of SQL that does not compile, and refuses a function off the allow-list in a view', async () => {
    const [syntax, view, unsafe, refused] = await run([
      execute('SELEC 1'),
      execute("CREATE VIEW v AS SELECT fts3_tokenizer('simple')"),
      execute('SELECT * FROM v'),
      execute("SELECT fts3_tokenizer('simple')"),
      close,
    ]);
    expect(syntax).toMatchObject({ type: 'error', error: { code: 'SQL_PARSE_ERROR', message: expect.stringMatching(/syntax error/) } });
    expect(view).toMatchObject({ type: 'ok' });
    // In a view, SQLite's own defence answers first (trusted_schema off: only innocuous functions run from the schema).
    expect(unsafe).toMatchObject({ type: 'error', error: { code: 'SQLITE_UNKNOWN', message: 'SQLite error: unsafe use of fts3_tokenizer()' } });
    expect(refused).toMatchObject({
      type: 'error',
      error: { code: 'SQLITE_AUTH', message: expect.stringMatching(/fts3_tokenizer\(\) is not allowed/) },
    });
  });

  it.each([
    {
      name: 'a positional argument the statement does not take',
      stmt: {
        sql: 'SELECT ?',
        args: [
          { type: 'integer', value: '1' },
          { type: 'integer', value: '2' },
        ],
      },
    },
    {
      name: 'a named argument the statement does not take',
      stmt: {
        sql: 'SELECT :a',
        named_args: [
          { name: ':a', value: { type: 'null' } },
          { name: ':b', value: { type: 'null' } },
        ],
      },
    },
    { name: 'a missing argument', stmt: { sql: 'SELECT ?, ?', args: [{ type: 'null' }] } },
    {
      name: 'positional and named arguments together',
      stmt: { sql: 'SELECT :a', args: [{ type: 'null' }], named_args: [{ name: ':a', value: { type: 'null' } }] },
      code: 'ARGS_BOTH_POSITIONAL_AND_NAMED',
    },
  ])('refuses $name (ARGS_INVALID, as the Hrana spec says)', async ({ stmt, code }) => {
    const [outcome] = await run([{ type: 'execute', stmt }, close]);
    expect(outcome).toMatchObject({ type: 'error', error: { code: code ?? 'ARGS_INVALID' } });
  });

  it('binds named arguments with or without their prefix', async () => {
    const [outcome] = await run([
      {
        type: 'execute',
        stmt: {
          sql: 'SELECT :a, @b, $c',
          named_args: [
            { name: 'a', value: { type: 'integer', value: '1' } },
            { name: '@b', value: { type: 'text', value: 'x' } },
            { name: '$c', value: { type: 'float', value: 2 } },
          ],
        },
      },
      close,
    ]);
    expect(rows(outcome)).toEqual([
      [
        { type: 'integer', value: '1' },
        { type: 'text', value: 'x' },
        { type: 'float', value: 2 },
      ],
    ]);
  });

  it('stops a runaway statement once the clock passes its limit; other streams keep their transactions', async () => {
    const holder = nextStream++;
    await run([execute('BEGIN'), execute('INSERT INTO t VALUES (1)')], { stream: holder });
    const elsewhere = databaseOf('elsewhere', 'another-namespace');
    const other = nextStream++;
    await run([execute('CREATE TABLE IF NOT EXISTS o (x)'), execute('BEGIN'), execute('INSERT INTO o VALUES (1)')], { stream: other, database: elsewhere });
    const runaway = run([execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c'), close]);
    advance(LIMITS.statementTimeoutMs + 1);
    await expect(runaway).rejects.toMatchObject({ code: 'SQLITE_INTERRUPT', message: expect.stringMatching(/statementTimeoutMs/) });
    // The holder's transaction, in the same database, and the other namespace's, are intact.
    const [held, committed] = await run([execute('SELECT count(*) FROM t'), execute('COMMIT')], { stream: holder });
    expect(rows(held)).toEqual([[{ type: 'integer', value: '1' }]]);
    expect(committed).toMatchObject({ type: 'ok' });
    const [otherRows] = await run([execute('SELECT count(*) FROM o'), execute('COMMIT'), close], { stream: other, database: elsewhere });
    expect(rows(otherRows)).toEqual([[{ type: 'integer', value: '1' }]]);
    databaseOf().executor.closeStream(holder);
  });

  it('waits for the write lock until the clock passes the lock wait, then answers SQLITE_BUSY and holds nothing', async () => {
    const holder = nextStream++;
    await run([execute('BEGIN IMMEDIATE')], { stream: holder });
    const waiting = once(workerOf().events, 'waiting');
    const busy = run([execute('INSERT INTO t VALUES (2)'), close]);
    await waiting;
    advance(LIMITS.lockWaitMs + 1);
    expect((await busy)[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_BUSY', message: expect.stringMatching(/lockWaitMs/) } });
    databaseOf().executor.closeStream(holder);
    const [written] = await run([execute('INSERT INTO t VALUES (3)'), close]);
    expect(written).toMatchObject({ type: 'ok' });
  });

  it('a waiting writer goes on as soon as the holder commits', async () => {
    const holder = nextStream++;
    await run([execute('BEGIN IMMEDIATE'), execute('INSERT INTO t VALUES (4)')], { stream: holder });
    const waiting = once(workerOf().events, 'waiting');
    const second = run([execute('INSERT INTO t VALUES (5)'), close]);
    await waiting;
    await run([execute('COMMIT'), close], { stream: holder });
    expect((await second)[0]).toMatchObject({ type: 'ok' });
  });

  it("stops a stream's request at once when the stream is ended from outside (a lock wait, a running statement)", async () => {
    const holder = nextStream++;
    await run([execute('BEGIN IMMEDIATE')], { stream: holder });
    const waiter = nextStream++;
    const waiting = once(workerOf().events, 'waiting');
    const waited = run([execute('INSERT INTO t VALUES (6)')], { stream: waiter });
    await waiting;
    databaseOf().executor.interrupt(waiter, new ExecutorStopped('The stream was closed: its token was invalidated', 'STREAM_EXPIRED'));
    await expect(waited).rejects.toMatchObject({ code: 'STREAM_EXPIRED', message: expect.stringMatching(/invalidated/) });
    const runner = nextStream++;
    const running = run([execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c')], {
      stream: runner,
      access: 'read-only',
    });
    databaseOf().executor.interrupt(runner, new ExecutorStopped('The stream was closed: its token was invalidated', 'STREAM_EXPIRED'));
    await expect(running).rejects.toMatchObject({ code: 'STREAM_EXPIRED' });
    await run([execute('ROLLBACK'), close], { stream: holder });
  });

  it("runs libSQL's BEGIN TRANSACTION READONLY as a transaction that refuses writes until it ends", async () => {
    const outcomes = await run([
      execute('INSERT INTO t VALUES (7)'),
      execute('BEGIN TRANSACTION READONLY'),
      execute('SELECT count(*) FROM t'),
      execute('INSERT INTO t VALUES (8)'),
      execute('COMMIT'),
      execute('INSERT INTO t VALUES (9)'),
      execute('BEGIN'),
      execute('BEGIN TRANSACTION READONLY'),
      execute('INSERT INTO t VALUES (10)'),
      execute('ROLLBACK'),
      close,
    ]);
    expect(outcomes.map((outcome) => (outcome.type === 'ok' ? 'ok' : outcome.error.code))).toEqual([
      'ok',
      'ok',
      'ok',
      'SQLITE_READONLY',
      'ok',
      'ok',
      'ok',
      'SQLITE_UNKNOWN',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('refuses a write past maxDatabaseBytes with SQLITE_FULL, and writes again once there is room', async () => {
    const database = databaseOf('full-test');
    const fill = Array.from({ length: 20 }, () => execute('INSERT INTO big VALUES (zeroblob(60000))'));
    const outcomes = await run([execute('CREATE TABLE big (b)'), ...fill, close], { database });
    const codes = outcomes.map((outcome) => (outcome.type === 'ok' ? 'ok' : outcome.error.code));
    expect(codes).toContain('SQLITE_FULL');
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('ok'));
    const [emptied, again] = await run([execute('DELETE FROM big'), execute('INSERT INTO big VALUES (zeroblob(60000))'), close], { database });
    expect([emptied?.type, again?.type]).toEqual(['ok', 'ok']);
  });

  it('gives connections back to the pool holding nothing of their streams', async () => {
    const database = databaseOf('pool-test');
    await run([execute('CREATE TABLE p (x NOT NULL)'), close], { database });
    const streams: unknown[][] = [
      [execute('SELECT x FROM p'), execute('INSERT INTO p VALUES (NULL)')],
      [execute('BEGIN'), execute('SELECT count(*) FROM p')],
      [execute("ATTACH '/db-1.db' AS other"), execute('SELECT 1')],
      [
        execute('SELECT * FROM p WHERE x = ?', [
          { type: 'integer', value: '1' },
          { type: 'integer', value: '2' },
        ]),
      ],
      [execute('PRAGMA foreign_keys = OFF')],
      [execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 100000) SELECT x, zeroblob(100) FROM c')],
    ];
    for (const requests of streams) for (const access of ['full', 'read-only'] as const) await run([...requests, close], { database, access });
    const { pool, streams: open } = await database.executor.inspect(workerOf('pool-test'));
    expect(open).toBe(0);
    expect(pool.length).toBeGreaterThan(0);
    for (const connection of pool) expect(connection).toMatchObject({ attached: 0, autocommit: true, busyStatements: 0, touched: false });
    const [after] = await run([execute('INSERT INTO p VALUES (1)'), close], { database });
    expect(after).toMatchObject({ type: 'ok' });
  });

  it('closes an idle database past maxDatabases keeping its data, and refuses a new one when every database has streams', async () => {
    const held: [EngineDatabase, number][] = [];
    for (const id of ['engine-test', 'second', 'third']) {
      const database = databaseOf(id); // past maxDatabases (3), the least recently used idle one closes
      const stream = nextStream++;
      await run([execute('SELECT 1')], { stream, database });
      held.push([database, stream]);
    }
    await expect(run([execute('SELECT 1'), close], { database: databaseOf('fourth') })).rejects.toMatchObject({
      code: 'DATABASE_LIMIT_REACHED',
      message: expect.stringMatching(/maxDatabases/),
    });
    for (const [database, stream] of held) database.executor.closeStream(stream);
    // pool-test was closed to make room; it opens again with its rows.
    const [kept] = await run([execute('SELECT x FROM p'), close], { database: databaseOf('pool-test') });
    expect(rows(kept)).toEqual([[{ type: 'integer', value: '1' }]]);
  });
});
