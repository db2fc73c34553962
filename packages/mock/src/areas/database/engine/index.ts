// The SQL engine of the database area: SQLite compiled to WebAssembly, in a few worker threads
// (engineWorkers) that each hold many databases in memory; a database costs its pages, not a
// process. A database may be saved to a host file (the mock writes it from the engine's file
// image; SQL never sees a host path) and loaded from one, or from a state snapshot.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EngineWorker, Executor, workerScript, type WorkerLimits } from './executor.ts';

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

export class DatabaseLimitReached extends Error {
  readonly code = 'DATABASE_LIMIT_REACHED';
}

/** The key of an owner's database (owners hold access keys: never shown). */
export const databaseKey = (owner: string, databaseId: string) => `${owner}\u0000${databaseId}`;

const DATABASES_BEFORE_ANOTHER_WORKER = 4;

export async function createSqlEngine(options: SqlEngineOptions) {
  const { limits } = options;
  const now = options.now ?? Date.now;
  const script = await workerScript();
  // One worker at start; more (up to engineWorkers) once each holds a few databases.
  const workers = [new EngineWorker(script, limits, now)];
  await workers[0]!.ready;
  const databases = new Map<string, EngineDatabase & { file?: string }>();
  /** File images of databases closed to make room (without a file of their own), until they open again. */
  const spilled = new Map<string, Uint8Array>();

  /** Writes a database's file image to its host file (through a temporary file, then a rename). */
  function save(file: string, image: Uint8Array): void {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.saving`;
    writeFileSync(temporary, image, { mode: 0o600 });
    renameSync(temporary, file);
  }

  function close(database: EngineDatabase & { file?: string }) {
    databases.delete(database.key);
    database.executor.stop();
  }

  return {
    /**
     * The database, opened on first use. Past maxDatabases, the least recently used database
     * without open streams is closed (saved first when it has a file; else its data is gone);
     * when every database has open streams, a new one is refused.
     */
    database(owner: string, databaseId: string, source: DatabaseSource = {}): EngineDatabase {
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
        const image = idle.executor.worker.exportNow(idle.key);
        if (image && idle.file) save(idle.file, image);
        else if (image) spilled.set(idle.key, image);
        close(idle);
      }
      for (let index = workers.length - 1; index >= 0; index--) if (!workers[index]!.alive) workers.splice(index, 1);
      let worker = workers.reduce<EngineWorker | undefined>((least, candidate) => (least && least.databases <= candidate.databases ? least : candidate), undefined);
      if (!worker || (worker.databases >= DATABASES_BEFORE_ANOTHER_WORKER && workers.length < limits.engineWorkers)) {
        worker = new EngineWorker(script, limits, now);
        workers.push(worker);
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
      database = { key, executor, file: source.file };
      const file = source.file;
      if (file) executor.save = (image) => save(file, image);
      databases.set(key, database);
      return database;
    },

    /** The database's file image now (for snapshots); undefined when it is not open. */
    imageOf(owner: string, databaseId: string): Uint8Array | undefined {
      const key = databaseKey(owner, databaseId);
      const database = databases.get(key);
      return (database ? database.executor.worker.exportNow(key) : spilled.get(key)) ?? undefined;
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

export type SqlEngine = Awaited<ReturnType<typeof createSqlEngine>>;
