// A database's side of the engine: the Executor of one database, which sends each pipeline's SQL
// requests to the worker thread holding it (engine-worker.ts), and why a stream ended.
import type { EngineWorker } from './engine-worker.ts';
import type { Access, PooledConnection, SqlOutcome, SqlRequest } from './messages.ts';

/** Why a stream ended without being closed. */
export class ExecutorStopped extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** One database in a worker: the streams it holds, and their requests. */
export class Executor {
  /** Streams this database holds (open in its worker). */
  readonly streams = new Set<number>();
  /** Saves the database's file image after a run changed it; set for databases with a host file. */
  save: ((image: Uint8Array) => void) | undefined;
  #stopped = false;

  constructor(
    readonly key: string,
    readonly worker: EngineWorker,
  ) {}

  get running(): boolean {
    return !this.#stopped && this.worker.alive;
  }

  async run(stream: number, access: Access, requests: SqlRequest[]): Promise<SqlOutcome[]> {
    if (this.#stopped) throw new ExecutorStopped('The database was closed; the stream ended', 'STREAM_EXPIRED');
    this.streams.add(stream);
    try {
      const { outcomes, image } = await this.worker.run(this.key, stream, access, requests, this.save !== undefined);
      if (requests.some((request) => request.type === 'close')) this.streams.delete(stream);
      if (image) this.save?.(image);
      return outcomes;
    } catch (error) {
      this.streams.delete(stream);
      throw error;
    }
  }

  /** Ends a stream's request in flight now, if any (it fails with `reason`); the stream then closes. */
  interrupt(stream: number, reason: ExecutorStopped): void {
    if (this.streams.has(stream) && !this.#stopped) this.worker.stopStream(this.key, stream, reason);
  }

  /** Closes a stream's connection, releasing its locks (its transaction rolls back). */
  closeStream(stream: number): void {
    if (!this.streams.delete(stream) || this.#stopped) return;
    this.worker.send({ t: 'close', key: this.key, stream });
  }

  /** The connections the database's pool holds, for tests: each should hold nothing of an earlier stream. */
  inspect(): Promise<{ pool: PooledConnection[]; streams: number }> {
    return this.worker.ask((id) => ({ t: 'inspect', id, key: this.key }));
  }

  /** Forgets the database in its worker (its data is gone unless saved). */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.streams.clear();
    this.worker.databases--;
    this.worker.send({ t: 'drop', key: this.key });
  }
}

