// The database area's SQL engine on its own: how SQL texts split into statements, and one
// database's executor process (sandbox, time limit, lock waits) driven without HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type SqlEngine } from '../../packages/mock/src/areas/database/engine/index.ts';
import type { Executor } from '../../packages/mock/src/areas/database/engine/executor.ts';
import type { SqlOutcome } from '../../packages/mock/src/areas/database/engine/messages.ts';
import { pragmaOf, splitStatements } from '../../packages/mock/src/areas/database/engine/sql-text.ts';

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

  it.each([
    ['PRAGMA temp_store_directory = 1', 'temp_store_directory'],
    ['pragma main.journal_mode', 'journal_mode'],
    ['EXPLAIN PRAGMA "busy_timeout" = 5', 'busy_timeout'],
    ['EXPLAIN QUERY PLAN PRAGMA threads', 'threads'],
    ['SELECT 1', undefined],
  ])('finds the pragma of %s', (sql, pragma) => {
    expect(pragmaOf(splitStatements(sql)[0]!.words)).toBe(pragma);
  });
});

describe('one database executor', () => {
  let engine: SqlEngine;
  let nextStream = 1;
  const run = (requests: unknown[], access: 'full' | 'read-only' = 'full', stream = nextStream++): Promise<SqlOutcome[]> =>
    engine.database('default', 'engine-test').executor.run(stream, access, requests as Parameters<Executor['run']>[2]);
  const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });

  beforeAll(async () => {
    engine = await createSqlEngine({ limits: { statementTimeoutMs: 1_000, lockWaitMs: 300, maxResultBytes: 10_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabases: 2, executorIdleMs: 60_000 } });
    await run([execute('CREATE TABLE t (x)'), { type: 'close' }]);
  });
  afterAll(() => engine.close());

  it('reports the engine error of SQL that does not compile, and of an unsafe schema object', async () => {
    const [syntax, view, unsafe] = await run([execute('SELEC 1'), execute("CREATE VIEW v AS SELECT readfile('x')"), execute('SELECT * FROM v'), { type: 'close' }]);
    expect(syntax).toMatchObject({ type: 'error', error: { code: 'SQLITE_ERROR', message: expect.stringMatching(/syntax error/) } });
    expect(view).toMatchObject({ type: 'ok' });
    expect(unsafe).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/unsafe use of readfile/) } });
  });

  it('stops a runaway statement by ending the process, and starts again on the next request', async () => {
    const holder = nextStream++;
    await run([execute('BEGIN'), execute('INSERT INTO t VALUES (1)')], 'full', holder);
    const runaway = run([execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c')]);
    await expect(runaway).rejects.toMatchObject({ code: 'SQLITE_INTERRUPT' });
    // The other stream's transaction was rolled back with the process; the database works.
    const [count] = await run([execute('SELECT count(*) FROM t'), { type: 'close' }]);
    expect(count).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'integer', value: '0' }]] } } });
  });

  it('waits for the write lock up to the limit, then answers SQLITE_BUSY and holds nothing', async () => {
    const holder = nextStream++;
    await run([execute('BEGIN IMMEDIATE')], 'full', holder);
    const [busy] = await run([execute('INSERT INTO t VALUES (2)'), { type: 'close' }]);
    expect(busy).toMatchObject({ type: 'error', error: { code: 'SQLITE_BUSY' } });
    engine.database('default', 'engine-test').executor.closeStream(holder);
    const [written] = await run([execute('INSERT INTO t VALUES (3)'), { type: 'close' }]);
    expect(written).toMatchObject({ type: 'ok' });
  });

  it('closes an idle database past maxDatabases, and refuses a new one when every database has streams', async () => {
    const first = engine.database('default', 'engine-test');
    const held = nextStream++;
    await first.executor.run(held, 'full', [{ type: 'execute', stmt: { sql: 'SELECT 1' } }]);
    const second = engine.database('default', 'second');
    await second.executor.run(nextStream++, 'full', [{ type: 'execute', stmt: { sql: 'SELECT 1' } }]);
    expect(() => engine.database('default', 'third')).toThrow(/maxDatabases/);
    first.executor.closeStream(held);
    expect(engine.database('default', 'third').key).toContain('third');
    expect(first.executor.running).toBe(false);
  });
});
