// The databases one engine worker holds (worker.ts): each opened on its shared files through the
// VFS, kept open by a keeper connection, with its streams' connections and a small pool of clean
// ones; and those that could not be opened, with why.
import { StreamConnection } from '../statements/connection.ts';
import type { Access } from '../statements/requests.ts';
import { type DatabaseFiles, openStore } from '../storage/files.ts';
import type { EngineVfs } from '../storage/vfs.ts';
import type { DbPointer, Sqlite } from '../wasm/wasm.ts';
import type { WorkerLimits } from './messages.ts';

const MAX_POOLED = 8;

export interface OpenStream {
  access: Access;
  connection?: StreamConnection;
  /** Requests of one stream run one after another. */
  queue: Promise<unknown>;
}

export interface WorkerDatabase {
  path: string;
  /** Holds the database open (its WAL index lives while a connection does). */
  keeper: DbPointer;
  /** Its page size, read once it is in WAL mode (which keeps it): its connections' max_page_count follows from it. */
  pageSize: number;
  pool: Record<Access, StreamConnection[]>;
  streams: Map<number, OpenStream>;
}

export function createWorkerDatabases(sqlite: Sqlite, vfs: EngineVfs, limits: WorkerLimits, stopRequested: () => boolean) {
  const databases = new Map<string, WorkerDatabase>();
  /** Databases whose files could not be opened: why, for their runs' answers. */
  const unopened = new Map<string, string>();
  let nextFile = 1;
  /**
   * The main file of an empty database in WAL mode, as SQLite wrote it for the first database
   * opened ahead (one page: the header and an empty schema). Every empty database starts as the
   * same bytes: the next ones opened ahead start from a copy, so that their keeper finds them in
   * WAL mode already, with no write transaction (and its rollback journal) to switch them.
   */
  let emptyWal: Uint8Array | undefined;
  const mainStoreOf = (files: DatabaseFiles) => openStore(files.main, limits.maxDatabaseBytes);

  /** Opens a database; `ready`: an empty one opened ahead, whose first stream finds a connection in the pool. */
  function open(key: string, files: DatabaseFiles, epoch: number, ready = false): void {
    const step = openSteps(key, files, epoch, ready);
    while (!step()) {}
  }

  /**
   * The same open in steps, each true when the open is done (idle-steps.ts runs them between
   * messages): the file and its keeper connection; WAL; the pooled connection of a ready one.
   */
  function openSteps(key: string, files: DatabaseFiles, epoch: number, ready = false): () => boolean {
    let path = '';
    let keeper: DbPointer | undefined;
    const failed = (error: unknown) => {
      if (keeper !== undefined) sqlite.close(keeper);
      vfs.unregister(path);
      unopened.set(key, (error as Error).message);
      return true;
    };
    const steps: (() => boolean)[] = [
      () => {
        drop(key);
        unopened.delete(key);
        path = `/db-${nextFile++}.db`;
        if (ready && emptyWal && files.main.kind === 'shared') {
          const main = mainStoreOf(files);
          if (main.size() === 0) main.write(emptyWal, 0);
        }
        vfs.register(path, files, epoch, limits.maxDatabaseBytes);
        try {
          keeper = sqlite.open(path);
        } catch (error) {
          return failed(error);
        }
        return false;
      },
      () => {
        let pageSize: number;
        try {
          sqlite.exec(keeper!, 'PRAGMA journal_mode = WAL');
          pageSize = Number(sqlite.value(keeper!, 'PRAGMA page_size'));
        } catch (error) {
          return failed(error);
        }
        databases.set(key, { path, keeper: keeper!, pageSize, pool: { full: [], 'read-only': [] }, streams: new Map() });
        if (ready && !emptyWal && files.main.kind === 'shared') {
          const main = mainStoreOf(files);
          const image = new Uint8Array(main.size());
          if (main.read(image, 0) === pageSize) emptyWal = image;
        }
        return !ready;
      },
      () => {
        const database = databases.get(key);
        try {
          if (database) database.pool.full.push(newConnection(database, 'full'));
        } catch {
          // Its first stream sets up a connection of its own, and meets the error then.
        }
        return true;
      },
    ];
    let next = 0;
    return () => next >= steps.length || steps[next++]!() || next >= steps.length;
  }

  /** The database opened ahead as `from` is the database `key` from now on (or why it could not be opened). */
  function adopt(from: string, key: string): void {
    drop(key);
    unopened.delete(key);
    const database = databases.get(from);
    const why = unopened.get(from);
    databases.delete(from);
    unopened.delete(from);
    if (database) databases.set(key, database);
    else if (why !== undefined) unopened.set(key, why);
  }

  const newConnection = (database: WorkerDatabase, access: Access) =>
    new StreamConnection(
      sqlite,
      database.path,
      access,
      { maxValueBytes: limits.maxResultBytes, maxDatabaseBytes: limits.maxDatabaseBytes, pageSize: database.pageSize },
      stopRequested,
    );

  function connectionOf(database: WorkerDatabase, stream: OpenStream): StreamConnection {
    stream.connection ??= database.pool[stream.access].pop() ?? newConnection(database, stream.access);
    return stream.connection;
  }

  /** Before each request: whether SQLite stopped a statement is learnt afresh. */
  function beginRequest(stream: OpenStream): void {
    if (stream.connection) stream.connection.stoppedByFlag = false;
  }

  /** Ends a stream: its connection rolls back what it left open and goes back to the pool if clean. */
  function closeStream(database: WorkerDatabase, id: number): void {
    const stream = database.streams.get(id);
    if (!stream) return;
    database.streams.delete(id);
    const connection = stream.connection;
    stream.connection = undefined;
    if (!connection) return;
    let clean = false;
    try {
      clean = connection.release();
    } catch {
      clean = false;
    }
    if (clean && database.pool[stream.access].length < MAX_POOLED) database.pool[stream.access].push(connection);
    else connection.close();
  }

  function drop(key: string): void {
    const database = databases.get(key);
    if (!database) return;
    databases.delete(key);
    for (const id of [...database.streams.keys()]) closeStream(database, id);
    for (const connection of [...database.pool.full, ...database.pool['read-only']]) connection.close();
    sqlite.close(database.keeper);
    vfs.unregister(database.path);
  }

  return { databases, unopened, open, openSteps, adopt, connectionOf, beginRequest, closeStream, drop };
}
