// The public API gate (scripts/api-report.ts): a package whose fresh API report differs from its
// committed etc/<package>.api.md fails, saying to add a changeset when none names the package,
// that the bump is too small for it when the changesets give less than it needs (an export added:
// minor, removed: major), and that the report is stale otherwise; the reports committed match the built packages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportProblems } from '../../scripts/api-report.ts';
import { scopedName } from '../../scripts/lib/paths.ts';
import { type Bump, bumpsOfChangesets, exportedNames } from '../../scripts/lib/release/api-bump.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'api-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bumpsOfChangesets', () => {
  it('reads the highest bump each changeset gives a package in its front matter, quoted or not, and skips the README', () => {
    writeFileSync(path.join(dir, 'a.md'), `---\n"${scopedName('mock')}": minor\n${scopedName('client')}: patch\n---\n\nThe note: not a package.\n`);
    writeFileSync(path.join(dir, 'b.md'), `---\n'${scopedName('mock')}': patch\n${scopedName('client')}: major\n---\n`);
    writeFileSync(path.join(dir, 'README.md'), `---\n"${scopedName('contracts')}": major\n---\n`);
    expect([...bumpsOfChangesets(dir)].sort()).toEqual([
      [scopedName('client'), 'major'],
      [scopedName('mock'), 'minor'],
    ]);
  });
});

/** An API report as API Extractor writes one, exporting these names (a `ns.name` inside a subpath's namespace). */
const report = (...names: string[]) =>
  [
    ...names.filter((name) => !name.includes('.')).map((name) => `// @public (undocumented)\nexport function ${name}(): void;\n`),
    ...names
      .filter((name) => name.includes('.'))
      .map((name) => `declare namespace ${name.split('.')[0]} {\n    export {\n        ${name.split('.')[1]}\n    }\n}\n`),
  ].join('\n');

describe('exportedNames', () => {
  it('reads declarations, export lists and subpath namespaces, not members', () => {
    const text = `${report('a', 'vitest.b')}\nexport interface C {\n    export: string;\n}\nexport { D, E as F }\nexport type { G }\n`;
    expect([...exportedNames(text)].sort()).toEqual(['C', 'D', 'F', 'G', 'a', 'vitest.b']);
  });
});

const MOCK = scopedName('mock');
/** name, committed report, fresh report, the pending changesets' bumps, the problem (none when undefined). */
const CASES: [string, string | undefined, string, [string, Bump][], RegExp | undefined][] = [
  ['the same report', report('a'), report('a'), [], undefined],
  ['a changed report and no changeset', report('a'), `${report('a')}// x`, [], /public API of @[^ ]+\/mock changed .* no changeset names it/],
  ['a changed report and a changeset naming another package', report('a'), `${report('a')}// x`, [[scopedName('client'), 'major']], /no changeset names it/],
  ['a changed signature and a patch', report('a'), `${report('a')}// x`, [[MOCK, 'patch']], /etc\/mock\.api\.md is stale: run `pnpm api-report --update`/],
  [
    'a new export and a patch',
    report('a'),
    report('a', 'b'),
    [[MOCK, 'patch']],
    /mock adds b: a minor change at least, and the pending changesets give it patch/,
  ],
  ['a new export in a subpath and a patch', report('a'), report('a', 'vitest.b'), [[MOCK, 'patch']], /adds vitest\.b: a minor change/],
  ['a new export and a minor', report('a'), report('a', 'b'), [[MOCK, 'minor']], /stale/],
  ['a new export and a major', report('a'), report('a', 'b'), [[MOCK, 'major']], /stale/],
  [
    'a removed export and a minor',
    report('a', 'b'),
    report('a'),
    [[MOCK, 'minor']],
    /mock removes b: a major change at least, and the pending changesets give it minor/,
  ],
  ['a removed and an added export and a minor', report('a', 'b'), report('a', 'c'), [[MOCK, 'minor']], /removes b and adds c: a major change/],
  ['a removed export and a major', report('a', 'b'), report('a'), [[MOCK, 'major']], /stale/],
  ['no committed report and a patch', undefined, report('a'), [[MOCK, 'patch']], /stale/],
];

describe('reportProblems', () => {
  it.each(CASES)('%s', (_name, committed, fresh, bumps, problem) => {
    const problems = reportProblems(new Map([['mock', fresh]]), () => committed, new Map(bumps));
    if (problem) expect(problems).toEqual([expect.stringMatching(problem)]);
    else expect(problems).toEqual([]);
  });
});
