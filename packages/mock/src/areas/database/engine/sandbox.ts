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

/** Who may do something: either token, a Full Access token only, or no one. */
export type Who = 'any' | 'full' | 'none';

export interface PragmaRule {
  /** Who may run it without a value (reading it, or running it when it is a command). */
  read: Who;
  /** Who may give it a value that sets it. */
  set: Who;
  /**
   * A value in parentheses or after `=` is an argument, not a setting: a table or index name, a
   * number, a checkpoint mode. Such a pragma with a value is a read (or a command) all the same.
   */
  argument?: 'table' | 'number' | 'mode';
  /** What setting it changes: the connection's own behaviour (it then serves no other stream) or the database's file. */
  scope?: 'connection' | 'database';
  /** The only values it may be set to. */
  values?: string[];
  /** A value to set it to in the tests; `argument`'s value to read it with. */
  example: string;
}

/**
 * The pragma policy: every pragma a statement may use, who may read it and who may set it.
 * Anything not named here is refused. The tests are generated from this table (each pragma ×
 * Full Access and Read Only × read and set); a connection whose stream set a connection-scope
 * pragma is not pooled again, so no setting outlives its stream.
 */
export const PRAGMA_POLICY: Record<string, PragmaRule> = {
  analysis_limit: { read: 'any', set: 'full', scope: 'connection', example: '100' },
  application_id: { read: 'any', set: 'full', scope: 'database', example: '42' },
  automatic_index: { read: 'any', set: 'full', scope: 'connection', example: '0' },
  auto_vacuum: { read: 'any', set: 'none', example: '1' },
  cache_size: { read: 'any', set: 'none', example: '-64000' },
  case_sensitive_like: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  cell_size_check: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  collation_list: { read: 'any', set: 'none', example: '1' },
  compile_options: { read: 'any', set: 'none', example: '1' },
  data_version: { read: 'any', set: 'none', example: '1' },
  database_list: { read: 'any', set: 'none', example: '1' },
  defer_foreign_keys: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  foreign_key_check: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  foreign_key_list: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  foreign_keys: { read: 'any', set: 'full', scope: 'connection', example: '0' },
  freelist_count: { read: 'any', set: 'none', example: '1' },
  function_list: { read: 'any', set: 'none', example: '1' },
  ignore_check_constraints: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  // A command that writes: it frees pages of the file.
  incremental_vacuum: { read: 'full', set: 'none', argument: 'number', example: '1' },
  index_info: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target_index' },
  index_list: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  index_xinfo: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target_index' },
  integrity_check: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  // Stays WAL: readers and a writer at once, as in sqld; a client may set what it already is.
  journal_mode: { read: 'any', set: 'full', scope: 'database', values: ['wal'], example: 'wal' },
  legacy_alter_table: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  // The mock's limit of a database's size (maxDatabaseBytes): read only.
  max_page_count: { read: 'any', set: 'none', example: '1000000' },
  module_list: { read: 'any', set: 'none', example: '1' },
  // A command that writes: it may run ANALYZE.
  optimize: { read: 'full', set: 'none', argument: 'number', example: '2' },
  page_count: { read: 'any', set: 'none', example: '1' },
  page_size: { read: 'any', set: 'none', example: '4096' },
  pragma_list: { read: 'any', set: 'none', example: '1' },
  query_only: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  quick_check: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  recursive_triggers: { read: 'any', set: 'full', scope: 'connection', example: '0' },
  reverse_unordered_selects: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  // Writing it would corrupt the schema cache of every connection.
  schema_version: { read: 'any', set: 'none', example: '99' },
  secure_delete: { read: 'any', set: 'full', scope: 'connection', example: '1' },
  synchronous: { read: 'any', set: 'none', example: '0' },
  table_info: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  table_list: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  table_xinfo: { read: 'any', set: 'none', argument: 'table', example: 'pragma_target' },
  temp_store: { read: 'any', set: 'none', example: '1' },
  // Schema objects run only innocuous functions: a setting of the mock's, read only.
  trusted_schema: { read: 'any', set: 'none', example: '1' },
  user_version: { read: 'any', set: 'full', scope: 'database', example: '7' },
  // A command that writes: it copies the WAL into the database file.
  wal_checkpoint: { read: 'full', set: 'none', argument: 'mode', example: 'PASSIVE' },
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
    const rule = PRAGMA_POLICY[name];
    if (!rule) return new SandboxRefusal(`PRAGMA ${name} is not allowed: it reaches beyond this database`, 'SQLITE_AUTH');
    const setting = value !== null && rule.argument === undefined;
    const who = setting ? rule.set : rule.read;
    const what = setting ? `set PRAGMA ${name}` : `run PRAGMA ${name}`;
    if (who === 'none')
      return new SandboxRefusal(
        `PRAGMA ${name} cannot be ${setting ? 'set' : 'read'} here: ${setting ? "it is the mock's setting" : 'it is not one the mock lets clients read'}`,
        'SQLITE_AUTH',
      );
    if (who === 'full' && this.access === 'read-only') return new SandboxRefusal(`A Read Only token cannot ${what}`, 'SQLITE_READONLY');
    if (setting && rule.values && !rule.values.includes(value.toLowerCase())) {
      return new SandboxRefusal(
        `PRAGMA ${name} may only be set to ${rule.values.join(' or ')}: the mock keeps it so (readers and a writer at once, as in sqld)`,
        'SQLITE_AUTH',
      );
    }
    if (setting && rule.scope === 'connection') this.touched = true;
    return undefined;
  }
}
