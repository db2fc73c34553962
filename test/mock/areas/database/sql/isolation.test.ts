// The database engine under faults, driven without HTTP: what a client is told is what happened to
// its data, and one namespace's runaway statement, single long function call or lock never
// stalls, interrupts or loses another namespace's work. Time limits follow the shared clock's
// advance (the test moves it; the supervisor thread sees it at its next look); nothing sleeps.

import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type SqlEngine } from '../../../../../packages/mock/src/areas/database/sql/index.ts';
import { STATEMENT_CACHE_BYTES } from '../../../../../packages/mock/src/areas/database/sql/statements/connection.ts';
import type { SqlOutcome, SqlRequest } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { SPLIT_CACHE_BYTES } from '../../../../../packages/mock/src/areas/database/sql/statements/split-cache.ts';
import { FULL_ACCESS_TOKEN, HEALTH_PATH, useDatabaseMock } from '../../../../support/database.ts';
import { close, execute } from '../../../../support/sql-engine.ts';

// The lock wait shorter than the statement limit: one advance past the wait (lockWaitMs + 1) is not past
// the statement limit too, so which limit answers never depends on which thread sees the clock first.
const LIMITS = {
  statementTimeoutMs: 60_000,
  lockWaitMs: 30_000,
  maxResultBytes: 1_000_000,
  memoryLimitBytes: 256 * 1024 * 1024,
  maxDatabaseBytes: 16_000_000,
  maxDatabases: 16,
  engineWorkers: 4,
};
const valueIn = (outcome: SqlOutcome | undefined) =>
  outcome?.type === 'ok' && outcome.response.type === 'execute' ? outcome.response.result.rows[0]?.[0] : undefined;
/** One SQL function call that runs for tens of seconds: instr() over 400,000 × 22,000 characters that never match. */
const LONG_CALL_TABLE = [
  execute('CREATE TABLE IF NOT EXISTS big (a, b)'),
  execute("INSERT INTO big SELECT replace(hex(zeroblob(200000)), '0', 'a'), replace(hex(zeroblob(11000)), '0', 'a') || 'b'"),
];
const RUNAWAY = execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c');
/** Settles when the promise does, remembering that it did. */
const watched = <T>(promise: Promise<T>) => {
  const state = { settled: false, promise: promise.finally(() => (state.settled = true)) };
  state.promise.catch(() => {});
  return state;
};

