// What libSQL's server (sqld) refuses before its engine sees a statement, as the differential
// test's reference: sqld classifies every statement (libsql-server/src/query_analysis.rs,
// `StmtKind::kind` and `StmtKind::pragma_kind`) and answers one it gives no kind with
// SQL_PARSE_ERROR, "SQL string could not be parsed: unsupported statement: <the SQL text>"
// (libsql-server/src/hrana/stmt.rs, `StmtError::SqlParse`). Read at libSQL's commit f8fb14f
// (2026-08-11); query_analysis.rs last changed at 1e809f2 (2024-08-20), so these rules hold for
// every sqld since, REINDEX included (allowed since 4c3f5fc, 2024-07-25). Written from reading,
// independently of the mock's own rules; nothing of sqld's code is copied.

// Read from libsql-server/src/query_analysis.rs at tursodatabase/libsql f8fb14f (unchanged since 1e809f2).

/** Pragmas sqld runs whatever their argument (`Read` and primary-only `Write` kinds). */
const PRAGMAS_ANY_FORM = new Set([
  'table_list',
  'index_list',
  'table_info',
  'table_xinfo',
  'index_info',
  'index_xinfo',
  'pragma_list',
  'compile_options',
  'database_list',
  'function_list',
  'module_list',
  'encoding',
  'defer_foreign_keys',
  'foreign_keys',
  'foreign_key_list',
  'foreign_key_check',
  'collation_list',
  'data_version',
  'freelist_count',
  'integrity_check',
  'legacy_file_format',
  'page_count',
  'quick_check',
  'stats',
  'user_version',
]);

/** Pragmas sqld runs only as a read (no `= value`, no `(value)`); set, they are unsupported. */
const PRAGMAS_READ_ONLY_FORM = new Set([
  'schema_version',
  'analysis_limit',
  'application_id',
  'auto_vacuum',
  'automatic_index',
  'busy_timeout',
  'cache_size',
  'cache_spill',
  'cell_size_check',
  'checkpoint_fullfsync',
  'fullfsync',
  'hard_heap_limit',
  'journal_mode',
  'journal_size_limit',
  'legacy_alter_table',
  'locking_mode',
  'max_page_count',
  'mmap_size',
  'page_size',
  'query_only',
  'read_uncommitted',
  'recursive_triggers',
  'reverse_unordered_selects',
  'secure_delete',
  'soft_heap_limit',
  'synchronous',
  'temp_store',
  'threads',
  'trusted_schema',
  'wal_autocheckpoint',
]);

/** Tables sqld keeps for itself: writes, drops and ALTERs of them are unsupported. */
const RESERVED_TABLES = new Set(['_litestream_seq', '_litestream_lock', 'libsql_wasm_func_table']);

export type SqldVerdict = 'runs' | 'unsupported';

