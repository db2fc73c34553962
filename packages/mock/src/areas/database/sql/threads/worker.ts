// An engine worker thread, started by the supervisor thread (supervisor-thread.ts) and served by the HTTP thread
// on a port of its own. A SQL worker holds one namespace's databases at a time (their files are
// shared stores, see storage/files.ts and storage/vfs.ts) and every stream's connection to them; a utility worker
// makes snapshots and checks images in scratch memory. What a run executes is published in shared
// memory (RunState) for the supervisor, which stops it at its time limit; the run's answer says
// it was stopped only when SQLite stopped it, so that what the client is told is what happened.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { headerRefusal, scratchRefusal } from '../statements/image-check.ts';
import { type SqlOutcome, writtenOutcome } from '../statements/requests.ts';
import { runRequest } from '../statements/runner.ts';
import { splitCacheSize } from '../statements/split-cache.ts';
import { CONTROL_REWRITE, copyFiles, type DatabaseFiles } from '../storage/files.ts';
import { loadSqlite } from '../wasm/load-sqlite.ts';
import { FairTurns, loopIdleTime } from './fair-turns.ts';
import { IdleSteps } from './idle-steps.ts';
import {
  type FromWorker,
  namespaceOf,
  PHASE_IDLE,
  PHASE_RUNNING,
  PHASE_WAITING,
  realTime,
  STATE_CLOCK_AT_SEND_F64,
  STATE_INTERRUPT,
  STATE_LOCK_WAIT_OVER,
  STATE_PHASE,
  STATE_RUN,
  STATE_RUN_CLOCK_F64,
  STATE_SINCE_F64,
  STATE_WAIT_SINCE_F64,
  type ToWorker,
  type WorkerData,
} from './messages.ts';
import { ResultSlot } from './result-slot.ts';
import { createWorkerDatabases, type OpenStream, type WorkerDatabase } from './worker-databases.ts';

const data = workerData as WorkerData;
const { limits } = data;
const clockOffset = new Float64Array(data.clockOffset);
const activity = new Int32Array(data.activity);
// This worker's run state, handed over with its port (a spare has none yet).
let state: Int32Array<ArrayBufferLike> = new Int32Array(4);
let since: Float64Array<ArrayBufferLike> = new Float64Array(4);

/** The run whose SQL executes right now (one at a time in this thread). */
let current = 0;
const stopRequested = () => current !== 0 && Atomics.load(state, STATE_INTERRUPT) === current;

/** Publishes what this thread does now, for the supervisor's watchdog: a statement starts, a lock wait goes on, or nothing runs. */
function phase(run: number, what: number): void {
  if (what === PHASE_RUNNING) since[STATE_SINCE_F64] = realTime();
  Atomics.store(state, STATE_RUN, run);
  Atomics.store(state, STATE_PHASE, what);
  if (what !== PHASE_IDLE) {
    Atomics.add(activity, 0, 1);
    Atomics.notify(activity, 0);
  }
}

const sqlite = await loadSqlite(data.module);
const vfs = sqlite.installVfs({ pastLimit: stopRequested });
sqlite.exec(sqlite.open('/heap-limit.db', 'scratch'), `PRAGMA hard_heap_limit = ${Math.floor(limits.memoryLimitBytes)}`);
let port: MessagePort | undefined;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port!.postMessage(message, transfer);
const { databases, unopened, open, openSteps, adopt, connectionOf, beginRequest, closeStream, drop } = createWorkerDatabases(
  sqlite,
  vfs,
  limits,
  stopRequested,
);
/** The empty database opened ahead is opened in steps while no run is in flight, and a dropped one closed (idle-steps.ts); at most 8 wait. */
const spare = new IdleSteps(setImmediate, 8);

/** Where a run's largest result's JSON goes to the HTTP thread (result-slot.ts). */
const results = new ResultSlot();

/** Runs of the namespaces that share this thread start in turns (fair-turns.ts). */
const turns = new FairTurns(setImmediate, loopIdleTime);

const CLOSED: SqlOutcome = { type: 'error', error: { message: 'The stream is closed: its database was closed', code: 'STREAM_CLOSED' } };

