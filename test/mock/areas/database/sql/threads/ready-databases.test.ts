// Each SQL worker holds one empty database opened ahead (ready-databases.ts): a new namespace's
// first statement takes it over instead of opening its own. The policy, on stand-in workers, and
// through the engine: which databases take one, what the worker is sent, and that the rows stay
// in their own namespace (the model-based test, test/mock/areas/database/sql/engine-model.test.ts, fails when two
// databases are given the same one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEngine, type DatabaseSource, type SqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { sharedFiles } from '../../../../../../packages/mock/src/areas/database/sql/storage/files.ts';
import type { EngineWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import type { ToWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/messages.ts';
import { ReadyDatabases } from '../../../../../../packages/mock/src/areas/database/sql/threads/ready-databases.ts';

// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, engineWorkers: 1, maxDatabases: 8 };
const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });

/** A worker that records what it is sent. */
function standIn(alive = true) {
  const sent: ToWorker[] = [];
  const worker = { alive, send: (message: ToWorker) => sent.push(message) } as unknown as EngineWorker;
  return { worker, sent };
}

function readyDatabases() {
  const later: (() => void)[] = [];
  let epoch = 0;
  const ready = new ReadyDatabases(
    () => sharedFiles(1024),
    () => ++epoch,
    (next) => later.push(next),
  );
  return { ready, runLater: () => later.splice(0).forEach((next) => next()) };
}

describe('ReadyDatabases', () => {
  it('opens one empty database ahead per worker, marked ready, under a key no owner has', () => {
    const { ready } = readyDatabases();
    const { worker, sent } = standIn();
    ready.prepare(worker);
    ready.prepare(worker);
    expect(sent).toEqual([expect.objectContaining({ t: 'open', ready: true, epoch: 1 })]);
    expect((sent[0] as { key: string }).key.startsWith('\u0000')).toBe(true);
  });

  it('gives it to one database, tells the worker its new key, and opens the next one later, not before the statement', () => {
    const { ready, runLater } = readyDatabases();
    const { worker, sent } = standIn();
    ready.prepare(worker);
    const opened = sent[0] as Extract<ToWorker, { t: 'open' }>;
    expect(ready.take(worker, 'ns\u00000\u0000db')).toBe(opened.files);
    expect(sent.slice(1)).toEqual([{ t: 'adopt', from: opened.key, key: 'ns\u00000\u0000db' }]);
    expect(ready.take(worker, 'other\u00000\u0000db')).toBeUndefined();
    runLater();
    const next = sent[2] as Extract<ToWorker, { t: 'open' }>;
    expect(next).toMatchObject({ t: 'open', ready: true, epoch: 2 });
    expect(next.key).not.toBe(opened.key);
    expect(next.files).not.toBe(opened.files);
  });

  it.each([
    ['a worker that ended before it was given one', (ready: ReadyDatabases, worker: EngineWorker) => ready.prepare(worker), false],
    [
      'a worker forgotten (it ended) after it was given one',
      (ready: ReadyDatabases, worker: EngineWorker) => (ready.prepare(worker), ready.forget(worker)),
      true,
    ],
  ])('gives none from %s', (_, setUp, alive) => {
    const { ready } = readyDatabases();
    const { worker, sent } = standIn(alive);
    setUp(ready, worker);
    const before = sent.length;
    expect(ready.take(worker, 'ns\u00000\u0000db')).toBeUndefined();
    expect(sent.length).toBe(before);
  });
});

describe('the engine and its ready databases', () => {
  let engine: SqlEngine | undefined;
  let dir: string | undefined;
  /** A database image with two rows in `t`, made by an engine of its own. */
  let image: Uint8Array | undefined;
  beforeAll(async () => {
    const maker = createSqlEngine({ limits: LIMITS });
    try {
      await maker
        .database('maker\u00000', 'db')
        .executor.run(1, 'full', [execute('CREATE TABLE t (v TEXT)'), execute("INSERT INTO t VALUES ('x'), ('y')"), { type: 'close' }]);
      image = await maker.imageOf('maker\u00000', 'db');
    } finally {
      await maker.close();
    }
  });
  afterEach(async () => {
    await engine?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    engine = undefined;
    dir = undefined;
  });

  /** What the worker is sent while a database, made from `source`, runs its first statement (a namespace ran before it on the same worker). */
  async function firstStatement(source: () => DatabaseSource) {
    engine = createSqlEngine({ limits: LIMITS });
    const first = await engine
      .database('a\u00000', 'db')
      .executor.run(1, 'full', [execute('CREATE TABLE t (v TEXT)'), execute("INSERT INTO t VALUES ('a')"), { type: 'close' }]);
    expect(first.every((outcome) => outcome.type === 'ok')).toBe(true);
    const worker = engine.workerOf('a\u00000', 'db')!;
    const sent: ToWorker['t'][] = [];
    const send = worker.send.bind(worker);
    worker.send = (message, transfer) => {
      sent.push(message.t === 'open' && message.ready ? ('open ready' as ToWorker['t']) : message.t);
      send(message, transfer);
    };
    const outcomes = await engine
      .database('b\u00000', 'db', source())
      .executor.run(1, 'full', [execute('CREATE TABLE IF NOT EXISTS t (v TEXT)'), execute('SELECT count(*) FROM t'), { type: 'close' }]);
    return { sent, outcomes };
  }

  it('gives a new empty database the one its worker opened ahead: no open before its statement, the next one opened after it', async () => {
    const { sent, outcomes } = await firstStatement(() => ({ initial: () => undefined }));
    expect(sent).toEqual(['adopt', 'run', 'open ready']);
    // Its own rows only: the namespace before it wrote one row to its own database.
    expect(outcomes[1]).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'integer', value: '0' }]] } } });
  });

  it.each([
    ['a snapshot image', (): DatabaseSource => ({ initial: () => image })],
    ['a host file', (): DatabaseSource => ({ file: path.join((dir = mkdtempSync(path.join(tmpdir(), 'ready-'))), 'b.db') })],
  ])('opens a database that starts from %s on its own files, and takes no ready one', async (_, source) => {
    const { sent } = await firstStatement(source);
    expect(sent[0]).toBe('open');
    expect(sent).not.toContain('adopt');
  });
});