/** The statement's words and punctuation, comments and blanks left out; quoted names unquoted. */
function tokens(sql: string): string[] {
  const out: string[] = [];
  const pattern = /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|[A-Za-z_][\w$]*|\d[\w.]*|[\s\S]/g;
  for (const [token] of sql.matchAll(pattern)) {
    if (/^(\s|--|\/\*)/.test(token)) continue;
    if (/^["`[]/.test(token)) out.push(`"${token.slice(1, -1)}`);
    else out.push(token);
  }
  return out;
}

const word = (token: string | undefined) => (token && /^[A-Za-z_]/.test(token) ? token.toUpperCase() : token);
const nameOf = (token: string | undefined) => (token?.startsWith('"') ? token.slice(1) : (token ?? '')).toLowerCase();

/** The table a statement names at `at` (`schema.table` or `table`). */
function tableAt(list: string[], at: number): string {
  return list[at + 1] === '.' ? nameOf(list[at + 2]) : nameOf(list[at]);
}

/** Index of the statement's main word after a `WITH` clause starting at `at`. */
function afterWith(list: string[], at: number): number {
  let depth = 0;
  for (let i = at + 1; i < list.length; i++) {
    const token = list[i]!;
    if (token === '(') depth++;
    else if (token === ')') depth--;
    else if (depth === 0 && ['SELECT', 'VALUES', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE'].includes(word(token)!)) return i;
  }
  return list.length;
}

function pragmaVerdict(list: string[], at: number): SqldVerdict {
  const name = list[at + 1] === '.' ? nameOf(list[at + 2]) : nameOf(list[at]);
  const next = list[at + (list[at + 1] === '.' ? 3 : 1)];
  const hasBody = next === '=' || next === '(';
  if (PRAGMAS_ANY_FORM.has(name)) return 'runs';
  if (PRAGMAS_READ_ONLY_FORM.has(name) && !hasBody) return 'runs';
  return 'unsupported';
}

/** Whether sqld runs one statement (hands it to its engine) or answers it "unsupported statement". */
export function sqldVerdict(sql: string): SqldVerdict {
  return verdictOf(tokens(sql));
}

function verdictOf(list: string[]): SqldVerdict {
  const at = (i: number) => word(list[i]);
  const reserved = (i: number) => (RESERVED_TABLES.has(tableAt(list, i)) ? 'unsupported' : 'runs');
  switch (at(0)) {
    case 'EXPLAIN':
      return at(1) === 'PRAGMA' ? pragmaVerdict(list, 2) : 'runs';
    case 'BEGIN':
    case 'COMMIT':
    case 'END':
    case 'ROLLBACK':
    case 'SAVEPOINT':
    case 'RELEASE':
    case 'SELECT':
    case 'VALUES':
    case 'DETACH':
    case 'REINDEX':
      return 'runs';
    case 'CREATE': {
      if (at(1) === 'TEMP' || at(1) === 'TEMPORARY') return 'unsupported';
      if (at(1) === 'TABLE') {
        const name = at(2) === 'IF' ? 5 : 2;
        return list[name + 1] === '.' && list[name] === 'TEMP' ? 'unsupported' : 'runs';
      }
      return ['VIRTUAL', 'INDEX', 'UNIQUE', 'TRIGGER', 'VIEW'].includes(at(1)!) ? 'runs' : 'unsupported';
    }
    case 'INSERT':
    case 'REPLACE': {
      const into = list.findIndex((token) => word(token) === 'INTO');
      return into < 0 ? 'unsupported' : reserved(into + 1);
    }
    case 'UPDATE':
      return reserved(at(1) === 'OR' ? 3 : 1);
    case 'DELETE':
      return reserved(2);
    case 'DROP':
      return at(1) === 'TABLE' ? reserved(at(2) === 'IF' ? 4 : 2) : ['INDEX', 'TRIGGER', 'VIEW'].includes(at(1)!) ? 'runs' : 'unsupported';
    case 'ALTER':
      return reserved(2);
    case 'PRAGMA':
      return pragmaVerdict(list, 1);
    case 'WITH': {
      const main = afterWith(list, 0);
      if (main >= list.length) return 'unsupported';
      return verdictOf(list.slice(main));
    }
    case 'ATTACH': {
      // sqld attaches another namespace named by an identifier; a file name (a string) has no kind.
      const what = at(1) === 'DATABASE' ? list[2] : list[1];
      return what && /^[A-Za-z_"]/.test(what) ? 'runs' : 'unsupported';
    }
    default:
      return 'unsupported'; // VACUUM, ANALYZE, and anything sqld's parser gives no kind
  }
}

/** What sqld reports for a statement: whether it counts changed rows and the last rowid (connection/program.rs). */
export function sqldCounts(sql: string): { changes: boolean; rowid: boolean } {
  const list = tokens(sql);
  const main = word(list[0]) === 'WITH' ? afterWith(list, 0) : 0;
  const first = word(list[main]);
  const insert = first === 'INSERT' || first === 'REPLACE';
  return { changes: insert || first === 'UPDATE' || first === 'DELETE', rowid: insert };
}
