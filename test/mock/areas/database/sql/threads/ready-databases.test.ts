// Each SQL worker holds empty databases opened ahead (ready-databases.ts): a new namespace's
// first statement takes the oldest over instead of opening its own. The policy, on stand-in
// workers, and through the engine: which databases take one, what the worker is sent, that the
// open of the one taken was done in the worker's idle turns (counted, on a stand-in event loop),
// and that the rows stay in their own namespace (the model-based test,
// test/mock/areas/database/sql/engine-model.test.ts, fails when two databases are given the same one).
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSqlEngine, type DatabaseSource, type SqlEngine } from '../../../../../../packages/mock/src/areas/database/sql/index.ts';
import type { SqlRequest } from '../../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { type DatabaseFiles, sharedFiles } from '../../../../../../packages/mock/src/areas/database/sql/storage/files.ts';
import { EngineWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/engine-worker.ts';
import { IdleSteps } from '../../../../../../packages/mock/src/areas/database/sql/threads/idle-steps.ts';
import type { ToWorker } from '../../../../../../packages/mock/src/areas/database/sql/threads/messages.ts';
import { READY_PER_WORKER, ReadyDatabases } from '../../../../../../packages/mock/src/areas/database/sql/threads/ready-databases.ts';

// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000, engineWorkers: 1, maxDatabases: 8 };
const execute = (sql: string): SqlRequest => ({ type: 'execute', stmt: { sql } });

/** A worker that records what it is sent. */
function standIn(alive = true) {
  const sent: ToWorker[] = [];
  const worker = {
    alive,
    send: (message: ToWorker) => sent.push(message),
    // As engine-worker.ts tells it (with the run that follows): recorded as the message it stands for.
    carry: (message: ToWorker) => sent.push(message),
  } as unknown as EngineWorker;
  return { worker, sent };
}

function readyDatabases(depth = READY_PER_WORKER, made: DatabaseFiles[] = []) {
  const later: (() => void)[] = [];
  let epoch = 0;
  const ready = new ReadyDatabases(
    () => made[made.push(sharedFiles(1024)) - 1]!,
    () => ++epoch,
    (next) => later.push(next),
    depth,
  );
  return { ready, runLater: () => later.splice(0).forEach((next) => next()) };
}

/**
 * Namespaces one after another on one worker, as worker.ts serves them (an open is begun as a job
 * of `STEPS` idle steps; an adopt finishes its database's open at once if it is not done), with
 * `turns(index)` idle turns of the worker after namespace `index`. Answers how many opens the
 * adopts finished on their statements' path, and how many the worker holds at the end.
 */
function backToBack(depth: number, namespaces: number, turns: (index: number) => number) {
  const STEPS = 3;
  const deferred: (() => void)[] = [];
  const spare = new IdleSteps((next) => deferred.push(next));
  const turn = () => deferred.splice(0).forEach((next) => next());
  const send = (message: ToWorker) => {
    if (message.t === 'open') {
      let step = 0;
      spare.begin(message.key, () => ++step === STEPS);
    }
  };
  // As worker.ts serves them: an adopt finishes its database's open; an open carried with the run begins the next one.
  const carry = (message: ToWorker) => (message.t === 'adopt' ? spare.finish(message.from) : send(message));
  const worker = { alive: true, send, carry } as unknown as EngineWorker;
  const { ready, runLater } = readyDatabases(depth);
  ready.prepare(worker);
  // The engine starts long before its first statement: its first ones are open.
  for (let i = 0; i < STEPS * depth; i++) turn();
  const before = { ...spare.done };
  for (let index = 0; index < namespaces; index++) {
    expect(ready.take(worker, `ns-${index}\u00000\u0000db`)).toBeDefined();
    spare.runStarted();
    spare.runEnded();
    runLater();
    for (let i = 0; i < turns(index); i++) turn();
  }
  return { onPath: spare.done.atOnce - before.atOnce, held: ready.heldBy(worker) };
}

describe('ReadyDatabases', () => {
  it('opens two empty databases ahead per worker, marked ready, under keys no owner has', () => {
    const { ready } = readyDatabases();
    const { worker, sent } = standIn();
    ready.prepare(worker);
    ready.prepare(worker);
    expect(READY_PER_WORKER).toBe(2);
    expect(sent).toEqual([expect.objectContaining({ t: 'open', ready: true, epoch: 1 }), expect.objectContaining({ t: 'open', ready: true, epoch: 2 })]);
    const keys = sent.map((message) => (message as { key: string }).key);
    expect(new Set(keys).size).toBe(2);
    expect(keys.every((key) => key.startsWith('\u0000'))).toBe(true);
    expect(ready.heldBy(worker)).toBe(2);
  });

  it('gives the oldest to one database, and tells the worker its new key and the open of the next one, on files made in a later turn', () => {
    const made: DatabaseFiles[] = [];
    const { ready, runLater } = readyDatabases(READY_PER_WORKER, made);
    const { worker, sent } = standIn();
    ready.prepare(worker);
    const [oldest, second] = sent as Extract<ToWorker, { t: 'open' }>[];
    expect(made).toHaveLength(2);
    expect(ready.take(worker, 'ns\u00000\u0000db')).toBe(oldest!.files);
    // Both carried with the statement's run (the stand-in records carried messages as sent): the adopt first.
    expect(sent.slice(2)).toEqual([{ t: 'adopt', from: oldest!.key, key: 'ns\u00000\u0000db' }, expect.objectContaining({ t: 'open', ready: true, epoch: 3 })]);
    // The files for the next one are made in a later turn, off the statement's path.
    expect(made).toHaveLength(3);
    runLater();
    expect(made).toHaveLength(4);
    expect(ready.take(worker, 'other\u00000\u0000db')).toBe(second!.files);
    const next = sent.slice(5)[0] as Extract<ToWorker, { t: 'open' }>;
    expect(next).toEqual(expect.objectContaining({ t: 'open', ready: true, epoch: 4 }));
    expect(next.files).toBe(made[3]);
    expect(made).toHaveLength(4);
    expect(new Set([oldest, second, sent[3], next].map((message) => (message as Extract<ToWorker, { t: 'open' }>).files)).size).toBe(4);
    expect(ready.heldBy(worker)).toBe(READY_PER_WORKER);
  });

  // An open takes 3 steps; between two namespaces the worker gets as many idle turns on average,
  // but unevenly (1, then 5): a core taken meanwhile by the HTTP thread, the compiler or GC.
  it.each([
    [1, 20],
    [READY_PER_WORKER, 0],
  ])('with %i held per worker, back-to-back namespaces given 3 idle turns on average, unevenly, finish %i opens on their statement path', (depth, onPath) => {
    expect(backToBack(depth, 40, (index) => (index % 2 === 0 ? 1 : 5))).toEqual({ onPath, held: depth });
  });

  it('finishes opens on the statement path when the worker gets fewer idle turns than opens need, and never runs out', () => {
    expect(backToBack(READY_PER_WORKER, 40, () => 0)).toEqual({ onPath: 38, held: READY_PER_WORKER });
    expect(backToBack(READY_PER_WORKER, 40, () => 3)).toEqual({ onPath: 0, held: READY_PER_WORKER });
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

describe("a worker's handle tells a close, an adopt or a drop with the run that follows it (one queue)", () => {
  /** An EngineWorker on a port whose other end records what arrives, in order. */
  function handle() {
    const { port1, port2 } = new MessageChannel();
    const worker = new EngineWorker(1, LIMITS, port1, new SharedArrayBuffer(16), new Float64Array(1));
    const arrived: ToWorker[] = [];
    port2.on('message', (message: ToWorker) => arrived.push(message));
    const settled = async (count: number) => {
      while (arrived.length < count) await new Promise((resolve) => port2.once('message', resolve));
      port1.close();
      return arrived;
    };
    return { worker, settled };
  }

  it('carries them in the run sent in the same turn, in order: one message', async () => {
    const { worker, settled } = handle();
    worker.close('ns\u00000\u0000db', 7);
    worker.carry({ t: 'drop', key: 'old\u00000\u0000db' });
    worker.carry({ t: 'adopt', from: '\u0000ready-1', key: 'ns\u00000\u0000db' });
    void worker.run('ns\u00000\u0000db', 1, 'full', [execute('SELECT 1')]).catch(() => {});
    const [run, ...more] = await settled(1);
    expect(run).toMatchObject({
      t: 'run',
      key: 'ns\u00000\u0000db',
      carried: [
        { t: 'close', key: 'ns\u00000\u0000db', stream: 7 },
        { t: 'drop', key: 'old\u00000\u0000db' },
        { t: 'adopt', from: '\u0000ready-1', key: 'ns\u00000\u0000db' },
      ],
    });
    expect(more).toEqual([]);
    expect(worker.posted).toEqual({ messages: 1, closesCarried: 1 });
  });

  it('sends a close that waits alone after CLOSE_WAIT_MS, and one told in the turn of an adopt with it at the end of that turn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { worker, settled } = handle();
      worker.close('a\u00000\u0000db', 1);
      await Promise.resolve();
      expect(worker.posted.messages).toBe(0);
      vi.advanceTimersByTime(1_000);
      expect(worker.posted.messages).toBe(1);
      worker.close('a\u00000\u0000db', 2);
      worker.carry({ t: 'adopt', from: '\u0000ready-1', key: 'ns\u00000\u0000db' });
      // Sent at the end of the turn, the close with the adopt, no timer advanced.
      await Promise.resolve();
      expect(worker.posted.messages).toBe(3);
      vi.advanceTimersByTime(1_000);
      expect(worker.posted.messages).toBe(3);
      expect(await settled(3)).toEqual([
        { t: 'close', key: 'a\u00000\u0000db', stream: 1 },
        { t: 'close', key: 'a\u00000\u0000db', stream: 2 },
        { t: 'adopt', from: '\u0000ready-1', key: 'ns\u00000\u0000db' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['alone at the end of the turn when no message follows', () => {}],
    ['before any other message', (worker: EngineWorker) => worker.send({ t: 'drop', key: 'other\u00000\u0000db' })],
  ])('sends it %s', async (_, next) => {
    const { worker, settled } = handle();
    worker.carry({ t: 'adopt', from: '\u0000ready-1', key: 'ns\u00000\u0000db' });
    next(worker);
    const arrived = await settled(next.length === 0 ? 1 : 2);
    expect(arrived[0]).toEqual({ t: 'adopt', from: '\u0000ready-1', key: 'ns\u00000\u0000db' });
    expect(arrived.slice(1).map((message) => message.t)).toEqual(next.length === 0 ? [] : ['drop']);
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
    const sent: string[] = [];
    const send = worker.send.bind(worker);
    worker.send = (message, transfer) => {
      send(message, transfer);
      // Recorded as sent (a run carries the adopts and drops told before it in its turn).
      sent.push(
        message.t === 'open' && message.ready
          ? 'open ready'
          : message.t === 'run' && message.carried
            ? `run carrying ${message.carried.map((carried) => carried.t).join(', ')}`
            : message.t,
      );
    };
    const outcomes = await engine
      .database('b\u00000', 'db', source())
      .executor.run(1, 'full', [execute('CREATE TABLE IF NOT EXISTS t (v TEXT)'), execute('SELECT count(*) FROM t'), { type: 'close' }]);
    return { sent, outcomes };
  }

  it('gives a new empty database the one its worker opened ahead: no open before its statement, the next one opened after it', async () => {
    const { sent, outcomes } = await firstStatement(() => ({ initial: () => undefined }));
    // One message in all: the adopt and the open of the next one went with the run (the worker woke once).
    expect(sent).toEqual(['run carrying adopt, open']);
    // Its own rows only: the namespace before it wrote one row to its own database.
    expect(outcomes[1]).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'integer', value: '0' }]] } } });
  });

  it('past maxDatabases, sends the drop of the idle one with the run that needed its room: its connections close after that run, its rows stay', async () => {
    engine = createSqlEngine({ limits: { ...LIMITS, maxDatabases: 1 } });
    const rows = (namespace: string, ...sql: string[]) =>
      engine!.database(`${namespace}\u00000`, 'db').executor.run(1, 'full', [...sql.map(execute), execute('SELECT v FROM t'), { type: 'close' }]);
    await rows('a', 'CREATE TABLE t (v TEXT)', "INSERT INTO t VALUES ('a')");
    const worker = engine.workerOf('a\u00000', 'db')!;
    const sent: string[] = [];
    const send = worker.send.bind(worker);
    worker.send = (message, transfer) => {
      send(message, transfer);
      sent.push(message.t === 'run' && message.carried ? `run carrying ${message.carried.map((carried) => carried.t).join(', ')}` : message.t);
    };
    const b = await rows('b', 'CREATE TABLE t (v TEXT)', "INSERT INTO t VALUES ('b')");
    expect(sent.slice(0, 1)).toEqual(['run carrying drop, adopt, open']);
    expect(b.at(-2)).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'text', value: 'b' }]] } } });
    // a opens again (b makes room the same way), as last committed.
    const a = await rows('a');
    expect(a.at(-2)).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'text', value: 'a' }]] } } });
  });

  it('reopens a database whose drop still waits for an idle turn on that drop done first: the drop never closes it again', async () => {
    engine = createSqlEngine({ limits: { ...LIMITS, maxDatabases: 2 } });
    const on = (namespace: string, stream: number, ...requests: SqlRequest[]) =>
      engine!.database(`${namespace}\u00000`, 'db').executor.run(stream, 'full', requests);
    const rowsOf = async (namespace: string) => (await on(namespace, 9, execute('SELECT v FROM t'), { type: 'close' }))[0];
    await on('a', 1, execute('CREATE TABLE t (v TEXT)'), execute("INSERT INTO t VALUES ('a')"), { type: 'close' });
    // c's second stream waits for the first one's lock: a run stays in flight, so no idle turn comes.
    await on('c', 1, execute('CREATE TABLE t (v TEXT)'), execute('BEGIN IMMEDIATE'));
    const waiting = once(engine.workerOf('c\u00000', 'db')!.events, 'waiting');
    const writer = on('c', 2, execute("INSERT INTO t VALUES ('c')"), { type: 'close' });
    await waiting;
    // b's first statement drops a (idle, least recently used) to make room; a comes back, dropping b.
    await on('b', 1, execute('CREATE TABLE t (v TEXT)'), { type: 'close' });
    expect(await rowsOf('a')).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'text', value: 'a' }]] } } });
    // The lock is released: the run ends, and the worker's idle turns come, one job step each
    // between two statements (the open ahead of the next empty database is queued too); a stays open.
    await on('c', 1, execute('COMMIT'), { type: 'close' });
    await writer;
    for (let statement = 0; statement < 20; statement++)
      expect(await rowsOf('a')).toMatchObject({ type: 'ok', response: { result: { rows: [[{ type: 'text', value: 'a' }]] } } });
  });

  it.each([
    ['a snapshot image', (): DatabaseSource => ({ initial: () => image })],
    ['a host file', (): DatabaseSource => ({ file: path.join((dir = mkdtempSync(path.join(tmpdir(), 'ready-'))), 'b.db') })],
  ])('opens a database that starts from %s on its own files, and takes no ready one', async (_, source) => {
    const { sent } = await firstStatement(source);
    expect(sent[0]).toBe('open');
    expect(sent.filter((message) => message.includes('adopt'))).toEqual([]);
  });
});
