// The databases one engine worker holds (worker.ts): each opened on its shared files through the
// VFS, held open by its keeper (its first connection, which serves streams too while it is clean),
// with its streams' connections and a small pool of clean ones; and those that could not be
// opened, with why.
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
  /**
   * Holds the database open while it is held here: while one connection has read it, its WAL index
   * lives and no other connection's close checkpoints the WAL. A full-access connection made with
   * the database, which also serves streams from the pool while it is clean; one that a stream
   * left touched (a pragma, a TEMP object) keeps holding the database and serves no stream again.
   * Closed last, when the database is dropped.
   */
  keeper: StreamConnection;
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

  /** Opens a database (`ready`: an empty one opened ahead); its first full-access stream finds its keeper in the pool. */
  function open(key: string, files: DatabaseFiles, epoch: number, ready = false): void {
    const step = openSteps(key, files, epoch, ready);
    while (!step()) {}
  }

  /**
   * The same open in steps, each true when the open is done (idle-steps.ts runs them between
   * messages). An empty database opened ahead after the first starts as a copy of the first one's
   * main file: already in WAL mode, its page size known, its keeper the one connection opened (its
   * setup reads the file, which opens the WAL). Any other (the first opened ahead, a snapshot's
   * image, a host file) is switched to WAL and its page size read by a connection of the mock's
   * own, closed once the keeper, set up with that page size, holds the database.
   */
  function openSteps(key: string, files: DatabaseFiles, epoch: number, ready = false): () => boolean {
    let path = '';
    let probe: DbPointer | undefined;
    let pageSize = 0;
    const failed = (error: unknown) => {
      if (probe !== undefined) sqlite.close(probe);
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
          if (main.size() === 0) {
            main.write(emptyWal, 0);
            pageSize = emptyWal.byteLength;
          }
        }
        vfs.register(path, files, epoch, limits.maxDatabaseBytes);
        if (pageSize) return false;
        try {
          probe = sqlite.open(path);
          sqlite.exec(probe, 'PRAGMA journal_mode = WAL');
          pageSize = Number(sqlite.value(probe, 'PRAGMA page_size'));
        } catch (error) {
          return failed(error);
        }
        if (ready && !emptyWal && files.main.kind === 'shared') {
          const main = mainStoreOf(files);
          const image = new Uint8Array(main.size());
          if (main.read(image, 0) === pageSize) emptyWal = image;
        }
        return false;
      },
      () => {
        let keeper: StreamConnection;
        try {
          keeper = connectionTo(path, pageSize, 'full');
        } catch (error) {
          return failed(error);
        }
        if (probe !== undefined) sqlite.close(probe);
        databases.set(key, { path, keeper, pageSize, pool: { full: [keeper], 'read-only': [] }, streams: new Map() });
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

  const connectionTo = (path: string, pageSize: number, access: Access) =>
    new StreamConnection(sqlite, path, access, { maxValueBytes: limits.maxResultBytes, maxDatabaseBytes: limits.maxDatabaseBytes, pageSize }, stopRequested);
  const newConnection = (database: WorkerDatabase, access: Access) => connectionTo(database.path, database.pageSize, access);

  function connectionOf(database: WorkerDatabase, stream: OpenStream): StreamConnection {
    stream.connection ??= database.pool[stream.access].pop() ?? newConnection(database, stream.access);
    return stream.connection;
  }

  /** Before each request: whether SQLite stopped a statement is learnt afresh. */
  function beginRequest(stream: OpenStream): void {
    if (stream.connection) stream.connection.stoppedByFlag = false;
  }

  /**
   * Ends a stream: its connection rolls back what it left open and goes back to the pool if clean.
   * The keeper is never closed here: touched, it only holds the database; left in a state its
   * release could not end (an open transaction), a new keeper holds the database before it closes.
   */
  function closeStream(database: WorkerDatabase, id: number): void {
    const stream = database.streams.get(id);
    if (!stream) return;
    database.streams.delete(id);
    const connection = stream.connection;
    stream.connection = undefined;
    if (!connection) return;
    let clean = false;
    let settled = true;
    try {
      clean = connection.release();
    } catch {
      settled = false;
    }
    const pool = database.pool[stream.access];
    if (clean && pool.length < MAX_POOLED) pool.push(connection);
    else if (connection !== database.keeper) connection.close();
    else if (!settled || !connection.autocommit) replaceKeeper(database);
  }

  /**
   * A new keeper holds the database (its setup read it) before the old one closes: the WAL and its
   * index stay. When none can be opened (the engine's memory limit), the old one closes all the same
   * (its transaction rolled back, its locks released) and nothing holds the database between streams.
   */
  function replaceKeeper(database: WorkerDatabase): void {
    const old = database.keeper;
    try {
      database.keeper = newConnection(database, 'full');
      database.pool.full.push(database.keeper);
    } catch {
      // The closed one stays named the keeper: closing it again does nothing.
    }
    old.close();
  }

  function drop(key: string): void {
    const database = databases.get(key);
    if (!database) return;
    databases.delete(key);
    const connections = new Set<StreamConnection>();
    for (const stream of database.streams.values()) if (stream.connection) connections.add(stream.connection);
    for (const connection of [...database.pool.full, ...database.pool['read-only']]) connections.add(connection);
    database.streams.clear();
    // The keeper last: its close checkpoints the WAL into the main file, unless the files were given
    // to another worker since (a database dropped to make room or reset is fenced off first): then
    // the checkpoint could write nothing, and it is not begun (it read the WAL's frames in vain).
    connections.delete(database.keeper);
    for (const connection of connections) connection.close();
    if (!database.keeper.closed && !vfs.owns(database.path)) sqlite.noCheckpointOnClose(database.keeper.db);
    database.keeper.close();
    vfs.unregister(database.path);
  }

  return { databases, unopened, open, openSteps, adopt, connectionOf, beginRequest, closeStream, drop };
}
