// What a statement may do, decided by SQLite's authorizer on every program it compiles: the
// statements a client sends and those compiled while they run (triggers, views, FTS5's own SQL).
// Deny by default: a function, a pragma or a virtual-table module not named below is refused.
// The engine itself has no way out (see threads/worker.ts: SQLite compiled to WebAssembly, its files in
// the worker's memory); the allow-lists keep a statement inside its own connection as well.
//   - no ATTACH or DETACH (SQLITE_LIMIT_ATTACHED is 0 too, which also stops VACUUM INTO);
//   - Read Only: no write at all, TEMP objects included;
//   - the database stays in WAL mode (readers and a writer at once, as sqld).
import { ProtocolError } from '../../protocol/protocol.ts';
import type { Access } from './requests.ts';
import { PRAGMAS } from './statement-rules.ts';

/**
 * libSQL's functions a statement may call: SQLite's core, date, math, JSON, window and aggregate
 * functions, FTS3/4's, FTS5's and R*Tree's, and libSQL's vector functions. Every one is a function
 * of the engine (test/mock/areas/database/sql/libsql.test.ts checks the list against pragma_function_list);
 * the engine's others are refused: fts3_tokenizer (it takes a C pointer), sqlite_log (the host's
 * log) and `unknown` (EXPLAIN's stand-in for a missing function).
 */
export const ALLOWED_FUNCTIONS = new Set(
  (
    '-> ->> abs acos acosh asin asinh atan atan2 atanh avg bm25 ceil ceiling changes char coalesce concat concat_ws cos cosh count cume_dist ' +
    'current_date current_time current_timestamp date datetime degrees dense_rank exp first_value floor format fts5 fts5_source_id glob ' +
    'group_concat hex highlight ifnull iif instr json json_array json_array_length json_error_position json_extract json_group_array ' +
    'json_group_object json_insert json_object json_patch json_quote json_remove json_replace json_set json_type json_valid jsonb jsonb_array ' +
    'jsonb_extract jsonb_group_array jsonb_group_object jsonb_insert jsonb_object jsonb_patch jsonb_remove jsonb_replace jsonb_set julianday ' +
    'lag last_insert_rowid last_value lead length libsql_vector_idx like likelihood likely ln log log10 log2 lower ltrim match matchinfo max ' +
    'min mod nth_value ntile nullif octet_length offsets optimize percent_rank pi pow power printf quote radians random randomblob rank ' +
    'replace round row_number rtreecheck rtreedepth rtreenode rtrim sign sin sinh snippet sqlite_compileoption_get sqlite_compileoption_used ' +
    'sqlite_offset sqlite_source_id sqlite_version sqrt strftime string_agg substr substring subtype sum tan tanh time timediff total ' +
    'total_changes trim trunc typeof unhex unicode unixepoch unlikely upper vector vector16 vector1bit vector32 vector64 vector8 ' +
    'vector_distance_cos vector_distance_l2 vector_extract vectorb16 zeroblob'
  ).split(' '),
);

/**
 * SQLite's internal functions of `ALTER TABLE` (RENAME TO, RENAME COLUMN, DROP COLUMN) and libSQL's
 * of `ALTER COLUMN`, with their number of arguments: SQLite calls them from the SQL it writes while
 * compiling an ALTER TABLE. The sandbox allows them only in the compile of an ALTER TABLE it
 * allowed; anywhere else it refuses them (and SQLite would answer "no such function" after it).
 */
export const ALTER_TABLE_FUNCTIONS = new Map([
  ['sqlite_rename_column', 9],
  ['sqlite_rename_table', 7],
  ['sqlite_rename_test', 7],
  ['sqlite_drop_column', 3],
  ['sqlite_rename_quotefix', 2],
  ['libsql_alter_column', 8],
]);

/**
 * Virtual-table modules a statement may create tables of (libSQL's vector index makes its own
 * tables, not virtual ones). The engine's others are refused: sqlite_dbpage (raw pages), dbstat,
 * bytecode, tables_used and sqlite_stmt (the engine's own workings), and those only used as
 * table-valued functions (json_each, json_tree, pragma_*, vector_top_k).
 */
export const ALLOWED_MODULES = new Set(['fts3', 'fts3tokenize', 'fts4', 'fts4aux', 'fts5', 'fts5vocab', 'rtree', 'rtree_i32']);

// SQLite's authorizer action codes (sqlite3.h).
const CREATE_INDEX = 1;
const ALTER_TABLE = 26;
const REINDEX = 27;
const ANALYZE = 28;
const CREATE_VTABLE = 29;
const DROP_VTABLE = 30;
const INSERT = 18;
const UPDATE = 23;
const DELETE = 9;
const READ = 20;
const PRAGMA = 19;
const ATTACH = 24;
const DETACH = 25;
const FUNCTION = 31;
const WRITES = new Set([
  CREATE_INDEX,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  DELETE,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
  17,
  INSERT,
  UPDATE,
  ALTER_TABLE,
  REINDEX,
  ANALYZE,
  CREATE_VTABLE,
  DROP_VTABLE,
]);
/** Actions whose effects may stay with the connection (their arguments do not name the database alike). */
const CONNECTION_LOCAL = new Set([ALTER_TABLE, REINDEX, ANALYZE, CREATE_VTABLE, DROP_VTABLE]);
/** Raw pages of the file: nothing a client needs, and a way to corrupt it. */
const RAW_PAGES = 'sqlite_dbpage';

