// The one adapter over libSQL's WebAssembly build (@libsql/libsql-wasm-experimental: SQLite 3.45.1,
// libSQL's vectors, ALTER COLUMN): its C functions, pointers and loose types stay here, its gaps in
// wasm-gaps.ts. Its files are the engine's VFS (storage/vfs.ts) or the worker's memory, never the host's.
import sqlite3InitModule from '@libsql/libsql-wasm-experimental';
import { type SqliteFailure, sqliteFailure } from '../../protocol/error-codes.ts';
import type { EngineValue } from '../../protocol/values.ts';
import { EngineVfs, VFS_NAME, type VfsHooks } from '../storage/vfs.ts';
import { limitConnection, openConnection } from './connection-limits.ts';
import { TEXT_DECODER } from './json-cells.ts';
import { JsonRows } from './json-rows.ts';
import { locateRow } from './row-cells.ts';
import { forgetHooks, setAuthorizer, setProgressHandler } from './shared-hooks.ts';
import { ColumnTypes, parameterNames, Statements } from './wasm-gaps.ts';

type Module = { capi: any; wasm: any; oo1: any; vfs: any; version: { libVersion: string } };

const [SQLITE_ROW, SQLITE_DONE] = [100, 101];
export const SQLITE_BUSY = 5;
const [SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB] = [1, 2, 3, 4];
/** The platform's page size (native libSQL's default); the WebAssembly build's own default is 8192. */
const PAGE_SIZE = 4096;

export type DbPointer = number;
export type StmtPointer = number;

/** SQLite as one worker thread holds it. */
export class Sqlite {
  readonly #capi: any;
  readonly #wasm: any;
  /** The module's exported C functions, called without the JavaScript adapters where only numbers pass (per row and per statement). */
  readonly #raw: any;
  readonly #unlink: (vfs: number, name: string) => number;
  readonly #statements = new Statements();
  readonly #columnTypes: ColumnTypes;
  #empty = 0; // a byte of the module's memory: the pointer of every empty blob bound (a null pointer binds NULL)
  readonly jsonRows!: JsonRows; // writes rows' JSON from the cells (json-rows.ts)
  readonly #words = () => new Int32Array(this.#wasm.heap8u().buffer);
  /** How many times SQLite compiled a statement again (SQLITE_STMTSTATUS_REPREPARE, after a schema change): what was read of it holds while this is unchanged. */
  readonly recompiles = (stmt: StmtPointer): number => this.#raw.sqlite3_stmt_status(stmt, 5, 0);

