// A new namespace's first statement would open its database in a worker and set up a connection
// to it (its pragmas, the sandbox's authorizer, the limits) before it ran: about half a
// millisecond of SQLite, on the statement's own time. Instead each SQL worker holds one empty
// database opened ahead, with a connection in its pool; a database that was never opened and has
// no data of its own (no snapshot's image, no host file, so no files yet) takes it over, and the
// worker opens the next one after the statement that took it.

import type { DatabaseFiles } from '../storage/files.ts';
import type { EngineWorker } from './engine-worker.ts';

interface Ready {
  key: string;
  files: DatabaseFiles;
}

/** The empty database each worker holds ready, on the HTTP thread's side. */
export class ReadyDatabases {
  readonly #ready = new Map<EngineWorker, Ready>();
  #next = 1;

  constructor(
    /** New files for an empty database. */
    private readonly makeFiles: () => DatabaseFiles,
    /** Makes the files' owner a new epoch (the one the worker opens them as). */
    private readonly fence: (files: DatabaseFiles) => number,
    /** When the next one is opened: after what the worker was sent in this turn (its first statement runs first). */
    private readonly later: (next: () => void) => void = setImmediate,
  ) {}

  /** Opens an empty database ahead in the worker, unless it holds one already or has ended. */
  prepare(worker: EngineWorker): void {
    if (!worker.alive || this.#ready.has(worker)) return;
    const files = this.makeFiles();
    // Not a database key (those start with their owner): no request can name it.
    const ready = { key: `\u0000ready-${this.#next++}`, files };
    this.#ready.set(worker, ready);
    worker.send({ t: 'open', key: ready.key, files, epoch: this.fence(files), ready: true });
  }

  /**
   * Gives the worker's empty database to the database `key`: the worker holds it under that key
   * from now on, and these are its files. Undefined when the worker holds none (it is still
   * opening it, or ended): the caller opens the database as before.
   */
  take(worker: EngineWorker, key: string): DatabaseFiles | undefined {
    const ready = this.#ready.get(worker);
    if (!ready || !worker.alive) return undefined;
    this.#ready.delete(worker);
    worker.send({ t: 'adopt', from: ready.key, key });
    this.later(() => this.prepare(worker));
    return ready.files;
  }

  /** The worker ended: what it held is gone. */
  forget(worker: EngineWorker): void {
    this.#ready.delete(worker);
  }
}
