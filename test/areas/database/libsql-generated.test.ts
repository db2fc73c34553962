// The mock's database held to libSQL itself on generated SQL (test/support/sql-statements.ts):
// schemas and statements, DDL included (ALTER TABLE in all its forms, views, triggers, indexes,
// STRICT and WITHOUT ROWID tables, vectors and vector indexes), each script run on a fresh
// database of the mock (its HTTP door, in process) and on libSQL's engine behind sqld's rules
// (scripts/lib/libsql/reference.ts), every answer compared; a difference passes only if a row of
// scripts/lib/libsql/differences.ts covers it. The seed is fixed; a failure names
// it and the path: replay with LIBSQL_DIFF_SEED=<seed> LIBSQL_DIFF_PATH=<path>, shrink with
// LIBSQL_DIFF_SHRINK=1, run longer with LIBSQL_DIFF_RUNS=<n>.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coveringDifference } from '../../../scripts/lib/libsql/differences.ts';
import { agrees, freshDatabaseToken, runOnMock } from '../../../scripts/lib/libsql/mock-sql.ts';
import { LibsqlReference, type Outcome } from '../../../scripts/lib/libsql/reference.ts';
import { useMock } from '../../support/mock.ts';
import { script } from '../../support/sql-statements.ts';

const SEED = Number(process.env.LIBSQL_DIFF_SEED ?? 54);
const RUNS = Number(process.env.LIBSQL_DIFF_RUNS ?? 30);
const mock = useMock(['database']);

describe('generated schemas and statements', () => {
  it('answer on the mock as on libSQL', { timeout: 120_000 }, async () => {
    let runs = 0;
    const counts = { statements: 0, ran: 0, alters: 0, altersRan: 0 };
    await fc.assert(
      fc.asyncProperty(script, async (statements) => {
        const reference = new LibsqlReference();
        let expected: Outcome[];
        try {
          expected = statements.map((sql) => reference.run(sql));
        } finally {
          reference.close();
        }
        const token = await freshDatabaseToken(mock.fetch, mock.url, `libsql-generated-${runs++}`);
        const answers = await runOnMock(mock.fetch, mock.url, token, statements);
        for (const [at, sql] of statements.entries()) {
          counts.statements++;
          if (expected[at]!.ok) counts.ran++;
          if (sql.startsWith('ALTER')) counts.alters++, expected[at]!.ok && counts.altersRan++;
          if (!agrees(expected[at]!, answers[at]!) && !coveringDifference(answers[at]!, expected[at]!))
            throw new Error(
              `statement ${at + 1} of ${statements.length}: ${sql}\n  mock:   ${JSON.stringify(answers[at])}\n  libSQL: ${JSON.stringify(expected[at])}\nscript:\n${statements.join(';\n')}`,
            );
        }
      }),
      {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: process.env.LIBSQL_DIFF_SHRINK !== '1',
        ...(process.env.LIBSQL_DIFF_PATH ? { path: process.env.LIBSQL_DIFF_PATH } : {}),
      },
    );
    // The generator reaches the engine: a good share of statements and of ALTER TABLEs run on libSQL.
    if (!process.env.LIBSQL_DIFF_PATH) {
      expect(counts.ran / counts.statements).toBeGreaterThan(0.3);
      expect(counts.altersRan).toBeGreaterThan(RUNS / 4);
    }
  });
});
