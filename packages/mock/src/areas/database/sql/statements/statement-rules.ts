// sqld's statement rules: libSQL's server classifies every statement before it runs it, and
// answers one it does not support with SQL_PARSE_ERROR "SQL string could not be parsed:
// unsupported statement: <the request's whole SQL text>", before anything of the request runs
// (a `sequence` is refused whole). The mock follows the files below at the commit named, read as
// they are: STATEMENT_RULES for statements, PRAGMAS for pragmas (one table with the sandbox's
// pragma policy). What sqld runs goes on to the sandbox (sandbox.ts), which may still deny it and
// then says why. sqld-check.ts applies them to a request;
// test/mock/areas/database/sql/statements/statement-rules.test.ts is generated from these tables.
import { lex } from '../wasm/sql-text.ts';

export const SQLD_SOURCE = {
  repository: 'https://github.com/tursodatabase/libsql',
  commit: 'f8fb14f3638e44edf3dbace489618c7768daee55',
  files: ['libsql-server/src/query_analysis.rs (StmtKind::kind, StmtKind::pragma_kind)', 'libsql-server/src/hrana/stmt.rs (StmtError::SqlParse)'],
} as const;

/** Tables sqld keeps for itself: a write or DDL naming one is unsupported (`is_reserved_tbl`). */
const RESERVED_TABLES = ['_litestream_seq', '_litestream_lock', 'libsql_wasm_func_table'];

export interface StatementRule {
  /** The statement, as SQL's grammar names it. */
  statement: string;
  /** What sqld does with it: runs it (with its StmtKind), or answers "unsupported statement". */
  sqld: 'runs' | 'unsupported';
  /** Whether the statement is this one: its words, upper-cased, and its text. */
  matches(words: string[], sql: string): boolean;
  /** What sqld runs that the sandbox denies (SQLITE_AUTH, with its reason). */
  sandbox?: 'denies';
  /** Statements of this kind, for the generated tests. */
  examples: string[];
}

const first =
  (...heads: string[]) =>
  (words: string[]) =>
    heads.some((head) => head.split(' ').every((word, i) => words[i] === word));
