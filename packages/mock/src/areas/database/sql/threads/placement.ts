// Which worker thread holds a namespace's streams, and which databases are open in each: a
// namespace's streams all run in one worker, which serves no other namespace while it holds them
// (up to engineWorkers; past that, namespaces share, and the README says so); a database moves to
// another worker fenced off first (its owner epoch raised in its files' control block), and past
// maxDatabases the least recently used idle one is closed. When a worker ends, its databases'
// streams are told why, and their databases open again in the next worker as last committed.
import { CONTROL_OWNER, type DatabaseFiles, sharedFiles } from '../storage/files.ts';
import type { EngineSupervisor } from './engine-supervisor.ts';
import type { EngineWorker } from './engine-worker.ts';
import type { Executor, StreamPlacement } from './executor.ts';
import { FairTurns, loopIdleTime } from './fair-turns.ts';
import type { WorkerLimits } from './messages.ts';
import { ReadyDatabases } from './ready-databases.ts';
import { ExecutorStopped } from './stopped.ts';

/** A namespace's database: the executor that serves it. */
export interface EngineDatabase {
  readonly key: string;
  readonly executor: Executor;
}

/** A database as the engine keeps it: where its files are, and the worker it is open in. */
export interface OpenDatabase extends EngineDatabase {
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

export interface PlacementOptions {
  supervisor: EngineSupervisor;
  limits: WorkerLimits & { maxDatabases: number; engineWorkers: number };
  /** Every database of the engine, the least recently used first. */
  databases: Map<string, OpenDatabase>;
  /** The mock clock's advance (Float64Array [offset]). */
  clock: Float64Array;
}

export function createPlacement({ supervisor, limits, databases, clock }: PlacementOptions) {
  const workers: EngineWorker[] = [];
  /**
   * The databases open in a worker now (their openIn is set), the least recently used first, as in
   * `databases` (`used` moves one last): the one closed to make room is found among these, not among
   * every database of the engine (each namespace of a suite keeps its own until it is reset).
   */
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
      let idle: OpenDatabase | undefined;
      for (const candidate of held) {
        if (candidate === database || candidate.executor.streams.size > 0) continue;
        idle = candidate;
        break;
      }
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
    // With the run that follows, if any (engine-worker.ts): the worker closes its connections after that run (worker.ts).
    database.openIn?.carry({ t: 'drop', key: database.key });
    database.openIn?.databases.delete(database.key);
    database.openIn = undefined;
    held.delete(database);
  }

  // Runs start in turns on this thread, one per turn of its event loop and namespace after
  // namespace (fair-turns.ts), from every door: a burst of first statements (each placing a
  // database in a worker) leaves the thread to what arrives meanwhile, /_mock/health included.
  const turns = new FairTurns(setImmediate, loopIdleTime);
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

  /** The database was used (the engine keeps `databases` in that order): among those open, it is the last to close to make room. */
  function used(database: OpenDatabase): void {
    if (held.delete(database)) held.add(database);
  }

  return { placement, close, used };
}