export const SQLITE_OK = 0;
export const SQLITE_DENY = 1;

/** What the authorizer decides for one connection, and what it learnt of the statement. */
export class Sandbox {
  /** Why the last compile was refused; SQLite itself only says "not authorized". */
  refusal: ProtocolError | undefined;
  /** The connection changed something of its own (a pragma, TEMP objects or data): it serves no other stream. */
  touched = false;
  /** A `BEGIN TRANSACTION READONLY` is open: writes are refused until it ends. */
  readOnlyTransaction = false;
  /** The mock's own statements (setting the connection up) pass unchecked. */
  trusted = false;
  /** The statement being compiled is an ALTER TABLE the sandbox allowed: SQLite's own functions of ALTER TABLE may run in it. */
  #altering = false;

  constructor(readonly access: Access) {}

  /** Called before each compile: what the last one allowed ends with it. */
  beginCompile(): void {
    this.refusal = undefined;
    this.#altering = false;
  }

  /** SQLite's authorizer callback: SQLITE_OK or SQLITE_DENY. */
  readonly authorize = (_data: unknown, action: number, arg1: string | 0, arg2: string | 0, arg3: string | 0): number => {
    if (this.trusted) return SQLITE_OK;
    const refusal = this.#judge(action, arg1 || null, arg2 || null, arg3 || null);
    if (!refusal) return SQLITE_OK;
    this.refusal ??= refusal;
    return SQLITE_DENY;
  };

  /**
   * The third and fourth arguments are read per action code, as sqlite3.h documents them; the
   * fifth is the database's name, except for ALTER TABLE, whose first is the database and whose
   * fifth is the column DROP COLUMN drops.
   */
  #judge(action: number, arg1: string | null, arg2: string | null, arg3: string | null): ProtocolError | undefined {
    const database = action === ALTER_TABLE ? arg1 : arg3;
    const outside = (what: string) => new ProtocolError(`${what} is not allowed: the mock's databases reach nothing outside themselves`, 'SQLITE_AUTH');
    switch (action) {
      case ATTACH:
        return outside('ATTACH');
      case DETACH:
        return outside('DETACH');
      case FUNCTION: {
        const name = (arg2 ?? '').toLowerCase();
        return ALLOWED_FUNCTIONS.has(name) || (this.#altering && ALTER_TABLE_FUNCTIONS.has(name)) ? undefined : outside(`${arg2}()`);
      }
      case PRAGMA:
        return this.#pragma((arg1 ?? '').toLowerCase(), arg2);
      case CREATE_VTABLE:
        if (!arg2 || !ALLOWED_MODULES.has(arg2.toLowerCase())) return outside(`The virtual-table module ${arg2}`);
        break;
      case READ:
        if (arg1?.toLowerCase() === RAW_PAGES) return outside(RAW_PAGES);
        return undefined;
    }
    if ((action === INSERT || action === UPDATE || action === DELETE) && arg1?.toLowerCase() === RAW_PAGES) return outside(RAW_PAGES);
    if (database !== null && database !== 'main' && database !== 'temp') return outside(`The database ${database}`);
    if (WRITES.has(action)) {
      if (this.access === 'read-only') return new ProtocolError('A Read Only token cannot write, TEMP tables, views and triggers included', 'SQLITE_READONLY');
      if (this.readOnlyTransaction) return new ProtocolError('The transaction is read only (BEGIN TRANSACTION READONLY): it cannot write', 'SQLITE_READONLY');
      // Writes to the database are shared by every connection; TEMP objects and schema work of other kinds stay with this one.
      if (database !== 'main' || CONNECTION_LOCAL.has(action)) this.touched = true;
    }
    if (action === ALTER_TABLE) this.#altering = true;
    return undefined;
  }

  /** A pragma, by the one table of sqld's rules and the sandbox's policy (statement-rules.ts); a statement sqld refuses never gets here, but a pragma's table-valued function does. */
  #pragma(name: string, value: string | null): ProtocolError | undefined {
    const rule = PRAGMAS[name];
    if (!rule || rule.sqld === 'never') return new ProtocolError(`PRAGMA ${name} is not allowed: sqld does not run it`, 'SQLITE_AUTH');
    const setting = value !== null && rule.argument === undefined;
    const who = setting ? rule.set : rule.read;
    const what = setting ? `set PRAGMA ${name}` : `run PRAGMA ${name}`;
    if (who === 'none')
      return new ProtocolError(`PRAGMA ${name} cannot be ${setting ? 'set' : 'read'} here: ${rule.why ?? "it is the mock's setting"}`, 'SQLITE_AUTH');
    if (who === 'full' && this.access === 'read-only') return new ProtocolError(`A Read Only token cannot ${what}`, 'SQLITE_READONLY');
    if (setting && rule.scope === 'connection') this.touched = true;
    return undefined;
  }
}