async function run(message: Extract<ToWorker, { t: 'run' }>, database: WorkerDatabase, own: OpenStream): Promise<void> {
  const outcomes: SqlOutcome[] = [];
  const budget = { bytes: limits.maxResultBytes };
  let stopped = false;
  /** The run closes its stream: after its answer is sent (below). */
  let closing = false;
  // This run's clocks, published again each time it resumes: while it waits for a lock, other runs
  // of this thread execute and publish theirs in the same run state.
  let runClock = message.clock;
  let waitSince = 0;
  const publish = (what: number) => {
    since[STATE_CLOCK_AT_SEND_F64] = message.clock;
    since[STATE_RUN_CLOCK_F64] = runClock;
    since[STATE_WAIT_SINCE_F64] = waitSince;
    phase(message.id, what);
  };
  for (const request of message.requests) {
    if (stopped || closing || !database.streams.has(message.stream)) {
      outcomes.push({ type: 'error', error: { message: 'The stream is closed', code: 'STREAM_CLOSED' } });
      continue;
    }
    current = message.id;
    publish(PHASE_RUNNING);
    beginRequest(own);
    let waited = false;
    let pause = 1;
    const outcome = await runRequest(() => connectionOf(database, own), request, {
      handOff: results.handOff,
      maxResultBytes: limits.maxResultBytes,
      lockWaitMs: limits.lockWaitMs,
      budget,
      waitForLock: async () => {
        // Its stream was ended from outside: the statement never ran, and the run is stopped.
        const endedFromOutside = () => {
          if (stopRequested() && own.connection) own.connection.stoppedByFlag = true;
          return stopRequested();
        };
        if (endedFromOutside() || Atomics.compareExchange(state, STATE_LOCK_WAIT_OVER, message.id, 0) === message.id) return false;
        const first = !waited;
        if (first) waitSince = realTime();
        waited = true;
        // While it waits, other streams of this thread run: it is no longer what executes.
        current = 0;
        publish(PHASE_WAITING);
        // Told only once the wait is published: what the caller does on hearing it (a clock advance) is the wait's, never the statement's.
        if (first) send({ t: 'waiting', id: message.id });
        await new Promise((resolve) => setTimeout(resolve, pause));
        pause = Math.min(pause * 2, 16);
        current = message.id;
        if (endedFromOutside() || Atomics.compareExchange(state, STATE_LOCK_WAIT_OVER, message.id, 0) === message.id) return false;
        // The statement's time starts again (phase() restarts its real time): the clock's advance while it waited was the wait's.
        runClock = clockOffset[0]!;
        publish(PHASE_RUNNING);
        return true;
      },
    });
    // Stopped only if SQLite stopped it (the statement then did not commit); a statement that
    // finished before the flag was seen keeps its answer.
    if (own.connection?.stoppedByFlag) {
      stopped = true;
      closeStream(database, message.stream);
    }
    Atomics.compareExchange(state, STATE_INTERRUPT, message.id, 0);
    current = 0;
    phase(0, PHASE_IDLE);
    outcomes.push(outcome);
    if (request.type === 'close') closing = true;
  }
  send({ t: 'done', id: message.id, outcomes: outcomes.map(writtenOutcome), interrupted: stopped });
  // The close runs once the answer is on its way (the HTTP thread writes it meanwhile): nothing else
  // of this thread runs in between, as the next message waits for this task to end.
  if (closing) closeStream(database, message.stream);
}

/** A consistent image of a database's files as last committed, made in scratch memory. */
function snapshot(files: DatabaseFiles, task: number): Uint8Array | null {
  const copy = copyFiles(files, limits.maxDatabaseBytes, (control, seen) => Atomics.wait(control, CONTROL_REWRITE, seen, 50));
  if (copy.main.byteLength === 0 && copy.wal.byteLength === 0) return null;
  const path = `/snapshot-${task}.db`;
  sqlite.writeFile(path, copy.main);
  if (copy.wal.byteLength > 0) sqlite.writeFile(`${path}-wal`, copy.wal);
  const db = sqlite.open(path, 'scratch');
  try {
    return sqlite.serialize(db);
  } finally {
    sqlite.close(db);
    for (const suffix of ['', '-wal', '-shm']) sqlite.unlink(`${path}${suffix}`);
  }
}

/** Runs a utility task under the watchdog, as a run (the supervisor ends the thread past the time limit). */
function task<T>(id: number, work: () => T): T {
  since[STATE_CLOCK_AT_SEND_F64] = since[STATE_RUN_CLOCK_F64] = clockOffset[0]!;
  phase(id, PHASE_RUNNING);
  try {
    return work();
  } finally {
    phase(0, PHASE_IDLE);
  }
}

