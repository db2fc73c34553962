// `pnpm sqllogictest`: the differential run of the mock's database against libSQL itself, on
// scripts in SQLite's sqllogictest format: each file on a fresh database of the mock (in process,
// through its HTTP door) and on libSQL's engine (the `libsql` package) behind sqld's statement
// rules, every record's answers compared (lib/libsql/reference.ts, lib/libsql/mock-sql.ts). The test
// corpus (test/areas/database/libsql-corpus/) runs in `pnpm test`; this script runs any files, such as
// SQLite's own sqllogictest corpus, too large for the tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createMock } from '@platform-contracts/mock';
import { staleSteps } from './build.ts';
import { parseScriptArgs, plural, usageError } from './lib/args.ts';
import { coveringDifference } from './lib/libsql/differences.ts';
import { agrees, freshDatabaseToken, runOnMock } from './lib/libsql/mock-sql.ts';
import { LibsqlReference } from './lib/libsql/reference.ts';
import { parseSlt } from './lib/libsql/sqllogictest.ts';
import { ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';
import { staleNote } from './mock.ts';

const CORPUS = path.join(ROOT, 'test/areas/database/libsql-corpus');
const spec = {
  usage: 'pnpm sqllogictest [file...] [--show N]',
  description: `Runs scripts in SQLite's sqllogictest format on the mock's database (the built mock: pnpm build first) and on libSQL's engine (the libsql package, behind sqld's statement rules), and compares every answer: rows, column names and declared types, changed rows, last rowid, error codes. Differences listed in scripts/lib/libsql/differences.ts are counted apart.`,
  positionals: { file: 'a sqllogictest script (default: every .slt file of test/areas/database/libsql-corpus/)' },
  options: {
    show: { type: 'string', value: 'N', default: '20', description: 'print at most N differences in full, each with both answers' },
  },
  epilogue: 'Exit codes: 0 no difference but listed ones, 1 a difference not listed (or a file that cannot be read), 2 usage error.',
} as const;

const { values, positionals } = parseScriptArgs(spec);
const show = Number(values.show);
if (!Number.isInteger(show) || show < 0) usageError(spec, `--show takes a whole number of differences, not ${values.show}`);
const files =
  positionals.length > 0
    ? positionals
    : readdirSync(CORPUS)
        .filter((file) => file.endsWith('.slt'))
        .sort()
        .map((file) => path.join(CORPUS, file));
// The built mock runs here, as `pnpm mock` runs it: say so when its build is older than its sources.
process.stderr.write(staleNote(staleSteps()));
const mock = await createMock({ areas: ['database'] });
let unlisted = 0;
let shown = 0;
try {
  for (const [index, file] of files.entries()) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      fail(`cannot read ${file}: ${(error as Error).message}`);
    }
    const records = parseSlt(text);
    const reference = new LibsqlReference();
    const expected = records.map((record) => reference.run(record.sql));
    reference.close();
    const token = await freshDatabaseToken(mock.fetch, mock.url, `sqllogictest-${index}`);
    const answers = await runOnMock(
      mock.fetch,
      mock.url,
      token,
      records.map((record) => record.sql),
    );
    let listed = 0;
    let differing = 0;
    for (const [at, record] of records.entries()) {
      if (agrees(expected[at]!, answers[at]!)) continue;
      if (coveringDifference(answers[at]!, expected[at]!)) listed++;
      else {
        differing++;
        if (shown++ < show)
          console.log(
            `${path.relative(process.cwd(), file)}:${record.line}: ${record.sql}\n  mock:   ${JSON.stringify(answers[at])}\n  libSQL: ${JSON.stringify(expected[at])}`,
          );
      }
    }
    unlisted += differing;
    console.log(`${path.relative(process.cwd(), file)}: ${plural(records.length, 'record')}, ${differing} differing, ${listed} listed differences`);
  }
} finally {
  await mock.close();
}
if (unlisted > 0) fail(`${plural(unlisted, 'answer')} of the mock differ from libSQL's`);
