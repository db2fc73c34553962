// One job per file: no source file of a package, nor of scripts/, is over 300 lines, data tables
// apart (generated types, which are read by the compiler rather than by people; a rule table).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { lineCount, tsFiles } from '../support/import-graph.ts';

const MAX_LINES = 300;

type Tables = { pattern: RegExp; why: string }[];

/** Data tables, by folder checked: files matching these may be longer, each with why. */
const TABLES: Record<string, Tables> = {
  'packages/contracts/src': [{ pattern: /^generated\/[a-z-]+\.ts$/, why: "each area's types, written by openapi-typescript from its contract" }],
  scripts: [{ pattern: /^lib\/breaking\/rules\.ts$/, why: 'the breaking-change rules, one table of ids, levels and sentences' }],
};

/** Every folder checked: each package's sources, and scripts/. */
const CHECKED = [...readdirSync(path.join(ROOT, 'packages')).map((pkg) => `packages/${pkg}/src`), 'scripts'];

/** The source files under `dir` over the limit that are no table, relative to it. */
function longFiles(dir: string, tables: Tables = []): string[] {
  return tsFiles(dir).filter((file) => !tables.some(({ pattern }) => pattern.test(file)) && lineCount(readFileSync(path.join(dir, file), 'utf8')) > MAX_LINES);
}

describe.each(CHECKED)('%s', (dir) => {
  it(`has no file over ${MAX_LINES} lines (but tables)`, () => {
    expect(longFiles(path.join(ROOT, dir), TABLES[dir])).toEqual([]);
  });
});

describe('the length check', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-length-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lines = (n: number) => 'const x = 1;\n'.repeat(n);

  it.each([
    ['a file over the limit, at any depth', { 'a/b/long.ts': lines(MAX_LINES + 1), 'short.ts': lines(MAX_LINES) }, ['a/b/long.ts']],
    ['a table over the limit', { 'lib/breaking/rules.ts': lines(MAX_LINES + 1) }, []],
    ['a file that only looks like a table', { 'lib/breaking/rules-more.ts': lines(MAX_LINES + 1) }, ['lib/breaking/rules-more.ts']],
  ])('refuses %s', (_name, files, expected) => {
    const root = mkdtempSync(path.join(dir, 'case-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    expect(longFiles(root, TABLES.scripts)).toEqual(expected);
  });

  it('counts lines as an editor does', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });
});