function serve(message: ToWorker): void {
  switch (message.t) {
    case 'open':
      spare.finish(message.key);
      if (message.ready) spare.begin(message.key, openSteps(message.key, message.files, message.epoch, true));
      else open(message.key, message.files, message.epoch);
      return;
    case 'adopt':
      spare.finish(message.from);
      spare.finish(message.key);
      adopt(message.from, message.key);
      return;
    case 'run': {
      // What was told before it (closes, adopts, drops, opens ahead), in order, as if each had come alone before it.
      for (const carried of message.carried ?? []) serve(carried);
      spare.finish(message.key);
      // A run for a database closed meanwhile (reset, or closed to make room) answers that; it never opens an empty one.
      const database = databases.get(message.key);
      if (!database) {
        const why = unopened.get(message.key);
        const outcome: SqlOutcome = why ? { type: 'error', error: { message: `The database could not be opened: ${why}`, code: 'SQLITE_CANTOPEN' } } : CLOSED;
        send({ t: 'done', id: message.id, outcomes: message.requests.map(() => outcome), interrupted: false });
        return;
      }
      const stream = database.streams.get(message.stream) ?? { access: message.access, queue: Promise.resolve() };
      database.streams.set(message.stream, stream);
      spare.runStarted();
      stream.queue = stream.queue
        .then(async () => {
          await turns.turn(namespaceOf(message.key));
          return databases.get(message.key) === database
            ? run(message, database, stream)
            : send({ t: 'done', id: message.id, outcomes: message.requests.map(() => CLOSED), interrupted: false });
        })
        .finally(() => spare.runEnded());
      return;
    }
    case 'close': {
      const database = databases.get(message.key);
      const stream = database?.streams.get(message.stream);
      if (database && stream) void stream.queue.then(() => closeStream(database, message.stream));
      return;
    }
    case 'drop':
      // Its connections close in an idle turn (idle-steps.ts), after the run it came with (a new
      // namespace's first statement, past maxDatabases); anything that names the key finishes it first.
      spare.finish(message.key);
      spare.begin(message.key, () => (drop(message.key), true));
      return;
    case 'inspect': {
      spare.finish(message.key);
      const database = databases.get(message.key);
      const pool = database ? [...database.pool.full, ...database.pool['read-only']].map((connection) => connection.inspect()) : [];
      send({ t: 'inspected', id: message.id, pool, streams: database?.streams.size ?? 0, splitCache: splitCacheSize() });
      return;
    }
    case 'snapshot':
      try {
        const image = task(message.id, () => snapshot(message.files, message.id));
        if (image && message.encoding === 'base64')
          send({
            t: 'snapshot',
            id: message.id,
            image: { base64: Buffer.from(image.buffer, image.byteOffset, image.byteLength).toString('base64'), bytes: image.byteLength },
          });
        else send({ t: 'snapshot', id: message.id, image }, image ? [image.buffer as ArrayBuffer] : []);
      } catch (error) {
        send({ t: 'snapshot', id: message.id, image: null, error: (error as Error).message });
      }
      return;
    case 'check': {
      let refusal: string | undefined;
      try {
        refusal = headerRefusal(message.image, limits.maxDatabaseBytes) ?? task(message.id, () => scratchRefusal(sqlite, message.image, `check-${message.id}`));
      } catch (error) {
        refusal = `it could not be checked (${(error as Error).message})`;
      }
      send({ t: 'checked', id: message.id, refusal });
      return;
    }
  }
}

// The port to the HTTP thread arrives when the supervisor hands this worker out (a spare waits for it).
// A thread serves one port: a second one (never sent by a correct supervisor) is told so at once,
// and its EngineWorker fails what it sent instead of waiting forever.
parentPort!.on('message', (message: { port: MessagePort; runState: SharedArrayBuffer }) => {
  if (port) {
    message.port.postMessage({ t: 'refused' } satisfies FromWorker);
    message.port.unref();
    return;
  }
  state = new Int32Array(message.runState);
  since = new Float64Array(message.runState);
  port = message.port;
  port.on('message', serve);
  send({ t: 'ready', results: results.buffer });
});
parentPort!.postMessage({ t: 'loaded' });
