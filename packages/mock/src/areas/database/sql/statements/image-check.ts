// A database image is checked before the engine accepts it (a state snapshot's data): first its
// header, by reading bytes (any thread), then, in the utility worker's scratch memory, its schema
// compiled again under the sandbox's allow-lists (so that a generated column, a default, a check,
// an index, a view or a trigger can call nothing that SQL sent by a client could not), and an
// integrity check. A refusal names the reason; nothing of the image reaches a database.

import type { Sqlite } from '../wasm/wasm.ts';
import { Sandbox } from './sandbox.ts';

const MAGIC = 'SQLite format 3\u0000';
/** Schema formats SQLite writes (1 to 4). */
const SCHEMA_FORMATS = new Set([1, 2, 3, 4]);
/** Objects SQLite makes itself, which an image may hold without SQL of its own. */
const INTERNAL = /^sqlite_(sequence|stat1|stat4|autoindex_.+)$/i;

/** Why an image's header makes it unacceptable, or undefined. */
export function headerRefusal(image: Uint8Array, maxBytes: number): string | undefined {
  if (image.byteLength < 100) return `it is ${image.byteLength} bytes, shorter than an SQLite header (100 bytes)`;
  if (new TextDecoder('latin1').decode(image.subarray(0, 16)) !== MAGIC) return 'it does not start with "SQLite format 3"';
  if (image.byteLength > maxBytes) return `it is ${image.byteLength} bytes, more than a database may hold (maxDatabaseBytes, ${maxBytes})`;
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const rawPageSize = view.getUint16(16);
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize;
  if (pageSize < 512 || pageSize > 65_536 || (pageSize & (pageSize - 1)) !== 0) return `its page size ${rawPageSize} is not a power of two from 512 to 65536`;
  if (image.byteLength % pageSize !== 0) return `its size ${image.byteLength} is not a whole number of ${pageSize}-byte pages`;
  const [write, read] = [image[18], image[19]];
  if ((write !== 1 && write !== 2) || (read !== 1 && read !== 2)) return `its file format versions (${write}, ${read}) are not SQLite's (1 or 2)`;
  if (image[20] !== 0) return `it reserves ${image[20]} bytes per page, which only encrypted or checksummed files do`;
  if (image[21] !== 64 || image[22] !== 32 || image[23] !== 32) return 'its payload fractions are not 64, 32 and 32';
  const pages = image.byteLength / pageSize;
  const headerPages = view.getUint32(28);
  // The header's page count is valid when written by a version that matches its change counter.
  if (view.getUint32(92) === view.getUint32(24) && headerPages !== pages) return `its header claims ${headerPages} pages, but it holds ${pages}`;
  const schemaFormat = view.getUint32(44);
  if (!SCHEMA_FORMATS.has(schemaFormat) && !(schemaFormat === 0 && pages === 1)) return `its schema format ${schemaFormat} is not one SQLite writes (1 to 4)`;
  if (view.getUint32(56) !== 1) return 'its text encoding is not UTF-8';
  return undefined;
}

interface SchemaRow {
  type: string;
  name: string;
  table: string;
  sql: string | null;
}

/**
 * Why the image cannot be accepted, found by SQLite in scratch memory, or undefined: its schema
 * compiled again in an empty database under a Full Access sandbox, its views and triggers compiled
 * (not run) the way statements would use them, then an integrity check of the image.
 */
