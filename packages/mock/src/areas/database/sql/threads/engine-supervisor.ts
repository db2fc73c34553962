// The HTTP thread's handle on the engine's supervisor thread (supervisor-thread.ts), which starts
// worker threads and ends them at their time limit: it asks for workers (each an EngineWorker,
// engine-worker.ts), hears when one ends, runs the last guard, and reports the engine's start on
// a diagnostics channel.
import diagnostics from 'node:diagnostics_channel';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { EngineWorker, type GuardClock } from './engine-worker.ts';
import { type FromSupervisor, RUN_STATE_BYTES, type ToSupervisor, type WorkerLimits } from './messages.ts';
import { ExecutorStopped } from './stopped.ts';

/**
 * The diagnostics channel (node:diagnostics_channel) on which the engine reports its start:
 * `{ event: 'starting' }` (its supervisor thread spawns), then `{ event: 'ready' }` (the first
 * worker loaded SQLite) or `{ event: 'failed', message }`.
 */
export const ENGINE_CHANNEL = 'platform-mock:database-engine';
export type EngineEvent = { event: 'starting' } | { event: 'ready' } | { event: 'failed'; message: string };
const channel = diagnostics.channel(ENGINE_CHANNEL);
const publish = (event: EngineEvent) => channel.hasSubscribers && channel.publish(event);

/** The engine could not start (its threads failed before SQLite loaded): no SQL runs until the mock restarts. */
export class DatabaseEngineUnavailable extends Error {
  readonly code = 'DATABASE_ENGINE_UNAVAILABLE';
}

/** What the engine's threads start from: their scripts, SQLite's compiled module, the limits and the clock. */
export interface EngineBoot {
  scripts: Promise<{ worker: string; supervisor: string }>;
  module: Promise<WebAssembly.Module>;
  limits: WorkerLimits;
  /** The mock clock's advance, shared (Float64Array [offset]). */
  clockOffset: SharedArrayBuffer;
  /** The last guard's clock (tests inject one and call failOverdue themselves); real time by default, checked every GUARD_TICK_MS. */
  guardClock?: GuardClock;
}

const GUARD_TICK_MS = 1_000;

/** The HTTP thread's handle on the supervisor thread: it asks for workers and hears when one ends. */
export class EngineSupervisor {
  #thread: Worker | undefined;
  #nextId = 1;
  readonly #workers = new Map<number, EngineWorker>();
  /** Resolves once the thread has SQLite's module (spawn requests wait for it). */
  readonly #started: Promise<void>;
  #closed = false;
  /** Why the engine cannot run SQL: its threads could not start. */
  failure: DatabaseEngineUnavailable | undefined;
  readonly activity = new SharedArrayBuffer(4);

  readonly #guard: ReturnType<typeof setInterval> | undefined;

  constructor(readonly boot: EngineBoot) {
    publish({ event: 'starting' });
    if (!boot.guardClock) {
      this.#guard = setInterval(() => this.failOverdue(), GUARD_TICK_MS);
      this.#guard.unref();
    }
    this.#started = (async () => {
      const [scripts, module] = await Promise.all([boot.scripts, boot.module]);
      if (this.#closed) return;
      const thread = new Worker(scripts.supervisor, {
        execArgv: [],
        workerData: { script: scripts.worker, limits: boot.limits, clockOffset: boot.clockOffset, activity: this.activity },
      });
      thread.unref();
      thread.on('message', (message: FromSupervisor) => this.#receive(message));
      thread.on('error', (error) => this.#fail(error));
      thread.on('exit', (code) => !this.#closed && this.#fail(new Error(`its supervisor thread exited (code ${code})`)));
      this.#thread = thread;
      this.#post({ t: 'module', module });
    })().catch((error: Error) => this.#fail(error));
  }

  #post(message: ToSupervisor, transfer: MessagePort[] = []): void {
    this.#thread?.postMessage(message, transfer);
  }

  /** A new worker thread (the supervisor's spare, or one it starts); usable at once: what is sent waits for it. */
  spawn(): EngineWorker {
    if (this.failure) throw this.failure;
    const id = this.#nextId++;
    const { port1, port2 } = new MessageChannel();
    const runState = new SharedArrayBuffer(RUN_STATE_BYTES);
    const worker = new EngineWorker(id, this.boot.limits, port1, runState, new Float64Array(this.boot.clockOffset), this.boot.guardClock);
    this.#workers.set(id, worker);
    worker.events.once('ready', () => publish({ event: 'ready' }));
    void this.#started.then(() =>
      this.failure
        ? worker.ended(this.failure.message, undefined, new ExecutorStopped(this.failure.message, this.failure.code))
        : this.#post({ t: 'spawn', id, runState, port: port2 }, [port2]),
    );
    return worker;
  }

  /** The last guard: fails every request past its limits plus a grace (see EngineWorker.failOverdue); how many. */
  failOverdue(): number {
    let failed = 0;
    for (const worker of this.#workers.values()) failed += worker.failOverdue();
    return failed;
  }

  inFlight(): number {
    let count = 0;
    for (const worker of this.#workers.values()) count += worker.inFlight;
    return count;
  }

  /** Ends a worker thread (its databases' files stay). */
  end(worker: EngineWorker): void {
    this.#post({ t: 'end', id: worker.id });
    worker.ended('the engine ended it');
    this.#workers.delete(worker.id);
  }

  #receive(message: FromSupervisor): void {
    // The supervisor, or a worker that ended before it ever loaded SQLite: the engine cannot start.
    if (message.t === 'failed' || message.unstarted) {
      this.#fail(new Error(message.t === 'failed' ? message.message : message.reason));
      return;
    }
    const worker = this.#workers.get(message.id);
    if (!worker) return;
    this.#workers.delete(message.id);
    worker.ended(message.reason, message.run);
  }

  #fail(error: Error): void {
    if (this.failure || this.#closed) return;
    this.failure = new DatabaseEngineUnavailable(`The database engine could not start (${error.message}); no SQL runs until the mock is restarted`);
    publish({ event: 'failed', message: this.failure.message });
    const stopped = new ExecutorStopped(this.failure.message, this.failure.code);
    for (const worker of this.#workers.values()) worker.ended(this.failure.message, undefined, stopped);
    this.#workers.clear();
    void this.#thread?.terminate();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#guard);
    for (const worker of this.#workers.values()) worker.ended('the mock stopped');
    this.#workers.clear();
    await this.#thread?.terminate();
  }
}