describe('the engine under faults', () => {
  let engine: SqlEngine;
  const clock = new Float64Array(new SharedArrayBuffer(8));
  const advance = (ms: number) => (clock[0]! += ms);
  let nextStream = 1;
  const run = (namespace: string, requests: SqlRequest[], stream = nextStream++) =>
    engine.database(`${namespace}\u0000g`, 'db').executor.run(stream, 'full', requests);
  const count = async (namespace: string, table = 't') => valueIn((await run(namespace, [execute(`SELECT count(*) FROM ${table}`), close]))[0]);

  beforeAll(async () => {
    engine = createSqlEngine({ limits: LIMITS, clockOffset: clock.buffer as SharedArrayBuffer });
    for (const namespace of ['a', 'b', 'c', 'd'])
      await run(namespace, [execute('CREATE TABLE t (x)'), execute('CREATE TABLE keep (x)'), execute('INSERT INTO keep VALUES (1)'), close]);
    await run('a', [...LONG_CALL_TABLE, close]);
  });
  afterAll(() => engine.close());

  it('answers an INSERT stopped in one long function call as rolled back, and it left no row; an INSERT of another namespace sent behind it commits and says so', async () => {
    const runaway = watched(run('a', [execute('INSERT INTO t SELECT instr(a, b) FROM big'), close]));
    const other = run('b', [execute('INSERT INTO t VALUES (1)'), close]);
    expect((await other)[0]).toMatchObject({ type: 'ok', response: { result: { affected_row_count: 1 } } });
    expect(runaway.settled).toBe(false);
    advance(LIMITS.statementTimeoutMs + 1);
    await expect(runaway.promise).rejects.toMatchObject({ code: 'SQLITE_INTERRUPT', message: expect.stringMatching(/rolled back/) });
    expect(await count('a')).toEqual({ type: 'integer', value: '0' });
    expect(await count('b')).toEqual({ type: 'integer', value: '1' });
    // The stopped namespace's committed data came back as last committed, in a new thread.
    expect(await count('a', 'keep')).toEqual({ type: 'integer', value: '1' });
  });

  it("answers another namespace's SELECT 1 while a runaway statement runs, and the runaway's stop reaches only the runaway", async () => {
    const runaway = watched(run('c', [RUNAWAY, close]));
    const during = await run('d', [execute('SELECT 1'), close]);
    expect(valueIn(during[0])).toEqual({ type: 'integer', value: '1' });
    expect(runaway.settled).toBe(false);
    advance(LIMITS.statementTimeoutMs + 1);
    // Sent once the runaway is past its limit: answered, never stopped in its place.
    const after = await run('d', [execute('SELECT 2'), close]);
    expect(valueIn(after[0])).toEqual({ type: 'integer', value: '2' });
    await expect(runaway.promise).rejects.toMatchObject({ code: 'SQLITE_INTERRUPT' });
  });

  it("keeps another namespace's open transaction when a runaway's thread is ended", async () => {
    const holder = nextStream++;
    await run('b', [execute('BEGIN'), execute('INSERT INTO t VALUES (2)')], holder);
    // Another namespace's run takes this turn of the event loop, so the runaway waits for the next
    // (fair-turns.ts) and is sent after the clock moved: its time still counts from when it was asked for.
    const first = run('d', [execute('SELECT 1'), close]);
    const runaway = watched(run('a', [execute('SELECT instr(a, b) FROM big'), close]));
    advance(LIMITS.statementTimeoutMs + 1);
    expect(valueIn((await first)[0])).toEqual({ type: 'integer', value: '1' });
    await expect(runaway.promise).rejects.toMatchObject({ code: 'SQLITE_INTERRUPT' });
    const [inside, committed] = await run('b', [execute('SELECT count(*) FROM t'), execute('COMMIT'), close], holder);
    expect(valueIn(inside)).toEqual({ type: 'integer', value: '2' });
    expect(committed).toMatchObject({ type: 'ok' });
  });

  it('gives the last committed image of a database whose statement runs, without waiting for it', async () => {
    const holder = nextStream++;
    await run('c', [execute('DELETE FROM t'), execute('INSERT INTO t VALUES (1)'), close]);
    // Uncommitted: a row in an open transaction, then a runaway on another stream.
    await run('c', [execute('BEGIN'), execute('INSERT INTO t VALUES (2)')], holder);
    const runaway = watched(run('c', [RUNAWAY, close]));
    const image = await engine.imageOf('c\u0000g', 'db');
    expect(runaway.settled).toBe(false);
    const copy = engine.database('copy\u0000g', 'db', { initial: () => image });
    expect(valueIn((await copy.executor.run(nextStream++, 'full', [execute('SELECT count(*) FROM t'), close]))[0])).toEqual({ type: 'integer', value: '1' });
    advance(LIMITS.statementTimeoutMs + 1);
    await expect(runaway.promise).rejects.toMatchObject({ code: 'SQLITE_INTERRUPT' });
    await run('c', [execute('ROLLBACK'), close], holder);
  });

  it('shows every row another stream committed to a stream that was refused SQLITE_BUSY', async () => {
    const holder = nextStream++;
    await run('d', [execute('DELETE FROM t'), execute('BEGIN IMMEDIATE')], holder);
    const writer = nextStream++;
    const waiting = once(engine.workerOf('d\u0000g', 'db')!.events, 'waiting');
    const refused = run('d', [execute('INSERT INTO t VALUES (0)')], writer);
    await waiting;
    advance(LIMITS.lockWaitMs + 1);
    expect((await refused)[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_BUSY' } });
    await run('d', [...Array.from({ length: 96 }, (_, i) => execute(`INSERT INTO t VALUES (${i + 1})`)), execute('COMMIT'), close], holder);
    const [seenByWriter] = await run('d', [execute('SELECT count(*) FROM t'), close], writer);
    expect(valueIn(seenByWriter)).toEqual({ type: 'integer', value: '96' });
    for (let i = 0; i < 4; i++) expect(await count('d')).toEqual({ type: 'integer', value: '96' });
  });
});

describe('SQL text caches bounded by bytes', () => {
  let engine: SqlEngine;
  afterAll(() => engine.close());

  it('keeps no more than its byte caps of SQL text, however many distinct or long texts a stream sends', async () => {
    engine = createSqlEngine({ limits: LIMITS });
    const database = engine.database('caches\u0000g', 'db');
    const stream = 1;
    await database.executor.run(stream, 'full', [execute('CREATE TABLE t (x)')]);
    // Long texts that do not compile (as the adversary's 3.9 MB ones), then long ones that do, then many short ones.
    const long = (i: number, valid: boolean) => `${valid ? 'SELECT' : 'SELEC'} ${i} ${'+ 1 '.repeat(75_000)}`;
    for (let i = 0; i < 20; i++) await database.executor.run(stream, 'full', [execute(long(i, false)), execute(long(i, true))]);
    for (let i = 0; i < 3_000; i++) await database.executor.run(stream, 'full', [execute(`SELECT ${i}`)]);
    await database.executor.run(stream, 'full', [close]);
    const { pool, splitCache } = await database.executor.inspect(engine.workerOf('caches\u0000g', 'db')!);
    expect(splitCache.bytes).toBeLessThanOrEqual(SPLIT_CACHE_BYTES);
    expect(splitCache.texts).toBeGreaterThan(0);
    for (const connection of pool) expect(connection.cached.bytes).toBeLessThanOrEqual(STATEMENT_CACHE_BYTES);
  });
});

describe('the HTTP door while SQL runs', () => {
  const mock = useDatabaseMock({ statementTimeoutMs: 600_000 });
  const post = (token: string, requests: unknown[]) =>
    mock
      .fetch(`${mock.url}/v2/pipeline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requests }),
      })
      .then((response) => response.json() as Promise<{ results: { type: string }[] }>);

  it("answers health and another namespace's snapshot while a namespace's runaway runs, and a snapshot of the busy one as last committed", async () => {
    const minted = await mock.fetch(`${mock.url}/database/my-database/tokens`, {
      method: 'POST',
      headers: { AccessKey: 'busy-other', 'content-type': 'application/json' },
      body: '{"kinds":["full_access"]}',
    });
    const other = ((await minted.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
    await post(other, [execute('CREATE TABLE o (x)'), execute('INSERT INTO o VALUES (1)'), close]);
    await post(FULL_ACCESS_TOKEN, [execute('CREATE TABLE mine (x)'), execute('INSERT INTO mine VALUES (1)'), close]);
    const runaway = watched(post(FULL_ACCESS_TOKEN, [RUNAWAY, close]));

    expect((await mock.fetch(`${mock.url}${HEALTH_PATH}`)).status).toBe(200);
    const otherState = await mock.fetch(`${mock.url}/_mock/state?namespace=busy-other`);
    expect(otherState.status).toBe(200);
    const busyState = await mock.fetch(`${mock.url}/_mock/state`);
    expect(busyState.status).toBe(200);
    expect(runaway.settled).toBe(false);
    const data = ((await busyState.json()) as { areas: { database: { databases: Record<string, { data: string }> } } }).areas.database.databases['my-database']!
      .data;
    expect(Buffer.from(data, 'base64').subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');

    mock.host.advance(600_001);
    expect((await runaway.promise).results[0]!.type).toBe('error');
  });
});
