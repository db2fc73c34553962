// The one table of the differential test's known differences: where the mock answers a
// statement otherwise than libSQL (the `libsql` package's engine, behind sqld's rules), and why.
// A difference that no row covers fails the tests. Each row names a statement of the corpus
// (test/areas/database/libsql-corpus/), where the difference must still show, as the row describes it
// (a row the mock no longer needs fails, so the table cannot outlive its reason); `covers`
// recognises the same difference in any statement (the generated run, pnpm sqllogictest).
import type { Outcome, Value } from './reference.ts';

export interface KnownDifference {
  /** A statement of the corpus that shows it, exactly as the corpus writes it. */
  sql: string;
  /** What the mock answers: its error code, or `ok`. */
  mock: string;
  /** Why the mock may not answer as libSQL does. */
  reason: string;
  /** Whether two differing answers (the mock's, libSQL's) are this difference. */
  covers(mock: Outcome, libsql: Outcome): boolean;
}

const failed = (outcome: Outcome, code: string, message: RegExp) => !outcome.ok && outcome.code === code && message.test(outcome.message ?? '');
const sameShape = (a: Outcome, b: Outcome): a is Outcome & { ok: true } =>
  a.ok && b.ok && JSON.stringify(a.cols) === JSON.stringify(b.cols) && a.rows.length === b.rows.length;

/** Whether the two answers differ in their rows' values, and only where `differ` allows, value by value. */
function rowsDifferOnlyWhere(mock: Outcome, libsql: Outcome, differ: (a: Value, b: Value, column: number) => boolean): boolean {
  if (!sameShape(mock, libsql) || !libsql.ok || mock.affected !== libsql.affected || mock.lastInsertRowid !== libsql.lastInsertRowid) return false;
  let differing = 0;
  const allowed = mock.rows.every((row, r) =>
    row.every((value, c) => {
      if (JSON.stringify(value) === JSON.stringify(libsql.rows[r]![c])) return true;
      differing++;
      return differ(value, libsql.rows[r]![c]!, c);
    }),
  );
  return allowed && differing > 0;
}

/** Two texts that write the same floats, but for trailing digits: every number in them reads back as the same double. */
function sameFloatsWritten(a: Value, b: Value): boolean {
  if (a.type !== 'text' || b.type !== 'text') return false;
  const number = /-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi;
  const skeleton = (text: string) => text.replace(number, '#');
  const numbers = (text: string) => (text.match(number) ?? []).map(Number);
  return skeleton(a.value) === skeleton(b.value) && JSON.stringify(numbers(a.value)) === JSON.stringify(numbers(b.value));
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  {
    sql: "SELECT load_extension('libsomething')",
    mock: 'SQL_INPUT_ERROR',
    reason:
      'refused on both: the WebAssembly build is compiled without extension loading (SQLITE_OMIT_LOAD_EXTENSION), so the function does not exist ("no such function"); libSQL\'s native engine has it and refuses it ("not authorized", SQLITE_UNKNOWN)',
    covers: (mock, libsql) => failed(mock, 'SQL_INPUT_ERROR', /^no such function: load_extension$/) && failed(libsql, 'SQLITE_UNKNOWN', /^not authorized$/),
  },
  {
    sql: 'DETACH other',
    mock: 'SQLITE_AUTH',
    reason:
      "the sandbox denies ATTACH and DETACH whatever they name (the mock's databases reach no other); sqld hands DETACH to its engine, which fails as nothing is attached",
    covers: (mock, libsql) => failed(mock, 'SQLITE_AUTH', /^DETACH is not allowed/) && failed(libsql, 'SQLITE_UNKNOWN', /^no such database: /),
  },
  {
    sql: 'SELECT 1e308 * 10',
    mock: 'VALUE_NOT_REPRESENTABLE',
    reason:
      "an infinite float: sqld writes it as `\"value\": null`, which the contract's SqlFloat does not allow and libSQL's clients refuse on reading; the mock answers an error instead (the database contract's table of differences, openapi/database/openapi.yaml)",
    covers: (mock, libsql) =>
      failed(mock, 'VALUE_NOT_REPRESENTABLE', /cannot be carried by JSON/) &&
      libsql.ok &&
      libsql.rows.some((row) => row.some((value) => value.type === 'float' && value.value === null)),
  },
  {
    sql: 'PRAGMA busy_timeout',
    mock: 'ok',
    reason:
      "the mock waits for another stream's write lock itself, outside SQLite, so SQLite's own busy timeout is 0; the `libsql` package sets 5000 ms, sqld's connections 100 ms (libsql-sys/src/connection.rs at f8fb14f)",
    covers: (mock, libsql) =>
      rowsDifferOnlyWhere(mock, libsql, (a, b) => a.type === 'integer' && a.value === '0' && b.type === 'integer') &&
      mock.ok &&
      mock.cols[0]?.name === 'timeout',
  },
  {
    sql: 'PRAGMA encoding',
    mock: 'ok',
    reason:
      'the WebAssembly build leaves UTF-16 out (SQLITE_OMIT_UTF16) and the encoding pragma with it, which SQLite then ignores as unknown: no columns, no rows; every database is UTF-8 all the same',
    covers: (mock, libsql) =>
      mock.ok && mock.cols.length === 0 && mock.rows.length === 0 && libsql.ok && JSON.stringify(libsql.rows) === '[[{"type":"text","value":"UTF-8"}]]',
  },
  {
    sql: 'EXPLAIN SELECT * FROM r',
    mock: 'ok',
    reason: "the WebAssembly build is compiled with SQLITE_ENABLE_EXPLAIN_COMMENTS: EXPLAIN's `comment` column is filled, where the native engine's is null",
    covers: (mock, libsql) =>
      rowsDifferOnlyWhere(mock, libsql, (a, b, column) => column === 7 && b.type === 'null' && a.type === 'text') &&
      mock.ok &&
      mock.cols[7]?.name === 'comment',
  },
  {
    sql: "SELECT soundex('Robert')",
    mock: 'SQL_INPUT_ERROR',
    reason: "the WebAssembly build is compiled without SQLITE_SOUNDEX, which libSQL's native builds (and sqld's, libsql-ffi/build.rs) have",
    covers: (mock, libsql) => failed(mock, 'SQL_INPUT_ERROR', /^no such function: soundex$/) && libsql.ok,
  },
  {
    sql: 'SELECT quote(3.549251270005455e+195)',
    mock: 'ok',
    reason:
      "a float's text where 15 digits do not give it back (quote(), printf's `!` flag): SQLite writes the digits its `long double` carries, 80 bits on the platform's x86-64 (about 19 digits), 128 bits in WebAssembly (the float's shortest exact text); both texts read back as the same float",
    covers: (mock, libsql) => rowsDifferOnlyWhere(mock, libsql, sameFloatsWritten),
  },
];

/** The row for a statement of the corpus, if the table has one. */
export const knownDifference = (sql: string) => KNOWN_DIFFERENCES.find((row) => row.sql === sql);

/** The row that covers two differing answers, if any. */
export const coveringDifference = (mock: Outcome, libsql: Outcome) => KNOWN_DIFFERENCES.find((row) => row.covers(mock, libsql));

/** Whether the mock's outcome is the one the row says. */
export const isAsListed = (row: KnownDifference, mock: Outcome, libsql: Outcome) => (mock.ok ? 'ok' : mock.code) === row.mock && row.covers(mock, libsql);
