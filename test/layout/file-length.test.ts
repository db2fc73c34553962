// One job per file: no source file of a package is over 300 lines, data tables apart (generated
// types, which are read by the compiler rather than by people).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { lineCount, tsFiles } from '../support/import-graph.ts';

const MAX_LINES = 300;

/** Data tables, by package: files matching these may be longer, each with why. */
const TABLES: Record<string, { pattern: RegExp; why: string }[]> = {
  contracts: [{ pattern: /^generated\/[a-z-]+\.ts$/, why: "each area's types, written by openapi-typescript from its contract" }],
};

/** Every package of the repository. */
const PACKAGES = readdirSync(path.join(ROOT, 'packages'));

/** The source files of the package over the limit that are no table, relative to its src/. */
function longFiles(pkg: string): string[] {
  const src = path.join(ROOT, 'packages', pkg, 'src');
  return tsFiles(src).filter(
    (file) => !(TABLES[pkg] ?? []).some(({ pattern }) => pattern.test(file)) && lineCount(readFileSync(path.join(src, file), 'utf8')) > MAX_LINES,
  );
}

describe.each(PACKAGES)('packages/%s/src', (pkg) => {
  it(`has no file over ${MAX_LINES} lines (but tables)`, () => {
    expect(longFiles(pkg)).toEqual([]);
  });
});

it('counts lines as an editor does', () => {
  expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
});