/** `CREATE TEMP|TEMPORARY TABLE|VIEW|TRIGGER`. */
const createTemporary = (words: string[]) => words[0] === 'CREATE' && (words[1] === 'TEMP' || words[1] === 'TEMPORARY');
/** The target of a write or DDL statement (`[schema.]name`, unquoted as sqld compares it), or undefined. */
function target(words: string[]): string | undefined {
  const skip = new Set([
    'INSERT',
    'REPLACE',
    'OR',
    'ROLLBACK',
    'ABORT',
    'FAIL',
    'IGNORE',
    'INTO',
    'UPDATE',
    'DELETE',
    'FROM',
    'DROP',
    'TABLE',
    'IF',
    'EXISTS',
    'ALTER',
  ]);
  let i = 0;
  while (i < words.length && skip.has(words[i]!)) i++;
  const name = words[i + 1] === '.' ? words[i + 2] : words[i];
  return name?.replace(/^["`[]|["`\]]$/g, '').toLowerCase();
}
const reserved = (words: string[]) => RESERVED_TABLES.includes(target(words) ?? '');
/** `CREATE [VIRTUAL] TABLE TEMP.x`: sqld compares the schema's name with `TEMP` as written (`is_temp`). */
function tempSchema(sql: string): boolean {
  const tokens = [...lex(sql)].filter((lexeme) => lexeme.token !== 'ws');
  let i = tokens.findIndex((lexeme) => lexeme.text === 'TABLE') + 1;
  if (i === 0) return false;
  if (tokens[i]?.text === 'IF') i += 3;
  return tokens[i + 1]?.text === '.' && sql.slice(tokens[i]!.start, tokens[i]!.end) === 'TEMP';
}

/** Every statement of SQLite's grammar, first match wins; a statement no row matches goes to SQLite, whose parser answers it. */
export const STATEMENT_RULES: StatementRule[] = [
  {
    statement: 'CREATE TEMP TABLE, VIEW or TRIGGER',
    sqld: 'unsupported',
    matches: createTemporary,
    examples: [
      'CREATE TEMP TABLE scratch (x)',
      'CREATE TEMPORARY VIEW scratch_view AS SELECT 1',
      'CREATE TEMP TRIGGER scratch_trigger AFTER INSERT ON rules_t BEGIN SELECT 1; END',
    ],
  },
  {
    statement: 'CREATE TABLE or VIRTUAL TABLE in the schema written TEMP',
    sqld: 'unsupported',
    matches: (words, sql) => first('CREATE TABLE', 'CREATE VIRTUAL TABLE')(words) && tempSchema(sql),
    examples: ['CREATE TABLE TEMP.scratch (x)'],
  },
  {
    statement: 'INSERT, REPLACE, UPDATE, DELETE, DROP TABLE or ALTER TABLE of a table sqld reserves',
    sqld: 'unsupported',
    matches: (words) => first('INSERT', 'REPLACE', 'UPDATE', 'DELETE', 'DROP TABLE', 'ALTER TABLE')(words) && reserved(words),
    examples: ['INSERT INTO libsql_wasm_func_table VALUES (1)', 'DELETE FROM _litestream_seq', 'DROP TABLE IF EXISTS _litestream_lock'],
  },
  {
    // sqld's parser has no such statement (libSQL's WebAssembly functions): it answers a syntax error, SQL_PARSE_ERROR too.
    statement: "CREATE FUNCTION or DROP FUNCTION (libSQL's WebAssembly functions)",
    sqld: 'unsupported',
    matches: first('CREATE FUNCTION', 'DROP FUNCTION'),
    examples: ["CREATE FUNCTION f LANGUAGE wasm AS X'00'", 'DROP FUNCTION IF EXISTS f'],
  },
  { statement: 'VACUUM (and VACUUM INTO)', sqld: 'unsupported', matches: first('VACUUM'), examples: ['VACUUM', "VACUUM INTO '/tmp/copy.db'"] },
  { statement: 'ANALYZE', sqld: 'unsupported', matches: first('ANALYZE'), examples: ['ANALYZE', 'ANALYZE rules_t'] },
  {
    statement: 'ATTACH of anything but a name (a file name in quotes, an expression)',
    sqld: 'unsupported',
    matches: (words) => words[0] === 'ATTACH' && !/^([A-Z_][A-Z0-9_$]*|"[^"]*")$/.test(words[words[1] === 'DATABASE' ? 2 : 1] ?? ''),
    examples: ["ATTACH 'other.db' AS other", "ATTACH DATABASE 'file:x?mode=memory' AS x"],
  },
  { statement: 'ATTACH of a name (sqld attaches a namespace)', sqld: 'runs', sandbox: 'denies', matches: first('ATTACH'), examples: ['ATTACH other AS other'] },
  { statement: 'DETACH', sqld: 'runs', sandbox: 'denies', matches: first('DETACH'), examples: ['DETACH other'] },
  { statement: 'REINDEX', sqld: 'runs', matches: first('REINDEX'), examples: ['REINDEX', 'REINDEX rules_t'] },
  {
    statement: 'SELECT, VALUES, WITH, INSERT, REPLACE, UPDATE, DELETE',
    sqld: 'runs',
    matches: first('SELECT', 'VALUES', 'WITH', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE'),
    examples: ['SELECT 1', 'VALUES (1)', 'WITH c AS (SELECT 1) SELECT * FROM c', 'INSERT INTO rules_t VALUES (1)', 'DELETE FROM rules_t WHERE x = 2'],
  },
  {
    statement: 'CREATE TABLE, VIRTUAL TABLE, INDEX, VIEW or TRIGGER; DROP; ALTER TABLE',
    sqld: 'runs',
    matches: first('CREATE', 'DROP', 'ALTER TABLE'),
    examples: [
      'CREATE TABLE IF NOT EXISTS rules_u (x)',
      'CREATE TABLE temp.rules_lower (x)',
      'CREATE INDEX IF NOT EXISTS rules_u_x ON rules_u (x)',
      'CREATE VIEW IF NOT EXISTS rules_v AS SELECT 1',
      'ALTER TABLE rules_u ADD COLUMN y',
      'DROP VIEW rules_v',
    ],
  },
  {
    statement: 'BEGIN, COMMIT, END, ROLLBACK, SAVEPOINT, RELEASE',
    sqld: 'runs',
    matches: first('BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE'),
    examples: ['BEGIN', 'BEGIN IMMEDIATE', 'SAVEPOINT s'],
  },
];

/** Who may do something: either token, a Full Access token only, or no one. */
export type Who = 'any' | 'full' | 'none';

export interface PragmaRule {
  /**
   * What sqld does with `PRAGMA name` (`pragma_kind`): runs it with or without a value (`any`),
   * runs it only without one (`bare`: with a value it is unsupported), or never (`never`).
   */
  sqld: 'any' | 'bare' | 'never';
  /** Who may run it without a value (reading it, or running it when it is a command). */
  read: Who;
  /** Who may give it a value that sets it (only where sqld takes a value). */
  set: Who;
  /**
   * A value in parentheses or after `=` is an argument, not a setting: a table or index name, or
   * a value SQLite ignores. Such a pragma with a value is a read all the same.
   */
  argument?: 'table' | 'ignored';
  /** What setting it changes: the connection's own behaviour (it then serves no other stream) or the database's file. */
  scope?: 'connection' | 'database';
  /** A value to set it to in the tests; `argument`'s value to read it with. */
  example: string;
  /** Why the sandbox denies what sqld runs. */
  why?: string;
}

const bare = (example: string, why?: string): PragmaRule => ({ sqld: 'bare', read: 'any', set: 'none', example, ...(why ? { why } : {}) });
const info = (example = '1'): PragmaRule => ({ sqld: 'any', read: 'any', set: 'none', argument: 'ignored', example });
const ofTable = (example = 'pragma_target'): PragmaRule => ({ sqld: 'any', read: 'any', set: 'none', argument: 'table', example });
const never = (example = '1'): PragmaRule => ({ sqld: 'never', read: 'none', set: 'none', example });

/**
 * Every pragma sqld names, what sqld does with it, and who the sandbox lets run or set it. A
 * pragma not named here is unsupported (sqld's "Unknown pragma"). The tests are generated from
 * it (each pragma × Full Access and Read Only × without and with a value); a connection whose
 * stream set a connection-scope pragma is not pooled again, so no setting outlives its stream.
 */
export const PRAGMAS: Record<string, PragmaRule> = {
  // Read: "always ok to be served by primary or replicas - pure readonly pragmas".
  compile_options: info(),
  database_list: info(),
  function_list: info(),
  index_info: ofTable('pragma_target_index'),
  index_list: ofTable(),
  index_xinfo: ofTable('pragma_target_index'),
  module_list: info(),
  pragma_list: info(),
  table_info: ofTable(),
  table_list: ofTable(),
  table_xinfo: ofTable(),
  // "effectively readonly": a database is made before its first statement; its encoding stays the mock's (UTF-8).
  encoding: { sqld: 'any', read: 'any', set: 'none', example: "'UTF-8'", why: "the database's encoding is the mock's (UTF-8)" },
  schema_version: bare('99'),
  // Write: "always ok to be served by primary".
  collation_list: info(),
  data_version: info(),
  defer_foreign_keys: { sqld: 'any', read: 'any', set: 'full', scope: 'connection', example: '1' },
  foreign_key_check: ofTable(),
  foreign_key_list: ofTable(),
  foreign_keys: { sqld: 'any', read: 'any', set: 'full', scope: 'connection', example: '0' },
  freelist_count: info(),
  integrity_check: ofTable(),
  // Not pragmas of this SQLite (it ignores them): sqld names them.
  legacy_file_format: info(),
  page_count: info(),
  quick_check: ofTable(),
  stats: info(),
  user_version: { sqld: 'any', read: 'any', set: 'full', scope: 'database', example: '7' },
  // "ok to be served by primary without args".
  analysis_limit: bare('100'),
  application_id: bare('42'),
  auto_vacuum: bare('1'),
  automatic_index: bare('0'),
  busy_timeout: bare('5000'),
  cache_size: bare('-64000'),
  cache_spill: bare('0'),
  cell_size_check: bare('1'),
  checkpoint_fullfsync: bare('1'),
  fullfsync: bare('1'),
  hard_heap_limit: bare('1'),
  journal_mode: bare('delete'),
  journal_size_limit: bare('1'),
  legacy_alter_table: bare('1'),
  locking_mode: bare('exclusive'),
  max_page_count: bare('1000000'),
  mmap_size: bare('1000000'),
  page_size: bare('8192'),
  query_only: bare('1'),
  read_uncommitted: bare('1'),
  recursive_triggers: bare('0'),
  reverse_unordered_selects: bare('1'),
  secure_delete: bare('1'),
  soft_heap_limit: bare('1'),
  synchronous: bare('0'),
  temp_store: bare('1'),
  threads: bare('8'),
  trusted_schema: bare('1'),
  wal_autocheckpoint: bare('100'),
  // "changes the state of the connection, and can't be allowed rn".
  case_sensitive_like: never(),
  ignore_check_constraints: never(),
  incremental_vacuum: never(),
  optimize: never('2'),
  parser_trace: never(),
  shrink_memory: never(),
  wal_checkpoint: never('PASSIVE'),
};