  private constructor(readonly module: Module) {
    this.#capi = module.capi;
    this.#wasm = module.wasm;
    this.#raw = module.wasm.exports;
    this.#unlink = this.#wasm.xWrap('sqlite3_wasm_vfs_unlink', 'int', ['*', 'string']);
    const db = this.open(':memory:', 'scratch');
    try {
      const probe = this.prepare(db, ColumnTypes.PROBE);
      this.#columnTypes = ColumnTypes.locate(this.#raw, this.#words, probe);
      const layout = this.step(db, probe) ? locateRow(this.#words(), probe, this.#columnTypes) : undefined;
      this.jsonRows = new JsonRows(this.#raw, () => this.#wasm.heap8u(), layout);
    } finally {
      this.close(db);
    }
  }

  /** Loads SQLite from its compiled WebAssembly module (sqlite-module.ts); rejects, never hangs, when it cannot. */
  static load(compiled: WebAssembly.Module): Promise<Sqlite> {
    return new Promise((resolve, reject) => {
      // SQLite's own log lines (a refused step, a busy lock) are answers to clients here, not news.
      const init = {
        print: () => {},
        printErr: () => {},
        // Emscripten's hook: instantiate the module given instead of reading and compiling the file; `receive` runs its start-up, which throws on a module that is not SQLite's (that rejects the load too).
        instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
          (async () => receive(await WebAssembly.instantiate(compiled, imports), compiled))().catch(reject);
          return {};
        },
      };
      (sqlite3InitModule as any)(init)
        .then((module: Module) => resolve(new Sqlite(module)))
        .catch(reject);
    });
  }

  get version(): string {
    return this.module.version.libVersion;
  }

  /** Installs the engine's VFS (once per thread); databases registered with it open with `open(path, 'engine')`. */
  installVfs(hooks: VfsHooks): EngineVfs {
    return new EngineVfs(this.module, hooks);
  }

  /** Opens (creating) a database: a registered file of the engine's VFS, or a scratch file of the worker's memory. A database without pages yet gets the platform's page size; one with pages keeps its own. `setup` (trusted SQL of the mock's own: a connection's pragmas) runs in the same SQL call (connection-limits.ts). */
  open(path: string, where: 'engine' | 'scratch' = 'engine', setup = ''): DbPointer {
    return openConnection(this.module, path, where === 'engine' ? VFS_NAME : 'unix', `PRAGMA page_size = ${PAGE_SIZE};${setup}`, (db) => this.error(db));
  }

  close(db: DbPointer): void {
    for (const stmt of this.#statements.of(db)) this.finalize(stmt);
    forgetHooks(this.#wasm, db);
    this.#raw.sqlite3_close_v2(db);
  }

  /** The connection's close will not checkpoint the WAL, even as the database's last connection. */
  noCheckpointOnClose(db: DbPointer): void {
    this.#raw.sqlite3_wasm_db_config_ip(db, this.#capi.SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, 0);
  }

  /** Runs trusted SQL of the mock's own (no result rows wanted). */
  exec(db: DbPointer, sql: string): void {
    const rc = this.#capi.sqlite3_exec(db, sql, 0, 0, 0);
    if (rc !== 0) throw this.error(db);
  }

  /** Every row of a query of the mock's own. */
  rows(db: DbPointer, sql: string): EngineValue[][] {
    const stmt = this.prepare(db, sql);
    try {
      const width = this.columnCount(stmt);
      const rows: EngineValue[][] = [];
      while (this.step(db, stmt)) rows.push(Array.from({ length: width }, (_, index) => this.column(stmt, index)));
      return rows;
    } finally {
      this.finalize(stmt);
    }
  }

  /** Runs the first statement of `sql` to its end (the rest of the text is ignored). */
  runFirst(db: DbPointer, sql: string): void {
    const stmt = this.prepare(db, sql);
    if (!stmt) return;
    try {
      while (this.step(db, stmt));
    } finally {
      this.finalize(stmt);
    }
  }

  /** The value of a one-row, one-column query of the mock's own. */
  value(db: DbPointer, sql: string): EngineValue {
    return this.rows(db, sql)[0]?.[0] ?? null;
  }

  /** The statement compiled from the first statement of `sql`; 0 when the text has none. */
  prepare(db: DbPointer, sql: string): StmtPointer {
    const { pstack } = this.#wasm;
    const mark = pstack.pointer;
    try {
      const out = pstack.allocPtr();
      const rc = this.#capi.sqlite3_prepare_v3(db, sql, -1, 0, out, null);
      if (rc !== 0) throw this.error(db);
      const stmt = this.#wasm.peekPtr(out) as StmtPointer;
      if (stmt) this.#statements.compiled(db, stmt);
      return stmt;
    } finally {
      pstack.restore(mark);
    }
  }

  /** Steps once: true for a row, false when done; throws the engine's error otherwise. */
  step(db: DbPointer, stmt: StmtPointer): boolean {
    const rc = this.#raw.sqlite3_step(stmt);
    this.#statements.stepped(stmt, rc === SQLITE_ROW);
    if (rc === SQLITE_ROW) return true;
    if (rc === SQLITE_DONE) return false;
    throw this.error(db);
  }

  reset(stmt: StmtPointer): void {
    this.#statements.stepped(stmt, false);
    this.#raw.sqlite3_reset(stmt);
    this.#raw.sqlite3_clear_bindings(stmt);
  }

  finalize(stmt: StmtPointer): void {
    this.#statements.finalized(stmt);
    this.#raw.sqlite3_finalize(stmt);
  }

  /** The engine's last error on a connection, as sqld names it (error-codes.ts). */
  error(db: DbPointer): SqliteFailure {
    const raw = this.#raw.sqlite3_extended_errcode(db) as number;
    return sqliteFailure(raw, this.#capi.sqlite3_js_rc_str(raw), this.#capi.sqlite3_errmsg(db) as string, this.#capi.sqlite3_error_offset(db) as number);
  }

  bind(stmt: StmtPointer, index: number, value: EngineValue): void {
    const capi = this.#capi;
    let rc: number;
    if (value === null) rc = this.#raw.sqlite3_bind_null(stmt, index);
    else if (typeof value === 'bigint') rc = this.#raw.sqlite3_bind_int64(stmt, index, value);
    else if (typeof value === 'number') rc = this.#raw.sqlite3_bind_double(stmt, index, value);
    else if (typeof value === 'string') {
      // A copy in the module's memory, freed by SQLite.
      const [pointer, length] = this.#wasm.allocCString(value, true) as [number, number];
      rc = this.#raw.sqlite3_bind_text(stmt, index, pointer, length, capi.SQLITE_WASM_DEALLOC);
    } else if (value.byteLength === 0) {
      this.#empty ||= this.#wasm.alloc(1) as number;
      rc = this.#raw.sqlite3_bind_blob(stmt, index, this.#empty, 0, 0);
    } else {
      // A copy in the module's memory (its own copy refuses Buffer, a Uint8Array subclass).
      const pointer = this.#wasm.alloc(value.byteLength) as number;
      this.#wasm.heap8u().set(value, pointer);
      rc = this.#raw.sqlite3_bind_blob(stmt, index, pointer, value.byteLength, capi.SQLITE_WASM_DEALLOC);
    }
    if (rc) throw this.error(capi.sqlite3_db_handle(stmt));
  }

  /** The statement's parameters by index (1-based): their names (`:a`, `?3`) or null. */
  params(stmt: StmtPointer): (string | null)[] {
    const count = this.#raw.sqlite3_bind_parameter_count(stmt) as number;
    if (count === 0) return [];
    const sql = this.#capi.sqlite3_sql(stmt) as string;
    return parameterNames(sql, count, (name) => this.#capi.sqlite3_bind_parameter_index(stmt, name) as number);
  }

  columns(stmt: StmtPointer): { name: string; decltype: string | null }[] {
    const count = this.#raw.sqlite3_column_count(stmt) as number;
    return Array.from({ length: count }, (_, i) => {
      const decltype = this.#columnTypes.decltype(this.#raw, this.#words, stmt, i);
      return { name: this.#capi.sqlite3_column_name(stmt, i) as string, decltype: decltype ? (this.#wasm.cstrToJs(decltype) as string) : null };
    });
  }

  columnCount(stmt: StmtPointer): number {
    return this.#raw.sqlite3_column_count(stmt);
  }

  column(stmt: StmtPointer, index: number): EngineValue {
    const raw = this.#raw;
    switch (raw.sqlite3_column_type(stmt, index)) {
      case SQLITE_INTEGER:
        return raw.sqlite3_column_int64(stmt, index) as bigint;
      case SQLITE_FLOAT:
        return raw.sqlite3_column_double(stmt, index) as number;
      case SQLITE_TEXT: {
        // By its length: a text may hold NUL characters (the module's own reader stops at the first).
        const pointer = raw.sqlite3_column_text(stmt, index) as number;
        return TEXT_DECODER.decode(this.#wasm.heap8u().subarray(pointer, pointer + (raw.sqlite3_column_bytes(stmt, index) as number)));
      }
      case SQLITE_BLOB: {
        const pointer = raw.sqlite3_column_blob(stmt, index) as number;
        const size = raw.sqlite3_column_bytes(stmt, index) as number;
        return size === 0 ? new Uint8Array() : this.#wasm.heap8u().slice(pointer, pointer + size);
      }
      default:
        return null;
    }
  }

  readonly(stmt: StmtPointer): boolean {
    return this.#raw.sqlite3_stmt_readonly(stmt) !== 0;
  }

  isExplain(stmt: StmtPointer): boolean {
    return this.#raw.sqlite3_stmt_isexplain(stmt) !== 0;
  }

  autocommit(db: DbPointer): boolean {
    return this.#raw.sqlite3_get_autocommit(db) !== 0;
  }

  changes(db: DbPointer): number {
    return Number(this.#raw.sqlite3_changes64(db));
  }

  /** Sets what last_insert_rowid() answers (a pooled connection starts from 0 for its next stream). */
  setLastInsertRowid(db: DbPointer, rowid: bigint): void {
    this.#raw.sqlite3_set_last_insert_rowid(db, rowid);
  }

  lastInsertRowid(db: DbPointer): bigint {
    return BigInt(this.#raw.sqlite3_last_insert_rowid(db));
  }

  /** Statements of the connection still active (stepped to a row, not reset). */
  busyStatements(db: DbPointer): StmtPointer[] {
    return this.#statements.busy(db);
  }

  /** Limits of one connection: nothing attached, no value longer than `maxLength` bytes (connection-limits.ts). */
  limit(db: DbPointer, maxLength: number): void {
    limitConnection(this.module, db, maxLength);
  }

  authorizer(db: DbPointer, callback: (data: unknown, action: number, a1: string | 0, a2: string | 0, a3: string | 0, a4: string | 0) => number): void {
    setAuthorizer(this.#wasm, db, callback);
  }

  /** `callback` runs every `ops` virtual machine steps; a non-zero answer interrupts. */
  progress(db: DbPointer, ops: number, callback: () => number): void {
    setProgressHandler(this.#wasm, db, ops, callback);
  }

  /** The database as one file image (sqlite3_serialize), WAL content included. */
  serialize(db: DbPointer): Uint8Array {
    return this.#capi.sqlite3_js_db_export(db, 'main') as Uint8Array;
  }

  /** Writes a file of the in-memory file system. */
  writeFile(path: string, bytes: Uint8Array): void {
    this.#capi.sqlite3_js_posix_create_file(path, bytes, bytes.byteLength);
  }

  /** Removes a file of the in-memory file system, if it is there. */
  unlink(path: string): void {
    this.#unlink(0, path);
  }
}