export function scratchRefusal(sqlite: Sqlite, image: Uint8Array, scratchName: string): string | undefined {
  const imagePath = `/${scratchName}-image.db`;
  const replayPath = `/${scratchName}-replay.db`;
  sqlite.writeFile(imagePath, image);
  const opened: number[] = [];
  try {
    const db = sqlite.open(imagePath, 'scratch');
    opened.push(db);
    sqlite.limit(db, image.byteLength);
    let rows: SchemaRow[];
    try {
      rows = sqlite
        .rows(db, 'SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid')
        .map(([type, name, table, sql]) => ({ type: String(type), name: String(name), table: String(table), sql: sql === null ? null : String(sql) }));
    } catch (error) {
      return `its schema cannot be read (${(error as Error).message})`;
    }
    const replay = sqlite.open(replayPath, 'scratch');
    opened.push(replay);
    sqlite.limit(replay, image.byteLength);
    const sandbox = new Sandbox('full');
    sqlite.authorizer(replay, sandbox.authorize);
    const refusal = replaySchema(sqlite, replay, sandbox, rows);
    if (refusal) return refusal;
    try {
      const problems = sqlite.rows(db, 'PRAGMA integrity_check(5)').map(([line]) => String(line));
      if (problems.join('') !== 'ok') return `its integrity check fails: ${problems.join('; ')}`;
    } catch (error) {
      return `its integrity check fails (${(error as Error).message})`;
    }
    return undefined;
  } finally {
    for (const db of opened.reverse()) sqlite.close(db);
    for (const path of [imagePath, replayPath]) for (const suffix of ['', '-wal', '-shm', '-journal']) sqlite.unlink(`${path}${suffix}`);
  }
}

function replaySchema(sqlite: Sqlite, db: number, sandbox: Sandbox, rows: SchemaRow[]): string | undefined {
  const refused = (row: SchemaRow, why: string) => `its ${row.type} "${row.name}" is refused: ${why}`;
  /** Compiles a statement that uses a view or a trigger: only the sandbox's refusals count (a view of a missing table is SQL's business). */
  const compile = (row: SchemaRow, sql: string): string | undefined => {
    sandbox.refusal = undefined;
    try {
      const stmt = sqlite.prepare(db, sql);
      if (stmt) sqlite.finalize(stmt);
    } catch {
      const refusal = sandbox.refusal as Error | undefined;
      if (refusal) return refused(row, refusal.message);
    } finally {
      sandbox.refusal = undefined;
    }
    return undefined;
  };
  for (const row of rows) {
    if (row.sql === null) {
      if (!INTERNAL.test(row.name)) return refused(row, 'it has no SQL and is not one SQLite makes itself');
      continue;
    }
    if (INTERNAL.test(row.name)) continue;
    if (/^sqlite_/i.test(row.name)) return refused(row, 'its name is reserved for SQLite');
    sandbox.refusal = undefined;
    try {
      sqlite.runFirst(db, row.sql);
    } catch (error) {
      const message = (sandbox.refusal as Error | undefined)?.message ?? (error as Error).message;
      // A virtual table made its shadow tables already: they must be exactly what it made.
      if (!sandbox.refusal && sqlite.value(db, `SELECT sql FROM sqlite_schema WHERE name = ${quote(row.name)}`) === row.sql) continue;
      return refused(row, message);
    }
  }
  for (const row of rows) {
    const name = quoteIdentifier(row.name);
    if (row.type === 'table') {
      // SQLite 3.45 resolves a column's default only when it reads the schema (no authorizer then): compile each one.
      const defaults = sqlite.rows(db, `SELECT dflt_value FROM pragma_table_xinfo(${quote(row.name)}) WHERE dflt_value IS NOT NULL`);
      for (const [value] of defaults) {
        const refusal = compile(row, `SELECT ${String(value)}`);
        if (refusal) return refusal;
      }
    } else if (row.type === 'view') {
      const refusal = compile(row, `SELECT * FROM ${name}`);
      if (refusal) return refusal;
    } else if (row.type === 'trigger') {
      const table = quoteIdentifier(row.table);
      const columns = sqlite.rows(db, `SELECT name FROM pragma_table_info(${quote(row.table)})`).map(([column]) => quoteIdentifier(String(column)));
      // A trigger runs inside the statements of its table: compiling them compiles it.
      for (const sql of [
        `INSERT INTO ${table} DEFAULT VALUES`,
        `DELETE FROM ${table}`,
        ...columns.map((column) => `UPDATE ${table} SET ${column} = ${column}`),
      ]) {
        const refusal = compile(row, sql);
        if (refusal) return refusal;
      }
    }
  }
  return undefined;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
