// The database engine's last guard (issue 43): a request its worker does not answer within the
// request's limits plus a grace fails with ENGINE_REQUEST_LOST, naming the request, instead of
// staying silent. The guard's clock is injected: the test moves it, nothing here waits on time.
// A run held in a lock wait (the supervisor's limits set far away) stands for a request lost.
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import { GUARD_GRACE_MS } from '../../../../../packages/mock/src/areas/database/sql/threads/messages.ts';

let now = 0;
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 100_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000 };
const engine = createSqlEngine({ limits: { ...LIMITS, maxDatabases: 2, engineWorkers: 1 }, guardClock: () => now });
afterAll(() => engine.close());

describe("the engine's last guard", () => {
  it('fails a request past its limits plus the grace with ENGINE_REQUEST_LOST naming it, and only then', async () => {
    const { executor } = engine.database('guard\u00000', 'db');
    const write = (sql: string) => ({ type: 'execute' as const, stmt: { sql } });
    await executor.run(1, 'full', [write('CREATE TABLE t (n INTEGER)'), write('BEGIN IMMEDIATE'), write('INSERT INTO t VALUES (1)')]);
    const worker = engine.workerOf('guard\u00000', 'db')!;
    const waiting = new Promise((resolve) => worker.events.once('waiting', resolve));
    const blocked = executor.run(2, 'full', [write('INSERT INTO t VALUES (2)')]).catch((error: Error & { code: string }) => error);
    await waiting;
    const limit = LIMITS.statementTimeoutMs + LIMITS.lockWaitMs;
    now += limit + GUARD_GRACE_MS;
    expect(engine.failOverdue()).toBe(0);
    expect(engine.inFlight()).toBe(1);
    now += 1;
    expect(engine.failOverdue()).toBe(1);
    const error = await blocked;
    expect(error).toMatchObject({ code: 'ENGINE_REQUEST_LOST' });
    expect((error as Error).message).toMatch(/lost request \d+ \(a run of 1 statement\(s\) on stream 2\)/);
    expect(engine.inFlight()).toBe(0);
  });
});
