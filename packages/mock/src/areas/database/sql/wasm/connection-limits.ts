// How every connection opens, and the limits and defensive settings it gets before any client SQL
// (wasm.ts calls these with the module's C API).

/** Longest LIKE or GLOB pattern, in bytes. */
export const LIKE_PATTERN_BYTES = 50_000;

/**
 * Nothing attached, no value longer than `maxLength` bytes, and SQLite's defensive settings; throws
 * when the engine refuses one. Through the module's exported C functions (numbers only), not the
 * build's adapters (a scoped allocation and conversions per call, six calls per connection).
 */
export function limitConnection(module: { capi: any; wasm: any }, db: number, maxLength: number): void {
  const { capi } = module;
  const raw = module.wasm.exports;
  raw.sqlite3_limit(db, capi.SQLITE_LIMIT_ATTACHED, 0);
  raw.sqlite3_limit(db, capi.SQLITE_LIMIT_LENGTH, maxLength);
  raw.sqlite3_limit(db, capi.SQLITE_LIMIT_SQL_LENGTH, Math.min(maxLength, 100_000_000));
  // A LIKE or GLOB pattern is bounded (SQLite's and sqld's bound); past it the statement fails, and the time limit bounds the rest.
  raw.sqlite3_limit(db, capi.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, LIKE_PATTERN_BYTES);
  // Defensive: no writable_schema, no raw page writes; schema objects run only innocuous functions.
  const settings: [string, number][] = [
    ['SQLITE_DBCONFIG_DEFENSIVE', 1],
    ['SQLITE_DBCONFIG_TRUSTED_SCHEMA', 0],
  ];
  for (const [name, value] of settings) {
    // sqlite3_db_config(db, op, int, int*): the build's shim for an int setting, its old value not asked for.
    const rc = raw.sqlite3_wasm_db_config_ip(db, capi[name], value, 0);
    if (rc !== 0) throw new Error(`the engine refused ${name} (sqlite3_db_config answered ${rc})`);
  }
}

/** SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXRESCODE: as the build's object API opened (its flag `c`). */
const OPEN_FLAGS = 0x2 | 0x4 | 0x02000000;

/**
 * Opens a connection through the C API, with extended result codes, and runs `setup` on it in one
 * SQL call; closes it again when either fails. Not through the build's object API: its handle cost
 * more than the open itself (its constructor, and at close a clean-up of eight hooks the mock sets
 * none of through it; shared-hooks.ts keeps its own).
 */
export function openConnection(module: { capi: any; wasm: any }, path: string, vfs: string, setup: string, error: (db: number) => Error): number {
  const { capi, wasm } = module;
  const stack = wasm.pstack.pointer;
  let db = 0;
  try {
    const out = wasm.pstack.allocPtr();
    const rc = capi.sqlite3_open_v2(path, out, OPEN_FLAGS, vfs);
    db = wasm.peekPtr(out);
    if (rc !== 0) throw db ? error(db) : new Error(`the engine could not open ${path} (result code ${rc})`);
    wasm.exports.sqlite3_extended_result_codes(db, 1);
    if (capi.sqlite3_exec(db, setup, 0, 0, 0) !== 0) throw error(db);
    return db;
  } catch (failure) {
    if (db) wasm.exports.sqlite3_close_v2(db);
    throw failure;
  } finally {
    wasm.pstack.restore(stack);
  }
}
