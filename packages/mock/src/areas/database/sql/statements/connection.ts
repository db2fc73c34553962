// One stream's connection to its database, inside an engine worker: the sandbox's authorizer,
// the limits and the time-limit hook are set on it before any client SQL, and a connection goes
// back to its database's pool only when its stream left nothing behind (no transaction, no
// active statement, no pragma set, no TEMP object; last_insert_rowid() back at 0).
import { ProtocolError } from '../../protocol/protocol.ts';
import type { DbPointer, Sqlite, StmtPointer } from '../wasm/wasm.ts';
import type { Access } from './requests.ts';
import { Sandbox } from './sandbox.ts';

/** What a connection in a database's pool reports (tests inspect the pool). */
export interface PooledConnection {
  attached: number;
  autocommit: boolean;
  busyStatements: number;
  touched: boolean;
  /** Compiled statements it keeps, and the bytes of their SQL text. */
  cached: { statements: number; bytes: number };
}

const CACHED_STATEMENTS = 64;
type Columns = readonly { readonly name: string; readonly decltype: string | null }[];
/** Most bytes of SQL text whose compiled statements one connection keeps (a longer text stays until the next statement). */
export const STATEMENT_CACHE_BYTES = 1024 * 1024;
/** Virtual machine steps between two looks at the interrupt flag. */
const PROGRESS_OPS = 5_000;
const SQLITE_TOOBIG = 18;
const SQLITE_INTERRUPT = 9;
const SQLITE_IOERR = 10;

export interface ConnectionLimits {
  /** Longest string or blob a statement may make, in bytes (SQLITE_LIMIT_LENGTH). */
  maxValueBytes: number;
  /** Largest size of the database, in bytes: a write past it fails with SQLITE_FULL. */
  maxDatabaseBytes: number;
  /** The database's page size, read once when it opened (a database in WAL mode keeps it): max_page_count follows from it. */
  pageSize: number;
}

/** A connection's own settings, set with its open in one SQL call (wasm.ts open), before any client SQL. */
const connectionPragmas = (limits: ConnectionLimits): string =>
  [
    // A small page cache: the file is in memory already.
    'PRAGMA cache_size = -1024',
    // As sqld: foreign keys are enforced.
    'PRAGMA foreign_keys = ON',
    // A commit is in the WAL when answered (it survives the process being killed); the files are synced at checkpoints.
    'PRAGMA synchronous = NORMAL',
    `PRAGMA max_page_count = ${Math.max(1, Math.floor(limits.maxDatabaseBytes / limits.pageSize))}`,
  ].join(';');

export class StreamConnection {
  readonly db: DbPointer;
  readonly sandbox: Sandbox;
  /** Compiled statements by SQL text; each is reset after its run, so none stays active. */
  readonly #statements = new Map<string, StmtPointer>();
  #cachedBytes = 0;
  /** What does not change for a compiled statement (it is compiled from the same text again after a schema change). */
  readonly #shapes = new Map<StmtPointer, { params: (string | null)[]; readonly: boolean }>();
  /** A compiled statement's columns as last read, with the count of its recompiles then: they hold until SQLite compiles it again. */
  readonly #columns = new Map<StmtPointer, { columns: Columns; recompiles: number }>();
  readonly #stopRequested: () => boolean;
  /** A statement of the current request was stopped by the engine (time limit, or its stream ended from outside). */
  stoppedByFlag = false;

  constructor(
    readonly sqlite: Sqlite,
    path: string,
    readonly access: Access,
    readonly limits: ConnectionLimits,
    /** Asked every few thousand steps: true stops the running statement (SQLITE_INTERRUPT). */
    stopRequested: () => boolean,
  ) {
    this.#stopRequested = stopRequested;
    this.db = sqlite.open(path, 'engine', connectionPragmas(limits));
    this.sandbox = new Sandbox(access);
    sqlite.limit(this.db, limits.maxValueBytes);
    sqlite.authorizer(this.db, this.sandbox.authorize);
    sqlite.progress(this.db, PROGRESS_OPS, () => (stopRequested() ? 1 : 0));
  }

  get autocommit(): boolean {
    return this.sqlite.autocommit(this.db);
  }

  /** The compiled statement of one SQL statement, checked by the sandbox. */
  prepared(sql: string): StmtPointer {
    let stmt = this.#statements.get(sql);
    if (stmt !== undefined) return stmt;
    stmt = this.compile(sql);
    this.#statements.set(sql, stmt);
    this.#cachedBytes += sql.length;
    // The oldest go first, past CACHED_STATEMENTS statements or STATEMENT_CACHE_BYTES of text; never the one in use.
    while (this.#statements.size > 1 && (this.#statements.size > CACHED_STATEMENTS || this.#cachedBytes > STATEMENT_CACHE_BYTES)) {
      const [oldest, pointer] = this.#statements.entries().next().value!;
      this.#statements.delete(oldest);
      this.#cachedBytes -= oldest.length;
      this.#shapes.delete(pointer);
      this.#columns.delete(pointer);
      this.sqlite.finalize(pointer);
    }
    return stmt;
  }

