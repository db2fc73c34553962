// What a SQL worker pays to open a database ahead and to set up and close a connection to it
// (sql/threads/worker-databases.ts, sql/statements/connection.ts, sql/wasm/wasm.ts), counted in
// calls into the build's JavaScript adapters (`capi`): SQL calls (sqlite3_exec, sqlite3_prepare_v3)
// and the rest. A pooled connection's settings are one SQL call with its open (there were six: its
// page size, three pragmas, a read of the page size, max_page_count); a connection opens and closes
// through the C API, not the build's object API (whose close called eight hook setters); the VFS's
// file names and the authorizer's texts are read natively, not by the build's byte-by-byte reader
// (`cstrToJs`); a database opened ahead after the first starts from a copy of the first one's main
// file, already in WAL mode (no rollback journal opened to switch it). Each setting is read back
// from the connection, so that a cut that drops one fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_OWNER, type DatabaseFiles, openStore, sharedFiles } from '../../../../../../packages/mock/src/areas/database/sql/storage/files.ts';
import type { EngineVfs } from '../../../../../../packages/mock/src/areas/database/sql/storage/vfs.ts';
import { createWorkerDatabases } from '../../../../../../packages/mock/src/areas/database/sql/threads/worker-databases.ts';
import { loadSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/load-sqlite.ts';
import { hookedConnections } from '../../../../../../packages/mock/src/areas/database/sql/wasm/shared-hooks.ts';
import { compiledSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts';
import type { Sqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/wasm.ts';

// biome-ignore format: one line
const LIMITS = { statementTimeoutMs: 60_000, lockWaitMs: 60_000, maxResultBytes: 1_000_000, memoryLimitBytes: 64 * 1024 * 1024, maxDatabaseBytes: 1_000_000 };
const SQL_CALLS = new Set(['sqlite3_exec', 'sqlite3_prepare_v3']);

let sqlite: Sqlite;
let vfs: EngineVfs;
let epoch = 0;
/** A new owner epoch for the files, as the engine's placement sets it before a worker opens them (the VFS refuses writes of any other). */
function fenced(files: DatabaseFiles): number {
  Atomics.store(new Int32Array(files.control), CONTROL_OWNER, ++epoch);
  return epoch;
}
const restore: (() => void)[] = [];
/** Every call into the build's adapters while counting, by name. */
const calls: string[] = [];
let counting = false;

beforeAll(async () => {
  sqlite = await loadSqlite(await compiledSqlite());
  vfs = sqlite.installVfs({ pastLimit: () => false });
  const capi = sqlite.module.capi as Record<string, unknown>;
  for (const [name, value] of Object.entries(capi)) {
    // Functions only: the build's struct types (sqlite3_file, sqlite3_vfs...) are constructors.
    if (typeof value !== 'function' || !name.startsWith('sqlite3_') || 'structInfo' in value) continue;
    const counted = function (this: unknown, ...args: unknown[]) {
      if (counting) calls.push(name);
      return (value as (...args: unknown[]) => unknown).apply(this, args);
    };
    Object.defineProperty(counted, 'length', { value: (value as (...args: unknown[]) => unknown).length });
    capi[name] = counted;
    restore.push(() => {
      capi[name] = value;
    });
  }
  // Connections close through the module's exports, not the adapters: counted at Sqlite.close.
  const close = sqlite.close;
  sqlite.close = function (this: Sqlite, db) {
    if (counting) calls.push('close');
    return close.call(this, db);
  };
  restore.push(() => {
    sqlite.close = close;
  });
});
afterAll(() => {
  for (const undo of restore.splice(0)) undo();
});

/** The calls `run` makes into the adapters: SQL calls apart from the others. */
function count(run: () => void): { sql: string[]; other: string[] } {
  calls.length = 0;
  counting = true;
  try {
    run();
  } finally {
    counting = false;
  }
  return { sql: calls.filter((name) => SQL_CALLS.has(name)), other: calls.filter((name) => !SQL_CALLS.has(name)) };
}

/** A database image (no WAL) whose pages are `pageSize` bytes, with one table. */
function imageWithPageSize(pageSize: number): Uint8Array {
  const db = sqlite.open(`/image-${pageSize}.db`, 'scratch');
  try {
    sqlite.exec(db, `PRAGMA page_size = ${pageSize}; CREATE TABLE t (x)`);
    return sqlite.serialize(db);
  } finally {
    sqlite.close(db);
    sqlite.unlink(`/image-${pageSize}.db`);
  }
}

describe('a database opened ahead, and its pooled connection', () => {
  const workerDatabases = () => createWorkerDatabases(sqlite, vfs, LIMITS, () => false);

  /** Every setting of a connection, read back from it. */
  const settingsOf = (connection: { db: number; trusted: <T>(run: () => T) => T }) => {
    const read = (pragma: string) => connection.trusted(() => sqlite.value(connection.db, `PRAGMA ${pragma}`));
    return {
      page_size: read('page_size'),
      cache_size: read('cache_size'),
      foreign_keys: read('foreign_keys'),
      synchronous: read('synchronous'),
      max_page_count: read('max_page_count'),
      journal_mode: read('journal_mode'),
    };
  };
  const SETTINGS = {
    page_size: 4096n,
    cache_size: -1024n,
    foreign_keys: 1n,
    synchronous: 1n, // NORMAL
    max_page_count: BigInt(Math.floor(LIMITS.maxDatabaseBytes / 4096)),
    journal_mode: 'wal',
  };

  it('opens the first with a connection of its own that switches it to WAL, then its keeper; each after it with its keeper alone, in one SQL call', () => {
    const { databases, openSteps, drop } = workerDatabases();
    const opens = (counted: { other: string[] }) => counted.other.filter((name) => name === 'sqlite3_open_v2').length;
    const closes = (counted: { other: string[] }) => counted.other.filter((name) => name === 'close').length;
    const steps: { sql: string[]; other: string[] }[][] = [];
    for (const key of ['first', 'second']) {
      const files = sharedFiles(LIMITS.maxDatabaseBytes);
      const step = openSteps(key, files, fenced(files), true);
      const wals = vfs.opened.wal;
      // The file (and for the first, WAL and a read of the page size), then the keeper.
      steps.push([count(() => expect(step()).toBe(false)), count(() => expect(step()).toBe(true))]);
      // The keeper's setup read the file: the WAL is open while it holds the database.
      expect(vfs.opened.wal - wals).toBe(1);
    }
    const [first, second] = steps as [(typeof steps)[0], (typeof steps)[0]];
    expect(first.map(({ sql }) => sql.length)).toEqual([3, 1]);
    expect(first.map(opens)).toEqual([1, 1]);
    // The first one's own connection closes once the keeper holds the database.
    expect(first.map(closes)).toEqual([0, 1]);
    expect(second.map(({ sql }) => sql)).toEqual([[], ['sqlite3_exec']]);
    // Its limits and defensive settings through the module's exports, not the adapters.
    expect(second[1]!.other.filter((name) => name === 'sqlite3_limit' || name === 'sqlite3_db_config')).toEqual([]);
    expect(second.map(opens)).toEqual([0, 1]);
    expect(second.map(closes)).toEqual([0, 0]);
    for (const key of ['first', 'second']) {
      const database = databases.get(key)!;
      expect(database.pageSize).toBe(4096);
      // One connection: the keeper, in the pool.
      expect(database.pool.full).toEqual([database.keeper]);
      expect(settingsOf(database.keeper)).toEqual(SETTINGS);
      const capi = sqlite.module.capi;
      const limit = (id: number) => capi.sqlite3_limit(database.keeper.db, id, -1);
      expect([capi.SQLITE_LIMIT_ATTACHED, capi.SQLITE_LIMIT_LENGTH, capi.SQLITE_LIMIT_SQL_LENGTH, capi.SQLITE_LIMIT_LIKE_PATTERN_LENGTH].map(limit)).toEqual([
        0,
        LIMITS.maxResultBytes,
        LIMITS.maxResultBytes,
        50_000,
      ]);
      // Defensive: writable_schema cannot be turned on.
      database.keeper.trusted(() => sqlite.exec(database.keeper.db, 'PRAGMA writable_schema = ON'));
      expect(database.keeper.trusted(() => sqlite.value(database.keeper.db, 'PRAGMA writable_schema'))).toBe(0n);
      drop(key);
    }
  });

  it("sets max_page_count from the database's own page size (an image of 8192-byte pages)", () => {
    const { databases, open, connectionOf, drop } = workerDatabases();
    const files = sharedFiles(LIMITS.maxDatabaseBytes, imageWithPageSize(8192));
    open('image', files, fenced(files));
    const database = databases.get('image')!;
    expect(database.pageSize).toBe(8192);
    const connection = connectionOf(database, { access: 'full', queue: Promise.resolve() });
    expect(connection.trusted(() => sqlite.value(connection.db, 'PRAGMA max_page_count'))).toBe(BigInt(Math.floor(LIMITS.maxDatabaseBytes / 8192)));
    drop('image');
  });

  it("closes its connections and keeper, and finalizes their kept statements, through the C API alone, and forgets the connections' hooks", () => {
    const { open, connectionOf, databases, closeStream, drop } = workerDatabases();
    const hooked = () => hookedConnections(sqlite.module.wasm);
    const before = hooked();
    const files = sharedFiles(LIMITS.maxDatabaseBytes);
    open('closing', files, fenced(files), true);
    const database = databases.get('closing')!;
    const stream = { access: 'read-only' as const, queue: Promise.resolve() };
    database.streams.set(1, stream);
    const own = connectionOf(database, stream); // a connection of its own, beside the keeper in the pool
    own.prepared('SELECT 1'); // kept: finalized at its close, through the module's exports too
    expect(hooked()).toBe(before + 2);
    closeStream(database, 1);
    const dropped = count(() => drop('closing'));
    // Two closes (the stream's connection, then the keeper), and no call into the adapters.
    expect(dropped).toEqual({ sql: [], other: ['close', 'close'] });
    expect(hooked()).toBe(before);
  });

  it("reads no C string through the build's byte-by-byte reader: an open ahead, a first CREATE TABLE, a drop", () => {
    const { open, connectionOf, databases, closeStream, drop } = workerDatabases();
    const wasm = sqlite.module.wasm as { cstrToJs: (pointer: number) => string };
    const reader = wasm.cstrToJs;
    let read = 0;
    const authorized: (string | 0)[] = [];
    wasm.cstrToJs = (pointer) => {
      read++;
      return reader(pointer);
    };
    try {
      const files = sharedFiles(LIMITS.maxDatabaseBytes);
      open('first', files, fenced(files), true);
      const database = databases.get('first')!;
      const stream = { access: 'full' as const, queue: Promise.resolve() };
      database.streams.set(1, stream);
      const connection = connectionOf(database, stream);
      // The texts the sandbox is asked about still arrive whole (what it judges by).
      sqlite.authorizer(connection.db, (data, action, a1, a2, a3) => {
        authorized.push(a1, a2);
        return connection.sandbox.authorize(data, action, a1, a2, a3);
      });
      const stmt = connection.prepared('CREATE TABLE "naïve table" (x)');
      expect(connection.step(stmt)).toBe(false);
      closeStream(database, 1);
      drop('first');
    } finally {
      wasm.cstrToJs = reader;
    }
    expect(read).toBe(0);
    expect(authorized).toContain('naïve table');
  });

  it("starts each database opened ahead after the first from the first one's main file: no journal to switch it to WAL", () => {
    const { open, databases, connectionOf, closeStream, drop } = workerDatabases();
    const mainOf = (files: DatabaseFiles) => {
      const store = openStore(files.main, LIMITS.maxDatabaseBytes);
      const bytes = new Uint8Array(store.size());
      store.read(bytes, 0);
      return bytes;
    };
    const opened: { journals: number; main: Uint8Array }[] = [];
    for (const key of ['first', 'second', 'third']) {
      const files = sharedFiles(LIMITS.maxDatabaseBytes);
      const journals = vfs.opened.journal;
      open(key, files, fenced(files), true);
      opened.push({ journals: vfs.opened.journal - journals, main: mainOf(files) });
      // Each one works on its own: a table and a row of its own, read back.
      const database = databases.get(key)!;
      const stream = { access: 'full' as const, queue: Promise.resolve() };
      database.streams.set(1, stream);
      const connection = connectionOf(database, stream);
      for (const sql of ['CREATE TABLE t (v TEXT)', `INSERT INTO t VALUES ('${key}')`]) expect(connection.step(connection.prepared(sql))).toBe(false);
      expect(connection.trusted(() => sqlite.rows(connection.db, 'SELECT v FROM t'))).toEqual([[key]]);
      closeStream(database, 1);
    }
    expect(opened.map(({ journals }) => journals)).toEqual([1, 0, 0]);
    expect(opened[0]!.main.byteLength).toBe(4096);
    expect(opened[1]!.main).toEqual(opened[0]!.main);
    for (const key of ['first', 'second', 'third']) drop(key);
  });

  describe('its keeper, the first connection', () => {
    const sizes = (files: DatabaseFiles) => ({
      main: openStore(files.main, LIMITS.maxDatabaseBytes).size(),
      wal: openStore(files.wal, LIMITS.maxDatabaseBytes + 4 * 1024 * 1024).size(),
    });
    const opensAndCloses = (counted: { other: string[] }) => ({
      opens: counted.other.filter((name) => name === 'sqlite3_open_v2').length,
      closes: counted.other.filter((name) => name === 'close').length,
    });
    const run = (connection: { prepared: (sql: string) => number; step: (stmt: number) => boolean }, sql: string) => {
      const stmt = connection.prepared(sql);
      while (connection.step(stmt)) {}
      sqlite.reset(stmt);
    };
    const hooked = () => hookedConnections(sqlite.module.wasm);
    const fullStream = () => ({ access: 'full' as const, queue: Promise.resolve() });
    /** A database opened ahead, its stream 1 served by its keeper (the first connection, from the pool). */
    const keeperServing = (key: string) => {
      const worker = workerDatabases();
      const files = sharedFiles(LIMITS.maxDatabaseBytes);
      worker.open(key, files, fenced(files), true);
      const database = worker.databases.get(key)!;
      const keeper = database.keeper;
      const stream = fullStream();
      database.streams.set(1, stream);
      expect(worker.connectionOf(database, stream)).toBe(keeper);
      return { ...worker, files, database, keeper };
    };

    it('serves the first stream; touched by it, keeps holding the database: no close, and no other close checkpoints the WAL until the drop', () => {
      const before = hooked();
      const { open, connectionOf, databases, closeStream, drop, files, database, keeper } = keeperServing('kept');
      for (const sql of ['CREATE TABLE t (v TEXT)', "INSERT INTO t VALUES ('kept')", 'CREATE TEMP TABLE scratch (x)']) run(keeper, sql);
      const committed = sizes(files);
      expect(committed.wal).toBeGreaterThan(0);
      // Touched (a TEMP table): out of the pool, still open, still the keeper.
      expect(opensAndCloses(count(() => closeStream(database, 1)))).toEqual({ opens: 0, closes: 0 });
      expect(database.keeper).toBe(keeper);
      expect(database.pool.full).toEqual([]);
      expect(hooked()).toBe(before + 1);
      // The next stream's own connection reads the row; touched too, it closes, and the WAL stays as it was (the keeper holds it).
      const second = fullStream();
      database.streams.set(2, second);
      const other = connectionOf(database, second);
      expect(other).not.toBe(keeper);
      expect(other.trusted(() => sqlite.rows(other.db, 'SELECT v FROM t'))).toEqual([['kept']]);
      run(other, 'CREATE TEMP TABLE mine (x)');
      expect(opensAndCloses(count(() => closeStream(database, 2)))).toEqual({ opens: 0, closes: 1 });
      expect(sizes(files)).toEqual(committed);
      // The drop closes the keeper last: the WAL checkpointed into the main file, which keeps the row.
      drop('kept');
      expect(hooked()).toBe(before);
      expect(sizes(files).wal).toBe(0);
      expect(sizes(files).main).toBeGreaterThan(committed.main);
      open('again', files, fenced(files));
      const reopened = databases.get('again')!;
      expect(reopened.keeper.trusted(() => sqlite.rows(reopened.keeper.db, 'SELECT v FROM t'))).toEqual([['kept']]);
      drop('again');
    });

    it('left in a transaction its release could not end, is replaced: the new keeper holds the database before the old one closes', () => {
      const before = hooked();
      const { connectionOf, closeStream, drop, files, database, keeper } = keeperServing('stuck');
      for (const sql of ['CREATE TABLE t (v TEXT)', "INSERT INTO t VALUES ('committed')", 'BEGIN', "INSERT INTO t VALUES ('open')"]) run(keeper, sql);
      const committed = sizes(files);
      // A planted fault: the release throws before it rolls back.
      keeper.release = () => {
        throw new Error('planted');
      };
      expect(opensAndCloses(count(() => closeStream(database, 1)))).toEqual({ opens: 1, closes: 1 });
      expect(database.keeper).not.toBe(keeper);
      expect(database.pool.full).toEqual([database.keeper]);
      expect(hooked()).toBe(before + 1);
      // Not checkpointed: the new keeper held the WAL when the old one closed (and rolled back).
      expect(sizes(files).wal).toBe(committed.wal);
      const next = fullStream();
      database.streams.set(2, next);
      const connection = connectionOf(database, next);
      expect(connection).toBe(database.keeper);
      run(connection, "INSERT INTO t VALUES ('after')");
      expect(connection.trusted(() => sqlite.rows(connection.db, 'SELECT v FROM t ORDER BY rowid'))).toEqual([['committed'], ['after']]);
      closeStream(database, 2);
      drop('stuck');
      expect(hooked()).toBe(before);
    });
    it('dropped once its files were given to another worker, leaves them as they were: no checkpoint begun, not a byte read or written', () => {
      const { open, databases, closeStream, drop, files, database, keeper } = keeperServing('moved');
      for (const sql of ['CREATE TABLE t (v TEXT)', "INSERT INTO t VALUES ('moved')"]) run(keeper, sql);
      closeStream(database, 1);
      const committed = sizes(files);
      const epoch = fenced(files); // placement gives the files to another worker before the drop
      const store = Object.getPrototypeOf(openStore(files.main, LIMITS.maxDatabaseBytes)) as Record<string, (...args: unknown[]) => unknown>;
      const touched: string[] = [];
      const originals = ['read', 'write', 'truncate'].map((name) => [name, store[name]!] as const);
      for (const [name, original] of originals)
        store[name] = function (this: unknown, ...args: unknown[]) {
          touched.push(name);
          return original.apply(this, args);
        };
      try {
        drop('moved');
      } finally {
        for (const [name, original] of originals) store[name] = original;
      }
      expect(touched).toEqual([]);
      expect(sizes(files)).toEqual(committed);
      // Its new owner finds every committed row (SQLite reads them from the WAL).
      open('moved-again', files, epoch);
      const reopened = databases.get('moved-again')!;
      expect(reopened.keeper.trusted(() => sqlite.rows(reopened.keeper.db, 'SELECT v FROM t'))).toEqual([['moved']]);
      drop('moved-again');
    });
    it('left so and with no new keeper to be had (the memory limit), closes all the same: its locks released, the database still served', () => {
      const before = hooked();
      const { connectionOf, closeStream, drop, database, keeper } = keeperServing('no-room');
      for (const sql of ['CREATE TABLE t (v TEXT)', 'BEGIN', "INSERT INTO t VALUES ('open')"]) run(keeper, sql);
      keeper.release = () => {
        throw new Error('planted');
      };
      // A planted fault: the next open fails.
      const open_ = sqlite.open;
      sqlite.open = () => {
        throw new Error('planted: out of memory');
      };
      try {
        closeStream(database, 1);
      } finally {
        sqlite.open = open_;
      }
      expect(keeper.closed).toBe(true);
      expect(hooked()).toBe(before);
      const next = fullStream();
      database.streams.set(2, next);
      const connection = connectionOf(database, next);
      run(connection, "INSERT INTO t VALUES ('after')");
      expect(connection.trusted(() => sqlite.rows(connection.db, 'SELECT v FROM t'))).toEqual([['after']]);
      closeStream(database, 2);
      // The drop closes the new stream's connection, and not the closed keeper a second time (its pointer may be another connection's by then).
      expect(opensAndCloses(count(() => drop('no-room')))).toEqual({ opens: 0, closes: 1 });
      expect(hooked()).toBe(before);
    });
  });
});
