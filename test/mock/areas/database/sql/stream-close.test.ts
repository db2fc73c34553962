// A stream's close goes to its worker with the next message sent there, not alone: Hrana over
// WebSocket closes a stream after every execute (@libsql/client's close_stream), and a close alone
// woke the SQL thread once more per statement. Only what that worker runs can meet what a close
// releases (a database is open in one worker at a time), and a run carries the closes before it,
// which the worker does first: so every answer is as if the close had gone alone. A close that no
// message follows is sent alone after a short wait. Counted (messages posted), never timed.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createSqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';

// A write lock still held would answer SQLITE_BUSY after this wait instead of the insert's success.
// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 50, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, maxDatabases: 4, engineWorkers: 1 };
const OWNER = 'closes\u00000';
const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });

const engine = createSqlEngine({ limits: LIMITS, guardClock: () => 0 });
afterAll(() => engine.close());
afterEach(() => vi.useRealTimers());
const executor = () => engine.database(OWNER, 'db').executor;
const worker = () => engine.workerOf(OWNER, 'db')!;

describe("a stream's close", () => {
  it('goes with the next run, in the same message, and is done before it: the lock released, the uncommitted row gone', async () => {
    const held = await executor().run(1, 'full', [
      execute('CREATE TABLE t (v TEXT)'),
      execute('BEGIN IMMEDIATE'),
      execute("INSERT INTO t VALUES ('uncommitted')"),
    ]);
    expect(held.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'ok']);
    const before = { ...worker().posted };

    executor().closeStream(1);
    expect(worker().posted).toEqual(before);

    const next = await executor().run(2, 'full', [execute("INSERT INTO t VALUES ('next')"), execute('SELECT v FROM t'), { type: 'close' }]);
    expect(next.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'ok']);
    const read = next[1]!;
    expect(read.type === 'ok' && read.response.type === 'execute' && read.response.result.rows).toEqual([[{ type: 'text', value: 'next' }]]);
    expect(worker().posted).toEqual({ messages: before.messages + 1, closesCarried: before.closesCarried + 1 });
  });

  it('that no message follows is sent alone after a short wait, and its connection is back in the pool', async () => {
    await executor().run(3, 'full', [execute('BEGIN IMMEDIATE')]);
    const pooled = (await executor().inspect(worker())).pool.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = { ...worker().posted };

    executor().closeStream(3);
    expect(worker().posted).toEqual(before);
    vi.advanceTimersByTime(1_000);
    expect(worker().posted).toEqual({ messages: before.messages + 1, closesCarried: before.closesCarried });

    vi.useRealTimers();
    const inspected = await executor().inspect(worker());
    expect(inspected.streams).toBe(0);
    expect(inspected.pool.length).toBe(pooled + 1);
    // The transaction it held was rolled back: another stream writes at once.
    const next = await executor().run(4, 'full', [execute("INSERT INTO t VALUES ('after')"), { type: 'close' }]);
    expect(next.map((outcome) => outcome.type)).toEqual(['ok', 'ok']);
  });

  it("in a run (a pipeline's close) is done once the run's answer is sent and before anything sent after it; what follows it in the run answers STREAM_CLOSED", async () => {
    const closed = await executor().run(5, 'full', [
      execute('BEGIN IMMEDIATE'),
      execute("INSERT INTO t VALUES ('rolled back')"),
      { type: 'close' },
      execute('SELECT 1'),
    ]);
    expect(closed.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'ok', 'error']);
    expect(closed[3]).toMatchObject({ type: 'error', error: { code: 'STREAM_CLOSED' } });
    // Its transaction was rolled back and its lock released: another stream writes at once and reads no uncommitted row.
    const next = await executor().run(6, 'full', [
      execute("INSERT INTO t VALUES ('later')"),
      execute("SELECT count(*) FROM t WHERE v = 'rolled back'"),
      { type: 'close' },
    ]);
    expect(next.map((outcome) => outcome.type)).toEqual(['ok', 'ok', 'ok']);
    const read = next[1]!;
    expect(read.type === 'ok' && read.response.type === 'execute' && read.response.result.rows).toEqual([[{ type: 'integer', value: '0' }]]);
    expect((await executor().inspect(worker())).streams).toBe(0);
  });
});
