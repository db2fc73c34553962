// What a statement may do, decided by SQLite's authorizer on every program it compiles: the
// statements a client sends and those compiled while they run (triggers, views, FTS5's own SQL).
// Deny by default: a function, a pragma or a virtual-table module not named below is refused.
// The engine itself has no way out (see worker.ts: SQLite compiled to WebAssembly, its files in
// the worker's memory); the allow-lists keep a statement inside its own connection as well.
//   - no ATTACH or DETACH (SQLITE_LIMIT_ATTACHED is 0 too, which also stops VACUUM INTO);
//   - Read Only: no write at all, TEMP objects included;
//   - the database stays in WAL mode (readers and a writer at once, as sqld).
import { ProtocolError } from '../protocol.ts';
import type { Access } from './messages.ts';

/** SQLite's core, date, math, JSON, window and aggregate functions, FTS5's and R*Tree's. */
export const ALLOWED_FUNCTIONS = new Set(
  (
    '-> ->> abs acos acosh asin asinh atan atan2 atanh avg bm25 ceil ceiling changes char coalesce concat concat_ws cos cosh count cume_dist ' +
    'current_date current_time current_timestamp date datetime degrees dense_rank exp first_value floor format fts5 fts5_get_locale ' +
    'fts5_insttoken fts5_locale fts5_source_id glob group_concat hex highlight if ifnull iif instr json json_array json_array_insert ' +
    'json_array_length json_error_position json_extract json_group_array json_group_object json_insert json_object json_patch json_pretty ' +
    'json_quote json_remove json_replace json_set json_type json_valid jsonb jsonb_array jsonb_array_insert jsonb_extract jsonb_group_array ' +
    'jsonb_group_object jsonb_insert jsonb_object jsonb_patch jsonb_remove jsonb_replace jsonb_set julianday lag last_insert_rowid last_value ' +
    'lead length like likelihood likely ln log log10 log2 lower ltrim match max median min mod nth_value ntile nullif octet_length percent_rank ' +
    'percentile percentile_cont percentile_disc pi pow power printf quote radians random randomblob rank replace round row_number rtreecheck ' +
    'rtreedepth rtreenode rtrim sign sin sinh snippet sqlite_offset sqlite_source_id sqlite_version sqrt strftime string_agg substr substring ' +
    'subtype sum tan tanh time timediff total total_changes trim trunc typeof unhex unicode unistr unistr_quote unixepoch unlikely upper zeroblob'
  ).split(' '),
);

/** Virtual-table modules a statement may create tables of. */
export const ALLOWED_MODULES = new Set(['fts5', 'fts5vocab', 'rtree', 'rtree_i32']);

/**
 * Pragmas a statement may use: `read` ones take at most a table or index name; `set` ones may
 * be given a value by a Full Access token (the connection then serves no other stream).
 */
export const ALLOWED_PRAGMAS: Record<string, 'read' | 'set'> = {
  analysis_limit: 'set',
  application_id: 'set',
  automatic_index: 'set',
  auto_vacuum: 'read',
  cache_size: 'read',
  case_sensitive_like: 'set',
  cell_size_check: 'set',
  collation_list: 'read',
  compile_options: 'read',
  data_version: 'read',
  database_list: 'read',
  defer_foreign_keys: 'set',
  foreign_key_check: 'read',
  foreign_key_list: 'read',
  foreign_keys: 'set',
  freelist_count: 'read',
  function_list: 'read',
  ignore_check_constraints: 'set',
  incremental_vacuum: 'set',
  index_info: 'read',
  index_list: 'read',
  index_xinfo: 'read',
  integrity_check: 'read',
  journal_mode: 'set',
  legacy_alter_table: 'set',
  max_page_count: 'read',
  module_list: 'read',
  optimize: 'set',
  page_count: 'read',
  page_size: 'read',
  pragma_list: 'read',
  query_only: 'set',
  quick_check: 'read',
  recursive_triggers: 'set',
  reverse_unordered_selects: 'set',
  schema_version: 'read',
  secure_delete: 'set',
  synchronous: 'read',
  table_info: 'read',
  table_list: 'read',
  table_xinfo: 'read',
  temp_store: 'read',
  trusted_schema: 'read',
  user_version: 'set',
  wal_checkpoint: 'set',
};

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
const WRITES = new Set([CREATE_INDEX, 2, 3, 4, 5, 6, 7, 8, DELETE, 10, 11, 12, 13, 14, 15, 16, 17, INSERT, UPDATE, ALTER_TABLE, REINDEX, ANALYZE, CREATE_VTABLE, DROP_VTABLE]);
/** Actions whose effects may stay with the connection (their arguments do not name the database alike). */
const CONNECTION_LOCAL = new Set([ALTER_TABLE, REINDEX, ANALYZE, CREATE_VTABLE, DROP_VTABLE]);
/** Raw pages of the file: nothing a client needs, and a way to corrupt it. */
const RAW_PAGES = 'sqlite_dbpage';

