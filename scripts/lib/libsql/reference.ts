// The reference of the differential test: libSQL's own engine (the `libsql` npm package, native,
// in process) behind sqld's statement rules (./sqld-statement-rules.ts), answering each statement
// as sqld's Hrana answers it: typed values (an integer as its decimal text, a float JSON cannot
// carry as null, a blob as hex here), columns with their declared types, the changed rows for
// INSERT, UPDATE and DELETE only, the last rowid for INSERT only, and errors by sqld's code.
// The mock's side (./mock-sql.ts) is brought to the same shape, so the two compare with toEqual.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { sqldCounts, sqldVerdict } from './sqld-statement-rules.ts';

export type Value =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number | null }
  | { type: 'text'; value: string }
  | { type: 'blob'; hex: string };

export type Outcome =
  | { ok: true; cols: { name: string; decltype: string | null }[]; rows: Value[][]; affected: number; lastInsertRowid: string | null }
  /** `code` is a list where sqld may answer either (an SQLite compile error with or without a place in the text). */
  | { ok: false; code: string | string[]; message: string | null };

/** sqld's name of SQLite's primary result code (hrana/stmt.rs `sqlite_error_code`, by rusqlite's ErrorCode). */
const SQLD_CODES: Record<number, string> = {
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};
const sqldCode = (raw: number) => SQLD_CODES[raw & 0xff] ?? 'SQLITE_UNKNOWN';

/** SQLite's tokenizer and parser refusing a text: sqld's own parser refuses it first (its message is its own). */
const PARSER_MESSAGE = /^(near ".*": syntax error|incomplete input|unrecognized token: .*)$/s;

function sqlValue(value: unknown): Value {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: String(value) };
  if (typeof value === 'number') return { type: 'float', value: Number.isFinite(value) ? value : null };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', hex: Buffer.from(value).toString('hex') };
  throw new Error(`a value of no SQLite type: ${String(value)}`);
}

interface LibsqlError {
  message: string;
  rawCode?: number;
}

function compileFailure(error: LibsqlError): Outcome {
  const raw = error.rawCode ?? 1;
  if (raw === 1 && PARSER_MESSAGE.test(error.message)) return { ok: false, code: 'SQL_PARSE_ERROR', message: null };
  // rusqlite reads sqlite3_error_offset for a plain SQLITE_ERROR: SQL_INPUT_ERROR where SQLite names a place.
  return { ok: false, code: raw === 1 ? ['SQL_INPUT_ERROR', 'SQLITE_UNKNOWN'] : sqldCode(raw), message: error.message };
}

/** One database of libSQL's engine, in a file in WAL mode as sqld keeps them. */
export class LibsqlReference {
  readonly #dir = mkdtempSync(path.join(tmpdir(), 'libsql-reference-'));
  readonly #db = new Database(path.join(this.#dir, 'db.sqlite'));

  constructor() {
    this.#db.exec('PRAGMA journal_mode = WAL');
  }

  static readonly version = () => {
    const db = new Database(':memory:');
    const version = (db.prepare('SELECT sqlite_version()').raw(true).get() as string[])[0]!;
    db.close();
    return version;
  };

  run(sql: string): Outcome {
    // sqld parses first (a text that does not parse is SQL_PARSE_ERROR, in its parser's words), then
    // refuses a statement it gives no kind, before the engine sees it.
    const unsupported: Outcome | undefined =
      sqldVerdict(sql) === 'unsupported' ? { ok: false, code: 'SQL_PARSE_ERROR', message: `unsupported statement: ${sql}` } : undefined;
    let statement: Database.Statement;
    try {
      statement = this.#db.prepare(sql);
    } catch (error) {
      const failure = compileFailure(error as LibsqlError);
      return failure.ok || failure.code === 'SQL_PARSE_ERROR' ? failure : (unsupported ?? failure);
    }
    if (unsupported) return unsupported;
    try {
      statement.safeIntegers(true);
      let cols: { name: string; decltype: string | null }[] = [];
      let rows: Value[][] = [];
      if (statement.reader) {
        cols = statement.columns().map((column) => ({ name: column.name, decltype: column.type ?? null }));
        rows = (statement.raw(true).all() as unknown[][]).map((row) => row.map(sqlValue));
      } else statement.run();
      const counts = sqldCounts(sql);
      const [changes, rowid] = this.#db.prepare('SELECT changes(), last_insert_rowid()').safeIntegers(true).raw(true).get() as bigint[];
      return { ok: true, cols, rows, affected: counts.changes ? Number(changes) : 0, lastInsertRowid: counts.rowid ? String(rowid) : null };
    } catch (error) {
      const { rawCode, message } = error as LibsqlError;
      return { ok: false, code: sqldCode(rawCode ?? 1), message };
    }
  }

  close(): void {
    this.#db.close();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
