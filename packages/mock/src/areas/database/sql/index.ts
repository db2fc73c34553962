// The SQL engine of the database area, and its one entry: SQLite compiled to WebAssembly, run in
// worker threads that a supervisor thread starts and stops (threads/engine-worker.ts,
// threads/supervisor-thread.ts). A database's bytes live in its files (storage/files.ts: shared
// memory, or a host file with --db-dir), not in a worker, so a worker is only where its SQL runs.
// Namespaces do not share fate: a namespace's streams all run in one worker, which serves no other
// namespace while it holds them (threads/placement.ts); when a worker is ended (a statement past its
// time limit that would not stop), its namespace's databases come back as last committed in the
// next one. Snapshots and image checks run in a utility worker of their own, so the HTTP thread
// never waits on SQL.
import { rmSync } from 'node:fs';
import { headerRefusal } from './statements/image-check.ts';
import { hostFiles, sharedFiles, unwrittenImage } from './storage/files.ts';
import { EngineSupervisor } from './threads/engine-supervisor.ts';
import type { EngineWorker } from './threads/engine-worker.ts';
import { Executor } from './threads/executor.ts';
import { databaseKey, namespaceOf, type WorkerLimits } from './threads/messages.ts';
import { createPlacement, type EngineDatabase, type OpenDatabase } from './threads/placement.ts';
import { ExecutorStopped } from './threads/stopped.ts';
import { workerScripts } from './threads/worker-script.ts';
import { compiledSqlite } from './wasm/sqlite-module.ts';

/** What the pipeline runner sends and is answered, and a token's access: the area's other folders reach the engine only through this module. */
export type { Access, CursorEntry, Encoding, LeasedText, SqlOutcome, SqlRequest, SqlStep, SqlStmt } from './statements/requests.ts';
export { isJsonOutcome, isProtobufOutcome, outcomeText } from './statements/requests.ts';
export { DatabaseEngineUnavailable, ENGINE_CHANNEL, type EngineEvent } from './threads/engine-supervisor.ts';
export { DatabaseLimitReached, type EngineDatabase } from './threads/placement.ts';
export { databaseKey, ExecutorStopped };

export interface EngineLimits extends WorkerLimits {
  /** Most databases open in workers at once (every namespace together); idle ones are closed to make room (their data stays). */
  maxDatabases: number;
  /** Most worker threads running SQL: as many namespaces can hold streams at once. */
  engineWorkers: number;
}

export interface SqlEngineOptions {
  limits: EngineLimits;
  /** The mock clock's advance, shared with the engine's threads (Float64Array [offset]): time limits follow it. */
  clockOffset?: SharedArrayBuffer;
  /** The last guard's clock, for tests (they call failOverdue); real time, checked every second, by default. */
  guardClock?: () => number;
}

/** Where a database's data comes from when it opens. */
export interface DatabaseSource {
  /** The data to start from (a snapshot's), for a database kept in memory. */
  initial?: () => Uint8Array | undefined;
  /** A host file the database is kept in (`<file>` and `<file>-wal`), written in place by its worker. */
  file?: string;
}

