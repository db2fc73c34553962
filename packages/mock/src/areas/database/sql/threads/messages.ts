// What the mock's HTTP thread, the engine's supervisor thread and the engine's worker threads say
// to each other. The HTTP side resolves stored SQL texts (sql_id) before sending, so a worker sees
// SQL only. Time limits are shared memory (RunState), read by the supervisor, never by the thread
// that serves HTTP.

import type { MessagePort } from 'node:worker_threads';
import type { PooledConnection } from '../statements/connection.ts';
import type { Access, SqlRequest, WrittenOutcome } from '../statements/requests.ts';
import type { DatabaseFiles } from '../storage/files.ts';

/** The limits an engine worker applies. */
export interface WorkerLimits {
  maxResultBytes: number;
  memoryLimitBytes: number;
  maxDatabaseBytes: number;
  statementTimeoutMs: number;
  lockWaitMs: number;
}

/**
 * A worker's run state, in shared memory (Int32Array slots; PHASE_SINCE is a float64 at byte 16):
 * the worker writes what it runs, the supervisor judges time limits from it and raises flags.
 */
export const STATE_INTERRUPT = 0;
/** The run whose lock wait is over. */
export const STATE_LOCK_WAIT_OVER = 1;
/** The run now executing (0: none). */
export const STATE_RUN = 2;
/** What the run does now: see PHASE_*. */
export const STATE_PHASE = 3;
/** Float64 index of when the running statement began (realTime). */
export const STATE_SINCE_F64 = 2;
/** Float64 index of when the run began waiting for the lock it waits for (realTime). */
export const STATE_WAIT_SINCE_F64 = 3;
/** Float64 index of the mock clock's advance when the run was sent: what the clock moved since then counts as time passed (the lock wait's clock). */
export const STATE_CLOCK_AT_SEND_F64 = 4;
/**
 * Float64 index of the mock clock's advance the running statement's time counts from: the send's,
 * or the clock when its lock wait ended (what the clock moved while it waited is the wait's, as real time is).
 */
export const STATE_RUN_CLOCK_F64 = 5;
export const RUN_STATE_BYTES = 48;
export const PHASE_IDLE = 0;
export const PHASE_RUNNING = 1;
export const PHASE_WAITING = 2;

/** How long a run past its time limit may go on before the supervisor ends its thread: long enough for SQLite's next progress check. */
export const GRACE_MS = 200;

/** The engine's last guard: what it adds to a request's limits before it fails it as lost (see EngineWorker.failOverdue). */
export const GUARD_GRACE_MS = 2_000;
/** ...and, for a worker that has not loaded SQLite yet, how long its thread may take to start. */
export const THREAD_START_LIMIT_MS = 30_000;

/** This thread's time origin, read once: the getter is a call into the runtime, and a statement reads the time more than once. */
const TIME_ORIGIN = performance.timeOrigin;
/** Real time in ms, comparable between threads. */
export const realTime = () => TIME_ORIGIN + performance.now();

/**
 * How long a run has run (or waited) by the mock's clock: real time since it began, plus whatever
 * the mock clock was advanced since the run was sent (tests move time limits by moving the clock).
 */
export const elapsed = (since: number, clockAtSend: number, clockOffset: Float64Array) => realTime() - since + (clockOffset[0]! - clockAtSend);

/** What a worker thread is started with (workerData); its id, port and run state come when it is handed out. */
export interface WorkerData {
  limits: WorkerLimits;
  module: WebAssembly.Module;
  /** The mock clock's advance (Float64Array [offset]). */
  clockOffset: SharedArrayBuffer;
  /** Counts run starts (Int32Array [0]); the supervisor waits on it to start watching. */
  activity: SharedArrayBuffer;
}

/** From the HTTP thread to the supervisor thread. */
export type ToSupervisor =
  | { t: 'module'; module: WebAssembly.Module }
  | { t: 'spawn'; id: number; runState: SharedArrayBuffer; port: MessagePort }
  | { t: 'end'; id: number };

/** From the supervisor thread to the HTTP thread. */
export type FromSupervisor =
  /** The worker's thread ended: `run` is the run it was ended for (past its time limit), if any; `unstarted` when it never loaded SQLite. */
  | { t: 'ended'; id: number; run?: number; reason: string; unstarted?: boolean }
  /** The supervisor itself could not start SQLite. */
  | { t: 'failed'; message: string };

/** The key of an owner's database (owners hold access keys: never shown). Owners are `<namespace>\0<generation>`. */
export const databaseKey = (owner: string, databaseId: string) => `${owner}\u0000${databaseId}`;
/** The namespace of an owner, or of a database's key. */
export const namespaceOf = (ownerOrKey: string) => ownerOrKey.slice(0, ownerOrKey.indexOf('\u0000'));

/**
 * What may wait for the next run sent to the same worker, and go with it (engine-worker.ts): a
 * stream's close, a database opened ahead taken over and the next one opened ahead
 * (ready-databases.ts), an idle one closed to make room (placement.ts).
 */
export type Carried = Extract<ToWorker, { t: 'close' | 'adopt' | 'drop' | 'open' }>;

/** From the HTTP thread to a worker thread (on the worker's own port). */
export type ToWorker =
  /** Makes a database openable (its files), as owner `epoch`; `ready`: an empty one opened ahead, with a connection in its pool (ready-databases.ts). */
  | { t: 'open'; key: string; files: DatabaseFiles; epoch: number; ready?: boolean }
  /** The database opened ahead as `from` is the database `key` from now on. */
  | { t: 'adopt'; from: string; key: string }
  /** `clock`: the mock clock's advance when it was sent; `carried`: what was told since the last message (closes, adopts, drops, opens ahead), done first, in order, as if each had come alone (engine-worker.ts). */
  | { t: 'run'; id: number; key: string; stream: number; access: Access; requests: SqlRequest[]; clock: number; carried?: Carried[] }
  /** Closes a stream (its connection rolls back what it left open and goes back to its database's pool). */
  | { t: 'close'; key: string; stream: number }
  /** Closes a database's connections (their streams end); its files stay. */
  | { t: 'drop'; key: string }
  | { t: 'inspect'; id: number; key: string }
  /** Utility: a consistent image of a database's files as last committed, as bytes or base64 text (made off the HTTP thread). */
  | { t: 'snapshot'; id: number; files: DatabaseFiles; encoding: 'bytes' | 'base64' }
  /** Utility: checks a database image before it is accepted. */
  | { t: 'check'; id: number; image: Uint8Array };

export type FromWorker =
  /** `results`: the worker's slot for its results' JSON text (result-slot.ts). */
  | { t: 'ready'; results: SharedArrayBuffer }
  /** The thread already serves a port: this one is refused (its requests fail at once). */
  | { t: 'refused' }
  /** `interrupted`: the run was stopped at its time limit (or from outside) and its stream ended. */
  | { t: 'done'; id: number; outcomes: WrittenOutcome[]; interrupted: boolean }
  /** The run began waiting for another stream's lock (for tests that wait on it). */
  | { t: 'waiting'; id: number }
  | { t: 'inspected'; id: number; pool: PooledConnection[]; streams: number; splitCache: { texts: number; bytes: number } }
  | { t: 'snapshot'; id: number; image: Uint8Array | { base64: string; bytes: number } | null; error?: string }
  | { t: 'checked'; id: number; refusal?: string };
