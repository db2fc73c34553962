// What a worker keeps of the SQL texts it is sent (issue 43): a text whose statements compiled and
// ran is remembered (split into statements), one that never compiled is not, nor one longer than
// SPLIT_CACHE_LONGEST, so a client sending large broken texts does not grow the mock. Counted in
// the worker's split cache (texts and bytes kept), not by the process's memory.
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { SPLIT_CACHE_LONGEST } from '../../../../../../packages/mock/src/areas/database/sql/statements/split-cache.ts';

const engine = createSqlEngine({
  // biome-ignore format: one line
  limits: { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, maxDatabases: 4, engineWorkers: 1 },
});
afterAll(() => engine.close());

const database = engine.database('cache\u00000', 'db');
let stream = 1;
async function send(request: SqlRequest) {
  const [outcome] = await database.executor.run(stream++, 'full', [request, { type: 'close' }]);
  const worker = engine.workerOf('cache\u00000', 'db')!;
  return { outcome, kept: (await database.executor.inspect(worker)).splitCache };
}
const long = (sql: string) => `${sql}${' '.repeat(SPLIT_CACHE_LONGEST + 1 - sql.length)}`;

// The policy, one row per case: the text sent, whether it runs, and whether the worker keeps it.
const CASES: [name: string, request: SqlRequest, ok: boolean, kept: boolean][] = [
  ['a syntax error', { type: 'execute', stmt: { sql: 'SELEC 1 -- broken' } }, false, false],
  ['a syntax error in a sequence', { type: 'sequence', sql: 'SELECT 1; SELEC 2' }, false, false],
  ['a text past SPLIT_CACHE_LONGEST, broken', { type: 'execute', stmt: { sql: long('SELEC 3') } }, false, false],
  ['a text past SPLIT_CACHE_LONGEST that runs', { type: 'execute', stmt: { sql: long('SELECT 4') } }, true, false],
  ['a statement that runs', { type: 'execute', stmt: { sql: 'SELECT 5' } }, true, true],
  ['a sequence that runs', { type: 'sequence', sql: 'SELECT 6; SELECT 7' }, true, true],
];

describe('the SQL texts a worker keeps', () => {
  it.each(CASES)('%s: answered as it runs, kept only when it compiled, within the caps', async (_, request, ok, kept) => {
    const before = (await send({ type: 'get_autocommit' })).kept;
    const { outcome, kept: after } = await send(request);
    expect(outcome?.type).toBe(ok ? 'ok' : 'error');
    expect(after.texts - before.texts).toBe(kept ? 1 : 0);
    const sql = request.type === 'execute' ? request.stmt.sql : request.type === 'sequence' ? request.sql : '';
    expect(after.bytes - before.bytes).toBe(kept ? 2 * sql.length : 0);
  });

  it('the same broken text sent ten times keeps nothing', async () => {
    const before = (await send({ type: 'get_autocommit' })).kept;
    for (let i = 0; i < 10; i++) await send({ type: 'execute', stmt: { sql: 'SELEC 8 -- again' } });
    expect((await send({ type: 'get_autocommit' })).kept).toEqual(before);
  });
});
