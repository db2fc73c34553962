// The HTTP thread's handle on one engine worker thread (worker.ts), spoken to on a port of its
// own: what is in flight there, and the last guard over it. Nothing here waits on SQL or judges
// time: a request is a message, its answer another, and a worker that ends fails what waits on it,
// never hangs. The supervisor's handle (engine-supervisor.ts) makes these.
import { EventEmitter } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import type { Access, SqlOutcome, SqlRequest } from '../statements/requests.ts';
import {
  type Carried,
  type FromWorker,
  GUARD_GRACE_MS,
  realTime,
  STATE_INTERRUPT,
  STATE_LOCK_WAIT_OVER,
  THREAD_START_LIMIT_MS,
  type ToWorker,
  type WorkerLimits,
} from './messages.ts';

import { readOutcomes, SlotReader } from './result-slot.ts';
import { ExecutorStopped } from './stopped.ts';

/**
 * How long a stream's close may wait for a message it can go with, before it is sent alone. Only
 * what this worker runs can meet what the close releases (a lock, a read snapshot: a database is
 * open in one worker at a time), and every message to it carries or follows what was told before
 * it; so the close changes no answer, and saves a wake of the thread per statement over WebSocket.
 */
const CLOSE_WAIT_MS = 10;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Database key and stream of a run. */
  stream?: string;
  /** The run's stream was ended from outside (its token invalidated): why. */
  stopped?: ExecutorStopped;
  /** What was asked (for the last guard's error, written only then) and when (the guard's clock). */
  what: () => string;
  sentAt: number;
  /** How long it may take at most, once its worker shows no progress: its statements' limits. */
  limitMs: number;
}

/** The engine's last guard's clock (injected by tests). */
export type GuardClock = () => number;

/** One worker thread and what is in flight there. */
export class EngineWorker {
  readonly #port: MessagePort;
  readonly #state: Int32Array;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** False once the thread ended: its streams are gone; its databases' files stay. */
  alive = true;
  isReady = false;
  /** Why the thread ended (for the runs that were waiting on it). */
  endReason: string | undefined;
  /** The namespaces whose work this worker holds now (open streams), with their counts: one, unless more namespaces work at once than engineWorkers. */
  readonly active = new Map<string, number>();
  /** Databases open in this worker (their keys). */
  readonly databases = new Set<string>();
  /** `waiting` (run id): a run began waiting for another stream's lock; `ready`; `ended`. For the engine and tests. */
  readonly events = new EventEmitter();
  /**
   * What was told since the last message to the worker: stream closes, adopts, drops and opens
   * ahead. They go with the next run (done before it, in order), or are sent before any other
   * message; else alone: at the end of the turn (one wake of the worker for a new namespace's first
   * statement, whose run follows in the same turn), or after CLOSE_WAIT_MS when only closes wait.
   */
  #carried: Carried[] = [];
  /** When what is carried goes alone: at the end of this turn, or on a timer (closes only). */
  #alone: 'turn' | NodeJS.Timeout | undefined;
  /** Where the worker leaves its results' JSON text (result-slot.ts), once it is ready. */
  results: SlotReader | undefined;
  /** Messages posted to the worker, and closes sent with another message (tests count them). */
  readonly posted = { messages: 0, closesCarried: 0 };

  constructor(
    readonly id: number,
    readonly limits: WorkerLimits,
    port: MessagePort,
    runState: SharedArrayBuffer,
    /** The mock clock's advance (Float64Array [offset]), sent with each run. */
    readonly clockOffset: Float64Array,
    readonly now: GuardClock = realTime,
  ) {
    this.#port = port;
    this.#state = new Int32Array(runState);
    this.#progress = now();
    port.on('message', (message: FromWorker) => this.#receive(message));
    port.unref();
  }

  /** When the worker last answered anything (or was sent its first request since it last had none). */
  #progress: number;

  #track(id: number, pending: Pending): void {
    pending.sentAt = this.now();
    if (this.#pending.size === 0) this.#progress = pending.sentAt;
    this.#pending.set(id, pending);
  }

  /**
   * The last guard: a request whose worker has shown no progress for longer than the request's
   * limits plus a grace fails now, with an error that names it. A correct engine never gets here
   * (the supervisor stops a statement at its limit); this makes a lost message an answer, not silence.
   */
  failOverdue(): number {
    const now = this.now();
    let failed = 0;
    for (const [id, pending] of this.#pending) {
      const age = now - Math.max(pending.sentAt, this.#progress);
      if (age <= pending.limitMs + GUARD_GRACE_MS + (this.isReady ? 0 : THREAD_START_LIMIT_MS)) continue;
      this.#pending.delete(id);
      failed++;
      pending.reject(
        new ExecutorStopped(
          `The engine lost request ${id} (${pending.what()}) of worker ${this.id}: no answer after ${Math.round(age)} ms, past its limit of ${pending.limitMs} ms and a grace of ${GUARD_GRACE_MS} ms; it did not run or its answer was lost`,
          'ENGINE_REQUEST_LOST',
        ),
      );
    }
    return failed;
  }

  /** Requests sent to this worker and not answered yet (tests count them). */
  get inFlight(): number {
    return this.#pending.size;
  }

  send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (!this.alive) return;
    if (this.#carried.length > 0) {
      if (message.t === 'run') {
        message.carried = this.#takeCarried();
        for (const carried of message.carried) if (carried.t === 'close') this.posted.closesCarried++;
      } else this.#sendCarried();
    }
    this.posted.messages++;
    this.#port.postMessage(message, transfer);
  }

  /** Closes a stream's connection in the worker: with the next message sent to it, or alone after CLOSE_WAIT_MS. */
  close(key: string, stream: number): void {
    if (!this.alive) return;
    this.#carried.push({ t: 'close', key, stream });
    this.#alone ??= setTimeout(() => this.#sendCarried(), CLOSE_WAIT_MS).unref();
  }

  /** An adopt, a drop or an open ahead: told with the next message (the run of the statement that made it), or alone at the end of the turn. */
  carry(message: Exclude<Carried, { t: 'close' }>): void {
    if (!this.alive) return;
    this.#carried.push(message);
    if (this.#alone === 'turn') return;
    clearTimeout(this.#alone);
    this.#alone = 'turn';
    queueMicrotask(() => {
      if (this.#alone === 'turn') this.#sendCarried();
    });
  }

  #takeCarried(): Carried[] {
    const carried = this.#carried;
    this.#carried = [];
    if (this.#alone !== 'turn') clearTimeout(this.#alone);
    this.#alone = undefined;
    return carried;
  }

  #sendCarried(): void {
    for (const message of this.#takeCarried()) {
      this.posted.messages++;
      if (this.alive) this.#port.postMessage(message satisfies ToWorker);
    }
  }

  /** Runs a stream's requests; rejects with ExecutorStopped when they were stopped (time limit, or from outside). Their time counts from the mock clock's `clock`. */
  run(key: string, stream: number, access: Access, requests: SqlRequest[], clock = this.clockOffset[0]!): Promise<SqlOutcome[]> {
    if (!this.alive) return Promise.reject(this.#lost());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#track(id, {
        resolve: resolve as Pending['resolve'],
        reject,
        sentAt: 0,
        stream: `${key}\u0000${stream}`,
        what: () => `a run of ${requests.length} statement(s) on stream ${stream}`,
        limitMs: (this.limits.statementTimeoutMs + this.limits.lockWaitMs) * Math.max(1, requests.length),
      });
      this.send({ t: 'run', id, key, stream, access, requests, clock });
    });
  }

