// sqld's statement rules (STATEMENT_RULES in engine/statement-rules.ts, which names the
// libsql-server files and commit it follows): these tests are generated from the table. What sqld
// refuses, the mock refuses with sqld's code and message, before anything of the request runs (a
// sequence is refused whole); what sqld runs, the mock runs, unless the sandbox denies it, and
// then the refusal says so (SQLITE_AUTH, "not allowed").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type EngineDatabase, type SqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { Access, SqlOutcome, SqlRequest } from '../../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { SQLD_SOURCE, STATEMENT_RULES } from '../../../../../../packages/mock/src/areas/database/sql/statements/statement-rules.ts';
import { close, ENGINE_LIMITS, execute } from '../../../../../support/sql-engine.ts';

const unsupported = (sql: string) => ({
  type: 'error',
  error: { code: 'SQL_PARSE_ERROR', message: `SQL string could not be parsed: unsupported statement: ${sql}` },
});

const cases = STATEMENT_RULES.flatMap((rule) => rule.examples.map((sql) => ({ statement: rule.statement, sqld: rule.sqld, sandbox: rule.sandbox, sql })));

describe(`sqld's statement rules (${SQLD_SOURCE.files.join(', ')} at ${SQLD_SOURCE.commit.slice(0, 7)})`, () => {
  let engine: SqlEngine;
  let database: EngineDatabase;
  let nextStream = 1;
  const run = (requests: SqlRequest[], access: Access = 'full'): Promise<SqlOutcome[]> => database.executor.run(nextStream++, access, [...requests, close]);
  const count = async () => {
    const [outcome] = await run([execute('SELECT count(*) FROM rules_t')]);
    return outcome?.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.rows[0]?.[0] : outcome;
  };

  beforeAll(async () => {
    engine = createSqlEngine({ limits: ENGINE_LIMITS });
    database = engine.database('rules\u0000g', 'db');
    await run([execute('CREATE TABLE rules_t (x)')]);
  });
  afterAll(() => engine.close());

  it.each(cases)('$statement: $sql', async ({ sqld, sandbox, sql }) => {
    const [outcome] = await run([execute(sql)]);
    if (sqld === 'unsupported') expect(outcome).toEqual(unsupported(sql));
    else if (sandbox === 'denies')
      expect(outcome).toMatchObject({ type: 'error', error: { code: 'SQLITE_AUTH', message: expect.stringMatching(/not allowed/) } });
    else expect(outcome, JSON.stringify(outcome)).toMatchObject({ type: 'ok' });
  });

  it.each(cases.filter(({ sqld }) => sqld === 'unsupported'))('refuses a whole sequence holding $sql, before any of it runs', async ({ sql }) => {
    const before = await count();
    const text = `INSERT INTO rules_t VALUES (1); ${sql};`;
    expect((await run([{ type: 'sequence', sql: text }]))[0]).toEqual(unsupported(text));
    expect(await count()).toEqual(before);
  });

  it('judges the first statement of an execute before counting its statements, as sqld does', async () => {
    const [first, second] = await run([execute('VACUUM; SELECT 1'), execute('SELECT 1; VACUUM')]);
    expect(first).toEqual(unsupported('VACUUM; SELECT 1'));
    expect(second).toMatchObject({ type: 'error', error: { code: 'SQL_MANY_STATEMENTS' } });
  });

  it.each([
    ['EXPLAIN VACUUM', 'ok'],
    ['EXPLAIN QUERY PLAN SELECT 1', 'ok'],
    ['EXPLAIN CREATE TEMP TABLE x (y)', 'ok'],
    ['EXPLAIN PRAGMA wal_checkpoint', 'unsupported'],
    ['EXPLAIN PRAGMA foreign_keys', 'ok'],
    ['explain pragma busy_timeout = 1', 'unsupported'],
  ])('reads EXPLAIN as sqld does: %s', async (sql, answer) => {
    const [outcome] = await run([execute(sql)]);
    if (answer === 'unsupported') expect(outcome).toEqual(unsupported(sql));
    else expect(outcome, JSON.stringify(outcome)).toMatchObject({ type: 'ok' });
  });

  it('does not judge `describe` (sqld compiles its text without classifying it)', async () => {
    const [outcome] = await run([{ type: 'describe', sql: 'ANALYZE' }]);
    expect(outcome).toMatchObject({ type: 'ok', response: { type: 'describe' } });
  });

  it('refuses in a batch step with the step error, and the other steps run', async () => {
    const [outcome] = await run([{ type: 'batch', steps: [{ sql: 'VACUUM' }, { sql: 'SELECT 1' }] } as SqlRequest]);
    expect(outcome).toMatchObject({ type: 'ok', response: { type: 'batch', result: { step_errors: [unsupported('VACUUM').error, null] } } });
  });
});
