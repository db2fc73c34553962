// The SQL engine of the database area: SQLite compiled to WebAssembly, run in worker threads that a
// supervisor thread starts and stops (engine-worker.ts, supervisor-thread.ts). A database's bytes
// live in its files (files.ts: shared memory, or a host file with --db-dir), not in a worker, so a
// worker is only where its SQL runs. Namespaces do not share fate: a namespace's streams all run in
// one worker, which serves no other namespace while it holds them; when a worker is ended (a
// statement past its time limit that would not stop), its namespace's databases come back as last
// committed in the next one. Snapshots and image checks run in a utility worker of their own, so
// the HTTP thread never waits on SQL.
import { rmSync } from 'node:fs';
import { headerRefusal } from './statements/image-check.ts';
import { CONTROL_OWNER, type DatabaseFiles, hostFiles, sharedFiles, unwrittenImage } from './storage/files.ts';
import { EngineSupervisor } from './threads/engine-supervisor.ts';
import type { EngineWorker } from './threads/engine-worker.ts';
import { Executor, type StreamPlacement } from './threads/executor.ts';
import { FairTurns } from './threads/fair-turns.ts';
import { databaseKey, namespaceOf, type WorkerLimits } from './threads/messages.ts';
import { ReadyDatabases } from './threads/ready-databases.ts';
import { ExecutorStopped } from './threads/stopped.ts';
import { workerScripts } from './threads/worker-script.ts';
import { compiledSqlite } from './wasm/sqlite-module.ts';

/** What the pipeline runner sends and is answered, and a token's access: the area's other folders reach the engine only through this module. */
export type { Access, CursorEntry, SqlOutcome, SqlRequest, SqlStep, SqlStmt } from './statements/requests.ts';
export { DatabaseEngineUnavailable, ENGINE_CHANNEL, type EngineEvent } from './threads/engine-supervisor.ts';
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

/** A namespace's database: the executor that serves it. */
export interface EngineDatabase {
  readonly key: string;
  readonly executor: Executor;
}

interface OpenDatabase extends EngineDatabase {
  namespace: string;
  /** None yet for an empty database never opened: it takes over a worker's database opened ahead (ready-databases.ts), or new files, when it opens. */
  files?: DatabaseFiles;
  file?: string;
  /** The worker the database is open in, if any. */
  openIn?: EngineWorker;
}

export class DatabaseLimitReached extends Error {
  readonly code = 'DATABASE_LIMIT_REACHED';
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
  const workers: EngineWorker[] = [];
  let utility: EngineWorker | undefined;
  const databases = new Map<string, OpenDatabase>();
  /** The databases open in a worker now (their openIn is set). */
  const held = new Set<OpenDatabase>();
  /** Each namespace's open streams and the worker that holds them. */
  const lanes = new Map<string, { worker?: EngineWorker; streams: number }>();
  let epoch = 0;
  const ready = new ReadyDatabases(() => sharedFiles(limits.maxDatabaseBytes), fenceFiles);

  function startWorker(): EngineWorker {
    const worker = supervisor.spawn();
    workers.push(worker);
    ready.prepare(worker);
    worker.events.once('ended', (reason: string) => {
      workers.splice(workers.indexOf(worker), 1);
      ready.forget(worker);
      const lost = new ExecutorStopped(
        `The stream ended: its engine thread was ended (${reason}); its open transaction was rolled back, what it committed stays`,
        'STREAM_EXPIRED',
      );
      for (const database of databases.values()) {
        if (database.openIn !== worker) continue;
        database.openIn = undefined;
        held.delete(database);
        database.executor.workerEnded(worker, lost);
      }
    });
    return worker;
  }

  /**
   * A worker for a namespace that opens its first stream: the one it had, if no other namespace
   * works there; else one where no namespace works; else a new one, up to engineWorkers. Past that
   * many namespaces at work at once, namespaces share the worker where the fewest work (and may
   * then share its fate: the README says so).
   */
  function workerFor(namespace: string): EngineWorker {
    const othersIn = (worker: EngineWorker) => [...worker.active.keys()].filter((other) => other !== namespace).length;
    const mine = lanes.get(namespace)?.worker;
    if (mine?.alive && othersIn(mine) === 0) return mine;
    const alive = workers.filter((worker) => worker.alive);
    const free = alive.filter((worker) => worker.active.size === 0).sort((a, b) => a.databases.size - b.databases.size)[0];
    if (free) return free;
    if (workers.length < limits.engineWorkers) return startWorker();
    return alive.sort((a, b) => a.active.size - b.active.size)[0] ?? startWorker();
  }

  /** Opens a database in a worker (it moves there from another, whose writes to it are fenced off first). */
  function openIn(database: OpenDatabase, worker: EngineWorker): void {
    if (database.openIn === worker && worker.alive) return;
    if (held.size >= limits.maxDatabases) {
      // The least recently used idle one (databases are kept in the order of their last use).
      const idle = [...databases.values()].find((candidate) => held.has(candidate) && candidate !== database && candidate.executor.streams.size === 0);
      if (!idle)
        throw new DatabaseLimitReached(`The mock holds ${limits.maxDatabases} databases with open streams, its limit (maxDatabases); no more can be opened`);
      close(idle);
    }
    if (database.openIn?.alive) close(database);
    const taken = database.files ? undefined : ready.take(worker, database.key);
    if (taken) database.files = taken;
    else {
      const files = (database.files ??= sharedFiles(limits.maxDatabaseBytes));
      worker.send({ t: 'open', key: database.key, files, epoch: fenceFiles(files) });
    }
    worker.databases.add(database.key);
    database.openIn = worker;
    held.add(database);
  }

  /** A new owner epoch for a database's files: a worker that held them before can write nothing more to them. */
  function fenceFiles(files: DatabaseFiles): number {
    Atomics.store(new Int32Array(files.control), CONTROL_OWNER, ++epoch);
    return epoch;
  }

  /** Closes a database's connections in its worker, fenced off first (whatever it has not checkpointed stays in the WAL); its files stay. */
  function close(database: OpenDatabase): void {
    if (database.files) fenceFiles(database.files);
    database.openIn?.send({ t: 'drop', key: database.key });
    database.openIn?.databases.delete(database.key);
    database.openIn = undefined;
    held.delete(database);
  }

  // Runs start in turns on this thread, one per turn of its event loop and namespace after
  // namespace (fair-turns.ts), from every door: a burst of first statements (each placing a
  // database in a worker) leaves the thread to what arrives meanwhile, /_mock/health included.
  const turns = new FairTurns();
  const placement: StreamPlacement = {
    clock: () => clock[0]!,
    turn: (namespace) => (turns.now() ? undefined : turns.turn(namespace)),
    streamOpened(executor) {
      const database = databases.get(executor.key)!;
      let lane = lanes.get(database.namespace);
      if (!lane) lanes.set(database.namespace, (lane = { streams: 0 }));
      const worker = lane.streams > 0 && lane.worker?.alive ? lane.worker : workerFor(database.namespace);
      openIn(database, worker);
      worker.active.set(database.namespace, (worker.active.get(database.namespace) ?? 0) + 1);
      lane.worker = worker;
      lane.streams++;
      return worker;
    },
    streamClosed(executor, worker) {
      const lane = lanes.get(executor.namespace);
      if (lane) lane.streams--;
      const count = (worker.active.get(executor.namespace) ?? 1) - 1;
      if (count > 0) worker.active.set(executor.namespace, count);
      else worker.active.delete(executor.namespace);
    },
  };

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