export const SQLITE_OK = 0;
export const SQLITE_DENY = 1;

export class SandboxRefusal extends ProtocolError {}

/** What the authorizer decides for one connection, and what it learnt of the statement. */
export class Sandbox {
  /** Why the last compile was refused; SQLite itself only says "not authorized". */
  refusal: SandboxRefusal | undefined;
  /** The connection changed something of its own (a pragma, TEMP objects or data): it serves no other stream. */
  touched = false;
  /** A `BEGIN TRANSACTION READONLY` is open: writes are refused until it ends. */
  readOnlyTransaction = false;
  /** The mock's own statements (setting the connection up) pass unchecked. */
  trusted = false;

  constructor(readonly access: Access) {}

  /** SQLite's authorizer callback: SQLITE_OK or SQLITE_DENY. */
  readonly authorize = (_data: unknown, action: number, arg1: string | 0, arg2: string | 0, arg3: string | 0): number => {
    if (this.trusted) return SQLITE_OK;
    const refusal = this.#judge(action, arg1 || null, arg2 || null, arg3 || null);
    if (!refusal) return SQLITE_OK;
    this.refusal ??= refusal;
    return SQLITE_DENY;
  };

  #judge(action: number, arg1: string | null, arg2: string | null, database: string | null): SandboxRefusal | undefined {
    const outside = (what: string) => new SandboxRefusal(`${what} is not allowed: the mock's databases reach nothing outside themselves`, 'SQLITE_AUTH');
    switch (action) {
      case ATTACH:
        return outside('ATTACH');
      case DETACH:
        return outside('DETACH');
      case FUNCTION:
        return arg2 && ALLOWED_FUNCTIONS.has(arg2.toLowerCase()) ? undefined : outside(`${arg2}()`);
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
      if (this.access === 'read-only') return new SandboxRefusal('A Read Only token cannot write, TEMP tables, views and triggers included', 'SQLITE_READONLY');
      if (this.readOnlyTransaction) return new SandboxRefusal('The transaction is read only (BEGIN TRANSACTION READONLY): it cannot write', 'SQLITE_READONLY');
      // Writes to the database are shared by every connection; TEMP objects and schema work of other kinds stay with this one.
      if (database !== 'main' || CONNECTION_LOCAL.has(action)) this.touched = true;
    }
    return undefined;
  }

  #pragma(name: string, value: string | null): SandboxRefusal | undefined {
    const kind = ALLOWED_PRAGMAS[name];
    if (!kind) return new SandboxRefusal(`PRAGMA ${name} is not allowed: it reaches beyond this database`, 'SQLITE_AUTH');
    if (kind === 'read' || value === null) return undefined;
    if (name === 'journal_mode' && value.toLowerCase() !== 'wal') {
      return new SandboxRefusal('PRAGMA journal_mode is not allowed to change: the journal stays WAL, so that readers and a writer work at once, as in sqld', 'SQLITE_AUTH');
    }
    if (this.access === 'read-only') return new SandboxRefusal(`A Read Only token cannot set PRAGMA ${name}`, 'SQLITE_READONLY');
    this.touched = true;
    return undefined;
  }
}
