// What libSQL's published WebAssembly build (@libsql/libsql-wasm-experimental) does not export,
// made from what it does. Its exports lack sqlite3_column_decltype, sqlite3_bind_parameter_name,
// sqlite3_bind_zeroblob, sqlite3_next_stmt and sqlite3_stmt_busy (wasm.ts tracks the last two
// itself, and binds an empty blob with sqlite3_bind_blob).
import { lex } from './sql-text.ts';

const MEM_STR = 0x0002;

/** The module's raw exports these helpers call (numbers in, numbers out). */
export interface RawExports {
  sqlite3_prepare_v3(db: number, sql: number, bytes: number, flags: number, out: number, tail: number): number;
  sqlite3_column_name(stmt: number, index: number): number;
  sqlite3_column_count(stmt: number): number;
  sqlite3_stmt_isexplain(stmt: number): number;
  sqlite3_bind_parameter_index(stmt: number, name: number): number;
}

/**
 * Where a compiled statement keeps its columns' declared types. SQLite keeps every column's
 * name and declared type in one array of `Mem` values (`Vdbe.aColName`: the names first, then
 * the declared types, `COLNAME_DECLTYPE`), and sqlite3_column_decltype() is the text of the
 * second half, NULL where a column has none; an EXPLAIN has none (its columns are SQLite's
 * constants). The array's place in the Vdbe and the size of a Mem are found once per module
 * (`locate`), by matching what sqlite3_column_name() answers for a statement of known columns.
 * A Mem is read only where its flags say it holds a text (MEM_Str), as SQLite's text (UTF-8,
 * SQLite's own copy of the schema's type name).
 */
export class ColumnTypes {
  private constructor(
    /** Byte offset of `aColName` in a Vdbe. */
    readonly arrayOffset: number,
    /** sizeof(Mem). */
    readonly memSize: number,
  ) {}

  /** The statement `locate` reads: two columns of known names. */
  static readonly PROBE = 'SELECT 1 AS a, 2 AS b';

  /** Finds the layout from `stmt`, compiled from PROBE (it is finalized by its connection's close); throws when it is not what SQLite 3.45 lays out. */
  static locate(raw: RawExports, heap: () => Int32Array, stmt: number): ColumnTypes {
    const first = raw.sqlite3_column_name(stmt, 0);
    const second = raw.sqlite3_column_name(stmt, 1);
    const words = heap();
    // Mem.z (the text) follows Mem.u, an 8-byte union.
    const textOf = (mem: number) => words[(mem + 8) >> 2];
    for (let offset = 0; offset < 512; offset += 4) {
      const array = words[(stmt + offset) >> 2]!;
      if (array <= 0 || array % 4 !== 0 || array >= words.length * 4 || textOf(array) !== first) continue;
      for (let size = 24; size <= 96; size += 4) if (textOf(array + size) === second) return new ColumnTypes(offset, size);
    }
    throw new Error("the engine's WebAssembly build does not lay out a statement's columns as SQLite 3.45 does (column declared types unreadable)");
  }

  /** sqlite3_column_decltype(stmt, index): a pointer to the declared type's text, or 0. */
  decltype(raw: RawExports, heap: () => Int32Array, stmt: number, index: number): number {
    if (raw.sqlite3_stmt_isexplain(stmt)) return 0;
    const words = heap();
    const array = words[(stmt + this.arrayOffset) >> 2]!;
    const count = raw.sqlite3_column_count(stmt);
    if (!array || index < 0 || index >= count) return 0;
    const mem = array + (index + count) * this.memSize;
    // Mem.flags, a u16 after Mem.z and Mem.n.
    return words[(mem + 16) >> 2]! & MEM_STR ? words[(mem + 8) >> 2]! : 0;
  }
}

/**
 * A statement's parameter names by index (1-based), as sqlite3_bind_parameter_name() answers:
 * `?NNN`, `:a`, `@a`, `$a`, or null for a bare `?`. The candidates are read from the SQL text
 * (outside quotes and comments), and each is kept only where SQLite itself says it is one of the
 * statement's parameters (sqlite3_bind_parameter_index).
 */
export function parameterNames(sql: string, count: number, indexOf: (name: string) => number): (string | null)[] {
  const names: (string | null)[] = Array.from({ length: count }, () => null);
  if (count === 0) return names;
  for (const lexeme of lex(sql)) {
    if (lexeme.token !== 'other' || !'?:@$'.includes(lexeme.text) || lexeme.text.length !== 1) continue;
    const tail = sql.slice(lexeme.start);
    // SQLite's tokenizer: ?NNN; :name, @name; $name with Tcl's `::` namespaces and a `(...)` suffix.
    const match = lexeme.text === '?' ? /^\?\d+/.exec(tail) : /^[:@$](?:[A-Za-z0-9_$\u0080-\uffff]|::)+(?:\([^)]*\))?/.exec(tail);
    if (!match) continue;
    const index = indexOf(match[0]);
    if (index > 0 && index <= count) names[index - 1] = match[0];
  }
  return names;
}

/**
 * The statements of each connection, compiled and not finalized, and which of them are busy:
 * stepped to a row and not yet reset, done or failed (what sqlite3_next_stmt and
 * sqlite3_stmt_busy answer). Every statement the engine compiles goes through wasm.ts.
 */
export class Statements {
  readonly #byConnection = new Map<number, Set<number>>();
  readonly #owner = new Map<number, number>();
  readonly #busy = new Set<number>();

  compiled(db: number, stmt: number): void {
    let set = this.#byConnection.get(db);
    if (!set) this.#byConnection.set(db, (set = new Set()));
    set.add(stmt);
    this.#owner.set(stmt, db);
  }

  /** After a step (busy when it gave a row) or a reset (not busy). */
  stepped(stmt: number, row: boolean): void {
    if (row) this.#busy.add(stmt);
    else this.#busy.delete(stmt);
  }

  finalized(stmt: number): void {
    this.#busy.delete(stmt);
    const db = this.#owner.get(stmt);
    this.#owner.delete(stmt);
    if (db === undefined) return;
    const set = this.#byConnection.get(db)!;
    set.delete(stmt);
    if (set.size === 0) this.#byConnection.delete(db);
  }

  of(db: number): number[] {
    return [...(this.#byConnection.get(db) ?? [])];
  }

  busy(db: number): number[] {
    return this.of(db).filter((stmt) => this.#busy.has(stmt));
  }
}
