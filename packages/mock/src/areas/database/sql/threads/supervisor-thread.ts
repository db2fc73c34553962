// The engine's supervisor thread: it starts the engine's worker threads (keeping one spare loaded,
// so that a namespace's first statement does not wait for a thread), and it is their watchdog. It
// shares no thread with the work it stops, nor with the HTTP thread: a run past the statement
// time limit has its interrupt flag raised (SQLite stops at its next step), and a run that is
// still there after a grace period (one long SQL function call) has its thread ended. The
// worker's databases live in shared files, so nothing committed is lost with it.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import {
  elapsed,
  type FromSupervisor,
  GRACE_MS,
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
  type ToSupervisor,
  type WorkerLimits,
} from './messages.ts';
import { oneAtATime } from './one-at-a-time.ts';

const { script, limits, clockOffset, activity } = workerData as {
  script: string;
  limits: WorkerLimits;
  clockOffset: SharedArrayBuffer;
  activity: SharedArrayBuffer;
};
const offset = new Float64Array(clockOffset);
const runs = new Int32Array(activity);
const TICK_MS = Math.max(5, Math.min(50, Math.floor(limits.statementTimeoutMs / 20), Math.floor(limits.lockWaitMs / 20)));

interface Watched {
  worker: Worker;
  state: Int32Array;
  since: Float64Array;
  /** The run (and the start of its phase) whose interrupt flag was raised, and when. */
  flagged?: { run: number; since: number; at: number };
  ended: boolean;
}

const send = (message: FromSupervisor) => parentPort!.postMessage(message);
let module: WebAssembly.Module | undefined;
const watched = new Map<number, Watched>();
/** Workers the engine ended before their thread was handed out. */
const endedEarly = new Set<number>();
/** A thread with SQLite loaded, waiting to be handed out; and requests that came before it. */
let spare: Promise<Worker> | undefined;

function bootThread(): Promise<Worker> {
  const worker = new Worker(script, { execArgv: [], workerData: { limits, clockOffset, activity, module } });
  worker.unref();
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`its thread exited (code ${code}) before SQLite loaded`)));
  });
}

/** Threads start one after another (one-at-a-time.ts). */
const startThread = oneAtATime(bootThread);

/** The spare is replaced now, before anything awaits: each claim gets a thread of its own, so spawns that arrive together never share one. */
function claimThread(): Promise<Worker> {
  const claimed = spare ?? startThread();
  const next = startThread();
  spare = next;
  next.catch(() => {
    if (spare === next) spare = undefined;
  });
  return claimed;
}

async function spawn({ id, runState, port }: Extract<ToSupervisor, { t: 'spawn' }>): Promise<void> {
  let worker: Worker;
  try {
    worker = await claimThread();
  } catch (error) {
    send({ t: 'ended', id, reason: (error as Error).message, unstarted: true });
    return;
  }
  // Ended by the engine while its thread was still being handed out: the thread is not kept.
  if (endedEarly.delete(id)) {
    void worker.terminate();
    return;
  }
  const entry: Watched = { worker, state: new Int32Array(runState), since: new Float64Array(runState), ended: false };
  watched.set(id, entry);
  worker.removeAllListeners();
  worker.on('error', (error) => end(id, `its thread failed: ${error.message}`));
  worker.on('exit', (code) => end(id, `its thread exited (code ${code})`));
  worker.postMessage({ port, id, runState }, [port]);
}

function end(id: number, reason: string, run?: number): void {
  const entry = watched.get(id);
  if (!entry || entry.ended) return;
  entry.ended = true;
  watched.delete(id);
  void entry.worker.terminate();
  send({ t: 'ended', id, run, reason });
}

/** Raises the flags of runs past a limit, and ends the threads of runs that did not stop. */
function check(): boolean {
  let busy = false;
  for (const [id, entry] of watched) {
    const phase = Atomics.load(entry.state, STATE_PHASE);
    const run = Atomics.load(entry.state, STATE_RUN);
    const clockAtSend = entry.since[STATE_CLOCK_AT_SEND_F64]!;
    if (phase === PHASE_WAITING) {
      busy = true;
      if (elapsed(entry.since[STATE_WAIT_SINCE_F64]!, clockAtSend, offset) > limits.lockWaitMs) Atomics.store(entry.state, STATE_LOCK_WAIT_OVER, run);
      continue;
    }
    if (phase !== PHASE_RUNNING) continue;
    busy = true;
    const since = entry.since[STATE_SINCE_F64]!;
    if (elapsed(since, entry.since[STATE_RUN_CLOCK_F64]!, offset) <= limits.statementTimeoutMs) continue;
    const flagged = entry.flagged;
    if (!flagged || flagged.run !== run || flagged.since !== since) {
      entry.flagged = { run, since, at: realTime() };
      Atomics.store(entry.state, STATE_INTERRUPT, run);
    } else if (realTime() - flagged.at > GRACE_MS) {
      end(
        id,
        `a statement ran longer than the mock's limit of ${limits.statementTimeoutMs} ms (statementTimeoutMs) and did not stop; its thread was ended`,
        run,
      );
    }
  }
  return busy;
}

/**
 * How long the watchdog goes on looking every tick once nothing runs, before it sleeps until a run
 * starts: a worker's run start wakes it only when it sleeps, so that a burst of short statements
 * does not wake this thread once per statement (on a 2-core machine, a third thread to schedule).
 */
const IDLE_TICKS = Math.ceil(500 / TICK_MS);

/** Sleeps until a worker starts a run, then looks every tick while any runs or waits, and for IDLE_TICKS ticks after. */
async function watch(): Promise<void> {
  let idle = 0;
  for (;;) {
    const seen = Atomics.load(runs, 0);
    if (check()) idle = 0;
    else if (++idle > IDLE_TICKS) {
      // A run started since `seen` was read answers at once: none goes unwatched.
      const waited = Atomics.waitAsync(runs, 0, seen);
      if (waited.async) await waited.value;
      idle = 0;
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
}

parentPort!.on('message', (message: ToSupervisor) => {
  switch (message.t) {
    case 'module':
      module = message.module;
      spare = startThread();
      spare.catch(() => (spare = undefined));
      return;
    case 'spawn':
      void spawn(message);
      return;
    case 'end':
      // Its thread may still be on its way (spawn awaits it): spawn ends it on arrival.
      if (watched.has(message.id)) end(message.id, 'the engine ended it');
      else endedEarly.add(message.id);
      return;
  }
});
void watch();