  /** The compiled statements kept, and the bytes of their SQL text (for tests: within the bounds). */
  get cached(): { statements: number; bytes: number } {
    return { statements: this.#statements.size, bytes: this.#cachedBytes };
  }

  /** A compiled statement's parameters, and whether it only reads. */
  shapeOf(stmt: StmtPointer): { params: (string | null)[]; readonly: boolean } {
    let shape = this.#shapes.get(stmt);
    if (!shape) {
      shape = { params: this.sqlite.params(stmt), readonly: this.sqlite.readonly(stmt) };
      this.#shapes.set(stmt, shape);
    }
    return shape;
  }

  /**
   * A kept statement's columns (names and declared types), read again only once SQLite compiled it
   * anew (a schema change: `SELECT *` after an ALTER TABLE); the same, frozen, for each run.
   */
  columnsOf(stmt: StmtPointer): Columns {
    const recompiles = this.sqlite.recompiles(stmt);
    const known = this.#columns.get(stmt);
    if (known && known.recompiles === recompiles) return known.columns;
    const columns = Object.freeze(this.sqlite.columns(stmt).map((column) => Object.freeze(column)));
    this.#columns.set(stmt, { columns, recompiles });
    return columns;
  }

  /** Compiles without caching (the caller finalizes). */
  compile(sql: string): StmtPointer {
    this.sandbox.beginCompile();
    let stmt: StmtPointer;
    try {
      stmt = this.sqlite.prepare(this.db, sql);
    } catch (error) {
      throw this.#explain(error);
    }
    if (!stmt) throw new ProtocolError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
    return stmt;
  }

  /** One step of a statement; false when it is done. Errors name the sandbox's reason when it refused. */
  step(stmt: StmtPointer): boolean {
    // A step may compile the statement again (after a schema change): a compile of its own.
    this.sandbox.beginCompile();
    try {
      return this.sqlite.step(this.db, stmt);
    } catch (error) {
      const raw = (error as { rawCode?: number }).rawCode ?? 0;
      // Stopped by the engine (the progress hook, or the VFS refusing a commit past the limit): it did not commit.
      if ((raw === SQLITE_INTERRUPT || (raw & 0xff) === SQLITE_IOERR) && this.#stopRequested()) this.stoppedByFlag = true;
      throw this.#explain(error);
    }
  }

  #explain(error: unknown): unknown {
    const refusal = this.sandbox.refusal;
    this.sandbox.refusal = undefined;
    if (refusal) return refusal;
    const raw = (error as { rawCode?: number }).rawCode;
    if (raw === SQLITE_TOOBIG) {
      return new ProtocolError(
        `string or blob too big: a value passes the mock's limit of ${this.limits.maxValueBytes} bytes (maxResultBytes), refused before it was made`,
        'SQLITE_TOOBIG',
      );
    }
    return error;
  }

  /** Forgets compiled statements (the sandbox's rules for them changed). */
  forgetStatements(): void {
    for (const stmt of this.#statements.values()) this.sqlite.finalize(stmt);
    this.#statements.clear();
    this.#cachedBytes = 0;
    this.#shapes.clear();
    this.#columns.clear();
  }

  /** `BEGIN TRANSACTION READONLY` (libSQL's): a deferred transaction in which writes are refused. */
  beginReadOnly(): void {
    this.sandbox.readOnlyTransaction = true;
    this.forgetStatements();
  }

  /** Called before each statement: a read-only transaction ends with the transaction. */
  settle(): void {
    if (this.sandbox.readOnlyTransaction && this.autocommit) this.sandbox.readOnlyTransaction = false;
  }

  /**
   * After the stream: active statements are reset, an open transaction rolled back (its locks go
   * now) and last_insert_rowid() set to 0. True when the connection holds nothing of the stream
   * (no pragma set, no TEMP object or row) and may serve another one.
   */
  release(): boolean {
    const busy = this.sqlite.busyStatements(this.db);
    for (const stmt of busy) this.sqlite.reset(stmt);
    if (!this.autocommit) this.trusted(() => this.sqlite.exec(this.db, 'ROLLBACK'));
    this.sandbox.readOnlyTransaction = false;
    this.stoppedByFlag = false;
    this.sqlite.setLastInsertRowid(this.db, 0n);
    return !this.sandbox.touched && this.autocommit && this.sqlite.busyStatements(this.db).length === 0;
  }

  /** What the pool promises of a connection it holds, for the tests: nothing of an earlier stream. */
  inspect(): PooledConnection {
    const attached = this.trusted(() => Number(this.sqlite.value(this.db, "SELECT count(*) FROM pragma_database_list WHERE name NOT IN ('main', 'temp')")));
    return {
      attached,
      autocommit: this.autocommit,
      busyStatements: this.sqlite.busyStatements(this.db).length,
      touched: this.sandbox.touched,
      cached: this.cached,
    };
  }

  trusted<T>(run: () => T): T {
    this.sandbox.trusted = true;
    try {
      return run();
    } finally {
      this.sandbox.trusted = false;
    }
  }

  /** Closed: its pointer is no longer a connection (a second close does nothing). */
  closed = false;

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.release();
    } catch {
      // closing rolls back whatever is left
    }
    this.forgetStatements();
    this.sqlite.close(this.db);
  }
}
