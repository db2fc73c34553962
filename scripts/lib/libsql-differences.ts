// The one table of the differential test's known differences: where the mock answers a
// statement otherwise than libSQL (its engine, behind sqld's rules), and why. A difference that
// is not here fails the test; a row here is checked in turn: its statement is in the corpus
// (test/contract/libsql-corpus/) and the mock still answers it as the row says (a row the mock
// no longer needs fails, so the table cannot outlive its reason). The generated run
// (database-libsql-generated.test.ts) never writes these statements.
import type { Outcome } from './libsql-reference.ts';

export interface KnownDifference {
  /** The statement, exactly as the corpus writes it. */
  sql: string;
  /** What the mock answers: its error code, or `ok`. */
  mock: string;
  /** Why the mock may not answer as libSQL does. */
  reason: string;
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  {
    sql: "SELECT load_extension('libsomething')",
    mock: 'SQLITE_AUTH',
    reason:
      "the sandbox denies what reaches outside the database (an extension is code from the host's disk); libSQL's engine refuses it too, as 'not authorized' (SQLITE_UNKNOWN), since extension loading is off",
  },
];

/** The row for a statement, if the table has one. */
export const knownDifference = (sql: string) => KNOWN_DIFFERENCES.find((row) => row.sql === sql);

/** Whether the mock's outcome is the one the row says. */
export const isAsListed = (row: KnownDifference, mock: Outcome) => (mock.ok ? 'ok' : mock.code) === row.mock;
