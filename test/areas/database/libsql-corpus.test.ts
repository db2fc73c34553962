// The mock's database held to libSQL itself, on a corpus in SQLite's sqllogictest format
// (test/areas/database/libsql-corpus/*.slt): ALTER TABLE in all its forms and the table rebuild,
// vectors and vector_top_k, the engine's version, number text, functions and modules, and
// sqld's rules for what it refuses. Each script runs on a fresh database of the mock (its HTTP
// door, in process) and on libSQL's engine (the `libsql` package) behind sqld's rules
// (scripts/lib/libsql/reference.ts); every record's answers must agree (rows, column names and
// declared types, changed rows, last rowid, error code and SQLite's message), and libSQL must
// answer as the script expects. Differences are allowed only as a row of
// scripts/lib/libsql/differences.ts covers them, and each row's own statement must still differ.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coveringDifference, isAsListed, KNOWN_DIFFERENCES, knownDifference } from '../../../scripts/lib/libsql/differences.ts';
import { agrees, freshDatabaseToken, runOnMock } from '../../../scripts/lib/libsql/mock-sql.ts';
import { LibsqlReference, type Outcome } from '../../../scripts/lib/libsql/reference.ts';
import { parseSlt, printedRows, type SltRecord } from '../../../scripts/lib/libsql/sqllogictest.ts';
import { useMock } from '../../support/mock.ts';

const CORPUS = path.join(import.meta.dirname, 'libsql-corpus');
const scripts = readdirSync(CORPUS)
  .filter((file) => file.endsWith('.slt'))
  .sort();
const mock = useMock(['database']);

it('the reference is the platform’s engine: libSQL 3.45.1', () => expect(LibsqlReference.version()).toBe('3.45.1'));

describe.each(scripts)('%s', (script) => {
  const records = parseSlt(readFileSync(path.join(CORPUS, script), 'utf8'));
  const answers: { reference: Outcome; mock: Outcome }[] = [];

  beforeAll(async () => {
    const reference = new LibsqlReference();
    const expected = records.map((record) => reference.run(record.sql));
    reference.close();
    const token = await freshDatabaseToken(mock.fetch, mock.url, `libsql-corpus-${script}`);
    const got = await runOnMock(
      mock.fetch,
      mock.url,
      token,
      records.map((record) => record.sql),
    );
    answers.push(...expected.map((outcome, index) => ({ reference: outcome, mock: got[index]! })));
  });
  afterAll(() => void answers.splice(0));

  it.each(records.map((record, index) => [`line ${record.line}: ${record.sql.split('\n')[0]}`, record, index] as const))(
    '%s',
    (_name, record: SltRecord, index) => {
      const { reference, mock: answer } = answers[index]!;
      // libSQL answers as the script expects.
      if (record.kind === 'statement') expect(reference.ok ? 'ok' : 'error', JSON.stringify(reference)).toBe(record.expect);
      else {
        expect(reference.ok, JSON.stringify(reference)).toBe(true);
        if (reference.ok) expect(printedRows(reference.rows, record.types, record.sort)).toEqual(record.expected);
      }
      // The mock answers as libSQL does, or as the table of differences says.
      if (!agrees(reference, answer) && !coveringDifference(answer, reference)) expect(JSON.stringify(answer)).toBe(JSON.stringify(reference));
      // A row's own statement still differs, as the row describes.
      const listed = knownDifference(record.sql);
      if (listed) {
        expect(agrees(reference, answer), `listed, but the mock now answers as libSQL: ${JSON.stringify(answer)}`).toBe(false);
        expect(isAsListed(listed, answer, reference), `listed as ${listed.mock}: the mock answered ${JSON.stringify(answer)}`).toBe(true);
      }
    },
  );
});

it('lists only differences the corpus runs', () => {
  const statements = new Set(scripts.flatMap((script) => parseSlt(readFileSync(path.join(CORPUS, script), 'utf8')).map((record) => record.sql)));
  expect(KNOWN_DIFFERENCES.filter((row) => !statements.has(row.sql)).map((row) => row.sql)).toEqual([]);
});
