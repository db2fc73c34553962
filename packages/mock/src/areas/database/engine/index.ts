// The SQL engine of the database area: SQLite compiled to WebAssembly, in a few worker threads
// (engineWorkers) that each hold many databases in memory; a database costs its pages, not a
// process. A database may be saved to a host file (the mock writes it from the engine's file
// image; SQL never sees a host path) and loaded from one, or from a state snapshot.
// The engine is created at once and its first worker starts in the background (not awaited):
// requests sent meanwhile wait for it. A worker that cannot start makes the engine unavailable,
// and every request answers so (DATABASE_ENGINE_UNAVAILABLE); there is no retry.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseEngineUnavailable, EngineWorker } from './engine-worker.ts';
import { Executor } from './executor.ts';
import type { WorkerBoot, WorkerLimits } from './messages.ts';
import { compiledSqlite } from './sqlite-module.ts';
import { workerScript } from './worker-script.ts';

export { DatabaseEngineUnavailable, ENGINE_CHANNEL, type EngineEvent } from './engine-worker.ts';

export interface EngineLimits extends WorkerLimits {
  /** Most databases open at once (every namespace together); idle ones are closed to make room. */
  maxDatabases: number;
  /** Worker threads running SQL. */
  engineWorkers: number;
}

export interface SqlEngineOptions {
  limits: EngineLimits;
  /** The mock's clock: time limits are judged by it. */
  now?: () => number;
}

/** Where a database's data comes from when it opens, and where it is saved. */
export interface DatabaseSource {
  /** The data to start from (a snapshot's); else the file's, if any; else empty. */
  initial?: () => Uint8Array | undefined;
  /** A host file the database is saved to after each request that changed it (before the answer), and loaded from. */
  file?: string;
}

/** A namespace's database: the executor that serves it. */
export interface EngineDatabase {
  readonly key: string;
  readonly executor: Executor;
}

interface OpenDatabase extends EngineDatabase {
  file?: string;
  /** The data it opened with, kept until its worker is ready: its image until then. */
  opening?: Uint8Array;
}

export class DatabaseLimitReached extends Error {
  readonly code = 'DATABASE_LIMIT_REACHED';
}

/** The key of an owner's database (owners hold access keys: never shown). */
export const databaseKey = (owner: string, databaseId: string) => `${owner}\u0000${databaseId}`;

const DATABASES_BEFORE_ANOTHER_WORKER = 4;

export function createSqlEngine(options: SqlEngineOptions) {
  const { limits } = options;
  const now = options.now ?? Date.now;
  let boot: WorkerBoot | undefined;
  const bootOf = () => (boot ??= { script: workerScript(), module: compiledSqlite() });
  // One worker at start; more (up to engineWorkers) once each holds a few databases.
  const workers: EngineWorker[] = [];
  /** Why the engine cannot run SQL: its worker could not start. */
  let failure: DatabaseEngineUnavailable | undefined;
  function startWorker(): EngineWorker {
    const worker = new EngineWorker(limits, now, bootOf());
    workers.push(worker);
    return worker;
  }
  // In the background, not awaited: the first request waits for it (see EngineWorker).
  startWorker();
  /** Forgets the workers whose thread ended; the first one that could not start makes the engine unavailable. */
  function dropDeadWorkers(): void {
    for (let index = workers.length - 1; index >= 0; index--) {
      const worker = workers[index]!;
      if (worker.alive) continue;
      failure ??= worker.startFailure;
      workers.splice(index, 1);
    }
  }
  const databases = new Map<string, OpenDatabase>();
  /** File images of databases closed to make room (without a file of their own), until they open again. */
  const spilled = new Map<string, Uint8Array>();

  /** Writes a database's file image to its host file (through a temporary file, then a rename). */
  function save(file: string, image: Uint8Array): void {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.saving`;
    writeFileSync(temporary, image, { mode: 0o600 });
    renameSync(temporary, file);
  }

  /** A database's file image now: its worker's, or before the worker is ready, the data it opened with. */
  function imageNow(database: OpenDatabase): Uint8Array | undefined {
    if (!database.executor.worker.isReady) return database.opening;
    database.opening = undefined;
    return database.executor.worker.exportNow(database.key) ?? undefined;
  }

  function close(database: OpenDatabase) {
    databases.delete(database.key);
    database.executor.stop();
  }

  return {
    /**
     * The database, opened on first use. Past maxDatabases, the least recently used database
     * without open streams is closed (saved first when it has a file; else its data is gone);
     * when every database has open streams, a new one is refused. Throws
     * DatabaseEngineUnavailable when the engine could not start.
     */
    database(owner: string, databaseId: string, source: DatabaseSource = {}): EngineDatabase {
      dropDeadWorkers();
      if (failure) throw failure;
      const key = databaseKey(owner, databaseId);
      let database = databases.get(key);
      if (database && !database.executor.running) {
        databases.delete(key); // its worker failed: the database opens again (from its file, if any)
        database = undefined;
      }
      if (database) {
        databases.delete(key); // most recently used last
        databases.set(key, database);
        return database;
      }
      if (databases.size >= limits.maxDatabases) {
        const idle = [...databases.values()].find((candidate) => candidate.executor.streams.size === 0);
        if (!idle) throw new DatabaseLimitReached(`The mock holds ${limits.maxDatabases} databases with open streams, its limit (maxDatabases); no more can be opened`);
        // Its data is kept: in its file, or as an image here until it opens again.
        const image = imageNow(idle);
        if (image && idle.file) save(idle.file, image);
        else if (image) spilled.set(idle.key, image);
        close(idle);
      }
      let worker = workers.reduce<EngineWorker | undefined>((least, candidate) => (least && least.databases <= candidate.databases ? least : candidate), undefined);
      if (!worker || (worker.databases >= DATABASES_BEFORE_ANOTHER_WORKER && workers.length < limits.engineWorkers)) {
        worker = startWorker();
      }
      worker.databases++;
      let bytes = source.initial?.() ?? spilled.get(key);
      spilled.delete(key);
      if (!bytes && source.file) {
        try {
          bytes = readFileSync(source.file);
        } catch {
          bytes = undefined; // no file yet: an empty database
        }
      }
      const copy = bytes ? new Uint8Array(bytes) : undefined;
      worker.send({ t: 'open', key, bytes: copy }, copy ? [copy.buffer as ArrayBuffer] : []);
      const executor = new Executor(key, worker);
      database = { key, executor, file: source.file, opening: worker.isReady ? undefined : bytes };
      const file = source.file;
      if (file) executor.save = (image) => save(file, image);
      databases.set(key, database);
      return database;
    },

    /** The database's file image now (for snapshots); undefined when it is not open. */
    imageOf(owner: string, databaseId: string): Uint8Array | undefined {
      const key = databaseKey(owner, databaseId);
      const database = databases.get(key);
      return database ? imageNow(database) : spilled.get(key);
    },

    /** Closes every database of an owner (their streams end); files are removed too when `removeFiles`. */
    forget(which: (key: string) => boolean, removeFiles = false): void {
      for (const database of [...databases.values()]) {
        if (!which(database.key)) continue;
        close(database);
        if (removeFiles && database.file) rmSync(database.file, { force: true });
      }
      for (const key of [...spilled.keys()]) if (which(key)) spilled.delete(key);
    },

    async close(): Promise<void> {
      databases.clear();
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}

export type SqlEngine = ReturnType<typeof createSqlEngine>;
