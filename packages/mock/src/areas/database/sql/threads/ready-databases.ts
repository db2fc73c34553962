// A new namespace's first statement would open its database in a worker and set up a connection
// to it (its pragmas, the sandbox's authorizer, the limits) before it ran: about half a
// millisecond of SQLite, on the statement's own time. Instead each SQL worker holds empty
// databases opened ahead, each with a connection in its pool; a database that was never opened
// and has no data of its own (no snapshot's image, no host file, so no files yet) takes the oldest
// over, and the worker opens the next one after the statement that took it. Two are held: the one
// taken was opened while at least one other namespace came and went, so that its open (in the
// worker's idle turns, idle-steps.ts) is done even when namespaces come back to back and the
// worker had no core to itself between them; with one, about 40 % of that open ran on the next
// namespace's first statement.

import type { DatabaseFiles } from '../storage/files.ts';
import type { EngineWorker } from './engine-worker.ts';
import type { ToWorker } from './messages.ts';

/** Empty databases each SQL worker holds opened ahead. */
export const READY_PER_WORKER = 2;

interface Ready {
  key: string;
  files: DatabaseFiles;
}

/** The empty databases each worker holds ready, on the HTTP thread's side. */
export class ReadyDatabases {
  /** Each worker's ready databases, the oldest first. */
  readonly #ready = new Map<EngineWorker, Ready[]>();
  #next = 1;
  /** Files made in a later turn for the next database opened ahead: none are made on a statement's path. */
  #spareFiles: DatabaseFiles | undefined;

  constructor(
    /** New files for an empty database. */
    private readonly makeFiles: () => DatabaseFiles,
    /** Makes the files' owner a new epoch (the one the worker opens them as). */
    private readonly fence: (files: DatabaseFiles) => number,
    /** When files for the next one are made: after what the worker was sent in this turn. */
    private readonly later: (next: () => void) => void = setImmediate,
    /** How many each worker holds. */
    private readonly depth = READY_PER_WORKER,
  ) {}

  /** Opens empty databases ahead in the worker until it holds `depth`, unless it has ended. */
  prepare(worker: EngineWorker): void {
    this.#fill(worker, (message) => worker.send(message));
  }

  #fill(worker: EngineWorker, tell: (message: Extract<ToWorker, { t: 'open' }>) => void): void {
    if (!worker.alive) return;
    let held = this.#ready.get(worker);
    if (!held) this.#ready.set(worker, (held = []));
    while (held.length < this.depth) {
      const files = this.#spareFiles ?? this.makeFiles();
      this.#spareFiles = undefined;
      // Not a database key (those start with their owner): no request can name it.
      const ready = { key: `\u0000ready-${this.#next++}`, files };
      held.push(ready);
      tell({ t: 'open', key: ready.key, files, epoch: this.fence(files), ready: true });
    }
  }

  /**
   * Gives the worker's oldest empty database to the database `key`: the worker holds it under
   * that key from now on, and these are its files. Undefined when the worker holds none (it
   * ended): the caller opens the database as before.
   */
  take(worker: EngineWorker, key: string): DatabaseFiles | undefined {
    const ready = worker.alive ? this.#ready.get(worker)?.shift() : undefined;
    if (!ready) return undefined;
    // Told with the statement's run, sent in the same turn (engine-worker.ts): the worker wakes
    // once. So is the open of the next one, after it (the worker opens it in idle turns, after the
    // run), on files made ahead; the files for the one after are made in a later turn.
    worker.carry({ t: 'adopt', from: ready.key, key });
    this.#fill(worker, (message) => worker.carry(message));
    this.later(() => {
      this.#spareFiles ??= this.makeFiles();
    });
    return ready.files;
  }

  /** How many the worker holds now (tests). */
  heldBy(worker: EngineWorker): number {
    return this.#ready.get(worker)?.length ?? 0;
  }

  /** The worker ended: what it held is gone. */
  forget(worker: EngineWorker): void {
    this.#ready.delete(worker);
  }
}
