// The pragma policy (PRAGMA_POLICY in the engine's sandbox) is the one table that decides: these
// tests are generated from it, each pragma × Full Access and Read Only × read and set, accepted
// and refused alike; every setting a stream makes of its connection is gone for the next stream;
// and a pragma off the table is refused for either token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type EngineDatabase, type SqlEngine } from '../../packages/mock/src/areas/database/engine/index.ts';
import type { Access, SqlOutcome, SqlRequest } from '../../packages/mock/src/areas/database/engine/messages.ts';
import { PRAGMA_POLICY, type PragmaRule, type Who } from '../../packages/mock/src/areas/database/engine/sandbox.ts';

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
const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });
const close: SqlRequest = { type: 'close' };

const mayDo = (who: Who, access: Access) => who === 'any' || (who === 'full' && access === 'full');
const refusalOf = (who: Who): string => (who === 'none' ? 'SQLITE_AUTH' : 'SQLITE_READONLY');
const readSql = (name: string, rule: PragmaRule) => (rule.argument ? `PRAGMA ${name}(${rule.example})` : `PRAGMA ${name}`);

const policy = Object.entries(PRAGMA_POLICY);
const cases = policy.flatMap(([name, rule]) =>
  (['full', 'read-only'] as const).flatMap((access) => [
    { name, access, op: 'read' as const, sql: readSql(name, rule), who: rule.read },
    // A value given to a pragma that takes an argument is its argument: the read above covers it.
    ...(rule.argument ? [] : [{ name, access, op: 'set' as const, sql: `PRAGMA ${name} = ${rule.example}`, who: rule.set }]),
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

  it.each(cases)('$access: $op of PRAGMA $name ($sql)', async ({ access, sql, who }) => {
    const [outcome] = await run([execute(sql)], access);
    if (mayDo(who, access)) expect(outcome, JSON.stringify(outcome)).toMatchObject({ type: 'ok' });
    else expect(outcome).toMatchObject({ type: 'error', error: { code: refusalOf(who) } });
  });

  const connectionSettings = policy.filter(([, rule]) => rule.scope === 'connection' && rule.set === 'full' && rule.read === 'any');
  it.each(connectionSettings)('PRAGMA %s set by one stream is gone for the next one', async (name, rule) => {
    const before = await value(`PRAGMA ${name}`);
    for (let i = 0; i < 3; i++) expect((await run([execute(`PRAGMA ${name} = ${rule.example}`), execute(`PRAGMA ${name}`)]))[0]).toMatchObject({ type: 'ok' });
    expect(await value(`PRAGMA ${name}`)).toEqual(before);
  });

  it.each([
    'busy_timeout',
    'mmap_size',
    'writable_schema',
    'temp_store_directory',
    'hard_heap_limit',
    'soft_heap_limit',
    'threads',
    'locking_mode',
    'shrink_memory',
  ])('refuses PRAGMA %s, off the table, for either token', async (name) => {
    for (const access of ['full', 'read-only'] as const) {
      for (const sql of [`PRAGMA ${name}`, `PRAGMA ${name} = 1`])
        expect((await run([execute(sql)], access))[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_AUTH' } });
    }
  });

  it(`keeps a database under maxDatabaseBytes (${MAX_DATABASE_BYTES}) whatever max_page_count a stream asks for`, async () => {
    const outcomes = await run([
      execute('PRAGMA max_page_count = 1000000'),
      execute('CREATE TABLE filler (b)'),
      ...Array.from({ length: 30 }, () => execute('INSERT INTO filler VALUES (zeroblob(100000))')),
    ]);
    expect(outcomes[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_AUTH' } });
    expect(outcomes.map((outcome) => (outcome.type === 'ok' ? 'ok' : outcome.error.code))).toContain('SQLITE_FULL');
    expect(await value(`SELECT count(*) * 100000 <= ${MAX_DATABASE_BYTES} FROM filler`)).toEqual([[{ type: 'integer', value: '1' }]]);
  });
});