  /** Asks the worker something and waits for its answer message. */
  ask<T>(message: (id: number) => ToWorker, transfer: ArrayBuffer[] = []): Promise<T> {
    if (!this.alive) return Promise.reject(this.#lost());
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const sent = message(id);
      this.#track(id, {
        resolve: resolve as Pending['resolve'],
        reject,
        sentAt: 0,
        what: () => `a ${sent.t} task`,
        limitMs: this.limits.statementTimeoutMs + this.limits.lockWaitMs,
      });
      this.send(sent, transfer);
    });
  }

  /** Stops the run a stream has in flight now (its statement, or its wait for a lock); the run fails with `reason`. */
  stopStream(key: string, stream: number, reason: ExecutorStopped): void {
    for (const [id, pending] of this.#pending) {
      if (pending.stream !== `${key}\u0000${stream}`) continue;
      pending.stopped = reason;
      Atomics.store(this.#state, STATE_LOCK_WAIT_OVER, id);
      Atomics.store(this.#state, STATE_INTERRUPT, id);
    }
  }

  /** The thread ended (the supervisor says why): what waits on it fails (with `error`, when given). `run` was stopped at its time limit. */
  ended(reason: string, run?: number, error?: ExecutorStopped): void {
    if (!this.alive) return;
    this.alive = false;
    this.endReason = reason;
    this.#takeCarried();
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      if (error) pending.reject(error);
      else if (id === run) {
        pending.reject(
          pending.stopped ??
            new ExecutorStopped(
              `The statement ran longer than the mock's limit of ${this.limits.statementTimeoutMs} ms (statementTimeoutMs) and was stopped; its stream closed and its transaction rolled back`,
              'SQLITE_INTERRUPT',
            ),
        );
      } else pending.reject(pending.stopped ?? this.#lost());
    }
    this.#port.close();
    this.events.emit('ended', reason);
  }

  #lost(): ExecutorStopped {
    return new ExecutorStopped(
      `The stream ended: the engine thread that held it was replaced (${this.endReason ?? 'it ended'}); whatever it had not committed was rolled back, what it committed stays`,
      'STREAM_EXPIRED',
    );
  }

  #receive(message: FromWorker) {
    this.#progress = this.now();
    if (message.t === 'refused') {
      this.ended('its thread already served another port');
      return;
    }
    if (message.t === 'ready') {
      this.isReady = true;
      this.results = new SlotReader(message.results);
      this.events.emit('ready');
      return;
    }
    if (message.t === 'waiting') {
      this.events.emit('waiting', message.id);
      return;
    }
    // Read even when nothing waits for them any more: a text in the worker's slot frees it.
    const outcomes = message.t === 'done' ? readOutcomes(message.outcomes, this.results) : [];
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    switch (message.t) {
      case 'done':
        // A run the worker did not stop finished: its answer is the truth, even if its stream was ended meanwhile.
        if (message.interrupted) {
          pending.reject(
            pending.stopped ??
              new ExecutorStopped(
                `The statement ran longer than the mock's limit of ${this.limits.statementTimeoutMs} ms (statementTimeoutMs) and was stopped; its stream closed and its transaction rolled back`,
                'SQLITE_INTERRUPT',
              ),
          );
        } else pending.resolve(outcomes);
        return;
      case 'inspected':
        pending.resolve({ pool: message.pool, streams: message.streams, splitCache: message.splitCache });
        return;
      case 'snapshot':
        if (message.error) pending.reject(new Error(message.error));
        else pending.resolve(message.image);
        return;
      case 'checked':
        pending.resolve(message.refusal);
        return;
    }
  }
}