export function createSqlEngine(options: SqlEngineOptions) {
  const { limits } = options;
  const clockOffset = options.clockOffset ?? new SharedArrayBuffer(8);
  const clock = new Float64Array(clockOffset);
  // Started at once, in the background: its spare worker is loaded before the first statement needs it.
  const supervisor = new EngineSupervisor({
    scripts: workerScripts(),
    module: compiledSqlite(),
    limits,
    clockOffset,
    guardClock: options.guardClock,
  });
  let utility: EngineWorker | undefined;
  /** Every database, the least recently used first. */
  const databases = new Map<string, OpenDatabase>();
  const { placement, close, used } = createPlacement({ supervisor, limits, databases, clock });

  function utilityWorker(): EngineWorker {
    if (!utility?.alive) utility = supervisor.spawn();
    return utility;
  }

  function forgetDatabase(database: OpenDatabase, removeFiles: boolean): void {
    databases.delete(database.key);
    database.executor.stop();
    close(database);
    if (removeFiles && database.file) for (const suffix of ['', '-wal']) rmSync(`${database.file}${suffix}`, { force: true });
  }

  return {
    /**
     * The database, made on first use (its files: in memory, or its host file). Throws
     * DatabaseEngineUnavailable when the engine could not start.
     */
    database(owner: string, databaseId: string, source: DatabaseSource = {}): EngineDatabase {
      if (supervisor.failure) throw supervisor.failure;
      const key = databaseKey(owner, databaseId);
      let database = databases.get(key);
      if (database) {
        databases.delete(key); // most recently used last
        databases.set(key, database);
        used(database);
        return database;
      }
      const namespace = namespaceOf(owner);
      const image = source.file ? undefined : source.initial?.();
      const files = source.file ? hostFiles(source.file) : image === undefined ? undefined : sharedFiles(limits.maxDatabaseBytes, image);
      database = { key, namespace, files, file: source.file, executor: new Executor(key, namespace, placement) };
      databases.set(key, database);
      return database;
    },

    /** The database's image as last committed, made off this thread; undefined when it was never used. */
    async imageOf(owner: string, databaseId: string): Promise<Uint8Array | undefined> {
      const database = databases.get(databaseKey(owner, databaseId));
      const files = database?.files;
      if (!files) return undefined;
      const unwritten = unwrittenImage(files);
      if (unwritten) return unwritten.byteLength > 0 ? unwritten : undefined;
      const image = await utilityWorker().ask<Uint8Array | null>((id) => ({ t: 'snapshot', id, files, encoding: 'bytes' }));
      return image ?? undefined;
    },

    /** The database's image as last committed, as base64 text for a snapshot (encoded off this thread), and its size in bytes. */
    async snapshotOf(owner: string, databaseId: string): Promise<{ base64: string; bytes: number } | undefined> {
      const database = databases.get(databaseKey(owner, databaseId));
      const files = database?.files;
      if (!files) return undefined;
      const unwritten = unwrittenImage(files);
      if (unwritten)
        return unwritten.byteLength > 0
          ? { base64: Buffer.from(unwritten.buffer, unwritten.byteOffset, unwritten.byteLength).toString('base64'), bytes: unwritten.byteLength }
          : undefined;
      const image = await utilityWorker().ask<{ base64: string; bytes: number } | null>((id) => ({
        t: 'snapshot',
        id,
        files,
        encoding: 'base64',
      }));
      return image ?? undefined;
    },

    /** Why an image cannot become a database (header, schema under the allow-lists, integrity), or undefined. */
    async checkImage(image: Uint8Array): Promise<string | undefined> {
      const refusal = headerRefusal(image, limits.maxDatabaseBytes);
      if (refusal) return refusal;
      const copy = new Uint8Array(image);
      try {
        return await utilityWorker().ask<string | undefined>((id) => ({ t: 'check', id, image: copy }), [copy.buffer as ArrayBuffer]);
      } catch (error) {
        return `it could not be checked (${(error as Error).message})`;
      }
    },

    /** Closes every database whose key matches (their streams end); their host files are removed too when `removeFiles`. */
    forget(which: (key: string) => boolean, removeFiles = false): void {
      for (const database of [...databases.values()]) if (which(database.key)) forgetDatabase(database, removeFiles);
    },

    /** The last guard: fails every request in flight past its limits plus a grace, with an error naming it; how many. */
    failOverdue: () => supervisor.failOverdue(),

    /** Requests sent to workers and not answered yet (tests count them). */
    inFlight: () => supervisor.inFlight(),

    /** Ends the worker a database is open in, as the watchdog would (tests); false when it is open in none. */
    endWorkerOf(owner: string, databaseId: string): boolean {
      const worker = databases.get(databaseKey(owner, databaseId))?.openIn;
      if (!worker?.alive) return false;
      supervisor.end(worker);
      return true;
    },

    /** The worker a database is open in (tests inspect its pool). */
    workerOf(owner: string, databaseId: string): EngineWorker | undefined {
      return databases.get(databaseKey(owner, databaseId))?.openIn;
    },

    async close(): Promise<void> {
      databases.clear();
      await supervisor.close();
    },
  };
}

export type SqlEngine = ReturnType<typeof createSqlEngine>;
