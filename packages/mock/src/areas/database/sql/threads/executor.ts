// A database's side of the engine, on the HTTP thread: the Executor sends each pipeline's SQL
// requests to the worker thread that holds the stream (engine-worker.ts), and says why a stream
// ended. A stream lives in one worker; the engine (threads/placement.ts) chooses it when the stream opens.

import type { PooledConnection } from '../statements/connection.ts';
import type { Access, SqlOutcome, SqlRequest } from '../statements/requests.ts';
import type { EngineWorker } from './engine-worker.ts';
import { ExecutorStopped } from './stopped.ts';

/** What an executor needs of the engine: a worker for a new stream, and word when a stream ends. */
export interface StreamPlacement {
  /** The mock clock's advance now: a run's time limits count from its value when the run was asked for. */
  clock(): number;
  /** Undefined when the namespace's run may start now; else resolves when it may (runs start in turns, namespace after namespace, whatever door sent them). */
  turn(namespace: string): Promise<void> | undefined;
  /** The worker a new stream of this database runs in (the database opened there); throws when none can take it. */
  streamOpened(executor: Executor): EngineWorker;
  streamClosed(executor: Executor, worker: EngineWorker): void;
}

/** One database: its open streams and the worker each runs in. */
export class Executor {
  /** Open streams and the worker holding each one's connection. */
  readonly #streams = new Map<number, EngineWorker>();
  /** Streams whose worker ended, until their next request or close: why. */
  readonly #lost = new Map<number, ExecutorStopped>();
  /** Runs waiting for their turn (fair-turns.ts), by stream: an interrupt meanwhile stops the run before it is sent. */
  readonly #waitingTurn = new Map<number, { stopped?: ExecutorStopped }>();
  #stopped = false;

  constructor(
    readonly key: string,
    readonly namespace: string,
    readonly placement: StreamPlacement,
  ) {}

  get running(): boolean {
    return !this.#stopped;
  }

  /** Streams of this database open in a worker. */
  get streams(): ReadonlySet<number> {
    return new Set(this.#streams.keys());
  }

  async run(stream: number, access: Access, requests: SqlRequest[]): Promise<SqlOutcome[]> {
    // The run's time counts from now, even if it waits for its turn (fair-turns.ts): what the caller
    // does next (the mock clock advanced) comes after it, whenever the run is sent.
    const clock = this.placement.clock();
    const turn = this.placement.turn(this.namespace);
    if (turn) {
      const waiting: { stopped?: ExecutorStopped } = {};
      this.#waitingTurn.set(stream, waiting);
      try {
        await turn;
      } finally {
        this.#waitingTurn.delete(stream);
      }
      if (waiting.stopped) {
        // As a run stopped in its worker: the stream closes there, its transaction rolled back.
        this.closeStream(stream);
        throw waiting.stopped;
      }
    }
    if (this.#stopped) throw new ExecutorStopped('The database was closed; the stream ended', 'STREAM_EXPIRED');
    const lost = this.#lost.get(stream);
    if (lost) {
      this.#lost.delete(stream);
      throw lost;
    }
    let worker = this.#streams.get(stream);
    if (!worker) {
      try {
        worker = this.placement.streamOpened(this);
      } catch (error) {
        // A limit (no worker or room for the database): the stream's answer, with the limit's code.
        throw new ExecutorStopped((error as Error).message, (error as { code?: string }).code ?? 'DATABASE_ENGINE_UNAVAILABLE');
      }
      this.#streams.set(stream, worker);
    }
    try {
      const outcomes = await worker.run(this.key, stream, access, requests, clock);
      if (requests.some((request) => request.type === 'close')) this.#forget(stream);
      return outcomes;
    } catch (error) {
      this.#forget(stream);
      throw error;
    }
  }

  #forget(stream: number): boolean {
    const worker = this.#streams.get(stream);
    if (!worker) return false;
    this.#streams.delete(stream);
    this.placement.streamClosed(this, worker);
    return true;
  }

  /** Ends a stream's request in flight now, if any, sent or waiting for its turn (it fails with `reason`); the stream then closes. */
  interrupt(stream: number, reason: ExecutorStopped): void {
    const waiting = this.#waitingTurn.get(stream);
    if (waiting) waiting.stopped = reason;
    this.#streams.get(stream)?.stopStream(this.key, stream, reason);
  }

  /** Closes a stream's connection, releasing its locks (its transaction rolls back). */
  closeStream(stream: number): void {
    this.#lost.delete(stream);
    const worker = this.#streams.get(stream);
    if (!worker || !this.#forget(stream)) return;
    worker.close(this.key, stream);
  }

  /** A worker ended: the streams it held are gone (the next request of each answers that). */
  workerEnded(worker: EngineWorker, reason: ExecutorStopped): void {
    for (const [stream, holder] of [...this.#streams]) {
      if (holder !== worker) continue;
      this.#forget(stream);
      this.#lost.set(stream, reason);
    }
  }

  /** The connections the database's pool holds in `worker`, for tests: each should hold nothing of an earlier stream. */
  inspect(worker: EngineWorker): Promise<{ pool: PooledConnection[]; streams: number; splitCache: { texts: number; bytes: number } }> {
    return worker.ask((id) => ({ t: 'inspect', id, key: this.key }));
  }

  /** Forgets the database's streams (the engine drops it from its worker). */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const stream of [...this.#streams.keys()]) this.#forget(stream);
  }
}
