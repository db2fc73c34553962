// The mock clock and a lock wait (worker.ts, supervisor-thread.ts): what the clock moves while a
// statement waits for another stream's write lock is the wait's time, not the statement's (as real
// time is). A statement that waited through an advance past the statement limit, but not past the
// lock wait, runs once it has the lock, and is answered; nothing sleeps.
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { close, execute } from '../../../../support/sql-engine.ts';

// The lock wait longer than the statement limit, so one advance can pass the second only.
const LIMITS = {
  statementTimeoutMs: 30_000,
  lockWaitMs: 120_000,
  maxResultBytes: 1_000_000,
  memoryLimitBytes: 64 * 1024 * 1024,
  maxDatabaseBytes: 16_000_000,
  maxDatabases: 4,
  engineWorkers: 1,
};
/** Once it has the lock, a write that runs long enough (about a second) for the watchdog to look at it many times. */
const SLOW_INSERT = execute(
  'INSERT INTO t SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000) SELECT x FROM c)',
);

describe('a statement that waited for a lock while the clock moved', () => {
  const clock = new Float64Array(new SharedArrayBuffer(8));
  const engine = createSqlEngine({ limits: LIMITS, clockOffset: clock.buffer as SharedArrayBuffer });
  afterAll(() => engine.close());
  const run = (requests: SqlRequest[], stream: number) => engine.database('lock-clock\u0000g', 'db').executor.run(stream, 'full', requests);

  it('is answered, not stopped: the advance during its wait was the wait’s', async () => {
    await run([execute('CREATE TABLE t (x)'), close], 1);
    await run([execute('BEGIN IMMEDIATE')], 2);
    const waiting = once(engine.workerOf('lock-clock\u0000g', 'db')!.events, 'waiting');
    const writer = run([SLOW_INSERT, execute('SELECT count(*) FROM t'), close], 3);
    await waiting;
    clock[0]! += LIMITS.statementTimeoutMs * 2;
    await run([execute('COMMIT'), close], 2);
    const [inserted, counted] = await writer;
    expect(inserted).toMatchObject({ type: 'ok', response: { result: { affected_row_count: 1 } } });
    expect(counted).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'integer', value: '1' }]] } } });
  });
});
