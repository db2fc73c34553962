// The public API gate (scripts/api-report.ts): a package whose fresh API report differs from its
// committed etc/<package>.api.md fails, saying to add a changeset when none names the package,
// and that the report is stale when one does; the reports committed match the built packages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namedByChangesets, reportProblems } from '../../scripts/api-report.ts';
import { scopedName } from '../../scripts/lib/paths.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'api-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('namedByChangesets', () => {
  it('reads the packages each changeset names in its front matter, quoted or not, and skips the README', () => {
    writeFileSync(path.join(dir, 'a.md'), `---\n"${scopedName('mock')}": minor\n${scopedName('client')}: patch\n---\n\nThe note: not a package.\n`);
    writeFileSync(path.join(dir, 'README.md'), `---\n"${scopedName('contracts')}": major\n---\n`);
    expect([...namedByChangesets(dir)].sort()).toEqual([scopedName('client'), scopedName('mock')]);
  });
});

const CASES: [string, string | undefined, string[], RegExp | undefined][] = [
  ['the same report', 'API', [], undefined],
  ['a changed report and no changeset', 'OLD', [], /public API of @[^ ]+\/mock changed .* no changeset names it/],
  ['a changed report and a changeset naming another package', 'OLD', [scopedName('client')], /no changeset names it/],
  ['a changed report and a changeset naming the package', 'OLD', [scopedName('mock')], /etc\/mock\.api\.md is stale: run `pnpm api-report --update`/],
  ['no committed report', undefined, [scopedName('mock')], /stale/],
];

describe('reportProblems', () => {
  it.each(CASES)('%s', (_name, committed, named, problem) => {
    const problems = reportProblems(new Map([['mock', 'API']]), () => committed, new Set(named));
    if (problem) expect(problems).toEqual([expect.stringMatching(problem)]);
    else expect(problems).toEqual([]);
  });
});
