// The limits and defensive settings every connection gets before any client SQL (wasm.ts calls
// this with the module's C API).

/** Longest LIKE or GLOB pattern, in bytes. */
export const LIKE_PATTERN_BYTES = 50_000;

/** Nothing attached, no value longer than `maxLength` bytes, and SQLite's defensive settings; throws when the engine refuses one. */
export function limitConnection(capi: any, db: number, maxLength: number): void {
  capi.sqlite3_limit(db, capi.SQLITE_LIMIT_ATTACHED, 0);
  capi.sqlite3_limit(db, capi.SQLITE_LIMIT_LENGTH, maxLength);
  capi.sqlite3_limit(db, capi.SQLITE_LIMIT_SQL_LENGTH, Math.min(maxLength, 100_000_000));
  // A LIKE or GLOB pattern is bounded (SQLite's and sqld's bound); past it the statement fails, and the time limit bounds the rest.
  capi.sqlite3_limit(db, capi.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, LIKE_PATTERN_BYTES);
  // Defensive: no writable_schema, no raw page writes; schema objects run only innocuous functions.
  const settings: [string, number][] = [
    ['SQLITE_DBCONFIG_DEFENSIVE', 1],
    ['SQLITE_DBCONFIG_TRUSTED_SCHEMA', 0],
  ];
  for (const [name, value] of settings) {
    const rc = capi.sqlite3_db_config(db, capi[name], value, 0);
    if (rc !== 0) throw new Error(`the engine refused ${name} (sqlite3_db_config answered ${rc})`);
  }
}
