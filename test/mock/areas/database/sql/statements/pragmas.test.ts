// The pragma table (PRAGMAS in engine/statement-rules.ts: sqld's rules and the sandbox's policy in
// one) is the one table that decides: these tests are generated from it, each pragma × Full Access
// and Read Only × without and with a value, accepted and refused alike (sqld's SQL_PARSE_ERROR
// first, then the sandbox's refusal); every setting a stream makes of its connection is gone for
// the next stream; and a pragma off the table is unsupported for either token, as sqld answers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type EngineDatabase, type SqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { Access, SqlOutcome, SqlRequest } from '../../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { PRAGMAS, type PragmaRule, type Who } from '../../../../../../packages/mock/src/areas/database/sql/statements/statement-rules.ts';
import { close, execute } from '../../../../../support/sql-engine.ts';

const MAX_DATABASE_BYTES = 1024 * 1024;
const LIMITS = {
  statementTimeoutMs: 60_000,
  lockWaitMs: 60_000,
  maxResultBytes: 1_000_000,
  memoryLimitBytes: 128 * 1024 * 1024,
  maxDatabaseBytes: MAX_DATABASE_BYTES,
  maxDatabases: 8,
  engineWorkers: 2,
};

const mayDo = (who: Who, access: Access) => who === 'any' || (who === 'full' && access === 'full');
const refusalOf = (who: Who): string => (who === 'none' ? 'SQLITE_AUTH' : 'SQLITE_READONLY');
const readSql = (name: string, rule: PragmaRule) => (rule.argument ? `PRAGMA ${name}(${rule.example})` : `PRAGMA ${name}`);

const unsupported = (sql: string) => ({
  type: 'error',
  error: { code: 'SQL_PARSE_ERROR', message: `SQL string could not be parsed: unsupported statement: ${sql}` },
});

const policy = Object.entries(PRAGMAS);
const cases = policy.flatMap(([name, rule]) =>
  (['full', 'read-only'] as const).flatMap((access) => [
    { name, access, op: 'read' as const, sql: readSql(name, rule), who: rule.read, sqld: rule.sqld !== 'never' },
    // A value given to a pragma that takes a table is its argument: the read above covers it.
    ...(rule.argument === 'table'
      ? []
      : [{ name, access, op: 'set' as const, sql: `PRAGMA ${name} = ${rule.example}`, who: rule.argument ? rule.read : rule.set, sqld: rule.sqld === 'any' }]),
  ]),
);

describe('the pragma policy', () => {
  let engine: SqlEngine;
  let database: EngineDatabase;
  let nextStream = 1;
  const run = (requests: SqlRequest[], access: Access = 'full'): Promise<SqlOutcome[]> => database.executor.run(nextStream++, access, [...requests, close]);
  const value = async (sql: string) => {
    const [outcome] = await run([execute(sql)]);
    return outcome?.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.rows : outcome;
  };

  beforeAll(async () => {
    engine = createSqlEngine({ limits: LIMITS });
    database = engine.database('pragmas\u0000g', 'db');
    await run([execute('CREATE TABLE pragma_target (x INTEGER PRIMARY KEY, y)'), execute('CREATE INDEX pragma_target_index ON pragma_target (y)')]);
  });
  afterAll(() => engine.close());

  it.each(cases)('$access: $op of PRAGMA $name ($sql)', async ({ access, sql, who, sqld }) => {
    const [outcome] = await run([execute(sql)], access);
    if (!sqld) expect(outcome).toEqual(unsupported(sql));
    else if (mayDo(who, access)) expect(outcome, JSON.stringify(outcome)).toMatchObject({ type: 'ok' });
    else expect(outcome).toMatchObject({ type: 'error', error: { code: refusalOf(who) } });
  });

  const connectionSettings = policy.filter(([, rule]) => rule.sqld === 'any' && rule.scope === 'connection' && rule.set === 'full' && rule.read === 'any');
  it.each(connectionSettings)('PRAGMA %s set by one stream is gone for the next one', async (name, rule) => {
    const before = await value(`PRAGMA ${name}`);
    for (let i = 0; i < 3; i++) expect((await run([execute(`PRAGMA ${name} = ${rule.example}`), execute(`PRAGMA ${name}`)]))[0]).toMatchObject({ type: 'ok' });
    expect(await value(`PRAGMA ${name}`)).toEqual(before);
  });

  it.each(['writable_schema', 'temp_store_directory', 'data_store_directory', 'key', 'rekey', 'cipher', 'vdbe_trace', "'busy_timeout'", 'no_such_pragma'])(
    'answers PRAGMA %s, off the table, as sqld does (unsupported) for either token',
    async (name) => {
      for (const access of ['full', 'read-only'] as const) {
        for (const sql of [`PRAGMA ${name}`, `PRAGMA ${name} = 1`, `PRAGMA main.${name}`, `EXPLAIN PRAGMA ${name}`])
          expect((await run([execute(sql)], access))[0]).toEqual(unsupported(sql));
      }
    },
  );

  it(`keeps a database under maxDatabaseBytes (${MAX_DATABASE_BYTES}) whatever max_page_count a stream asks for`, async () => {
    const outcomes = await run([
      execute('PRAGMA max_page_count = 1000000'),
      execute('CREATE TABLE filler (b)'),
      ...Array.from({ length: 30 }, () => execute('INSERT INTO filler VALUES (zeroblob(100000))')),
    ]);
    expect(outcomes[0]).toEqual(unsupported('PRAGMA max_page_count = 1000000'));
    expect(outcomes.map((outcome) => (outcome.type === 'ok' ? 'ok' : outcome.error.code))).toContain('SQLITE_FULL');
    expect(await value(`SELECT count(*) * 100000 <= ${MAX_DATABASE_BYTES} FROM filler`)).toEqual([[{ type: 'integer', value: '1' }]]);
  });
});
