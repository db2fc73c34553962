// No dead export: every export of a package's sources and of scripts/ is imported somewhere
// (packages, their generated files included, scripts, tests, benchmarks), but a package's entry points, whose exports are its
// public API (package.json's `exports` and `bin`; what they re-export is used). An export nothing
// imports is written without `export`, or deleted when its own file does not use it either.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { deadExports } from '../support/dead-exports.ts';

/**
 * Folders whose dead exports wait, each with why: a folder another engineer is moving. None waits
 * now (the database area's was the last, branch sqlsplit).
 */
const WAITING: { folder: string; why: string }[] = [];

const SKIPPED = /[/\\](node_modules|dist)([/\\]|$)/;
const GENERATED = /[/\\]generated[/\\]/;
const filesUnder = (dir: string, pattern = /\.(m?ts|m?js)$/) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && pattern.test(entry.name) && !SKIPPED.test(entry.parentPath))
        .map((entry) => path.join(entry.parentPath, entry.name))
    : [];

const PACKAGES = readdirSync(path.join(ROOT, 'packages')).map((pkg) => path.join(ROOT, 'packages', pkg));

/** A package's entry points: what its `exports` map names for the sources (the `development` condition). */
function entryPoints(pkg: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  return Object.values(manifest.exports ?? {}).flatMap((target) => {
    const source = typeof target === 'object' && target !== null ? (target as { development?: string }).development : undefined;
    return source && !source.includes('*') ? [path.join(pkg, source)] : [];
  });
}

const CHECKED = [...PACKAGES.flatMap((pkg) => filesUnder(path.join(pkg, 'src'), /\.ts$/)), ...filesUnder(path.join(ROOT, 'scripts'), /\.ts$/)].filter(
  (file) => !GENERATED.test(file),
);
const READERS = [
  ...PACKAGES.flatMap((pkg) => [...filesUnder(path.join(pkg, 'bin')), ...filesUnder(path.join(pkg, 'src')).filter((file) => GENERATED.test(file))]),
  ...filesUnder(path.join(ROOT, 'test')),
  ...filesUnder(path.join(ROOT, 'bench')),
  path.join(ROOT, 'vitest.config.ts'),
];
const ENTRIES = new Set(PACKAGES.flatMap(entryPoints));
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

describe('packages/ and scripts/', () => {
  const dead = deadExports(CHECKED, READERS, ENTRIES, relative);
  const waiting = (finding: string) => WAITING.some(({ folder }) => finding.startsWith(folder));

  it('export nothing that nothing imports', () => {
    expect(dead.filter((finding) => !waiting(finding))).toEqual([]);
  });

  it.each(WAITING.map((row) => [row.folder, row.why]))('%s still exists (%s)', (folder) => {
    expect(existsSync(path.join(ROOT, folder)), 'the folder is gone: remove its row from WAITING').toBe(true);
  });
});

describe('the dead-export check refuses a planted case', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dead-exports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const plant = (files: Record<string, string>, entries: string[] = []) => {
    const root = mkdtempSync(path.join(dir, 'case-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const all = Object.keys(files).map((file) => path.join(root, file));
    const checked = all.filter((file) => file.includes(`${path.sep}src${path.sep}`));
    const readers = all.filter((file) => !checked.includes(file));
    return deadExports(checked, readers, new Set(entries.map((file) => path.join(root, file))), (file) => path.relative(root, file));
  };

  it.each([
    [
      'a function nothing imports',
      { 'src/a.ts': 'export function a() {}\nexport const b = 1;', 'test/t.ts': "import { b } from '../src/a.ts';" },
      [],
      ['src/a.ts: a'],
    ],
    [
      'a ReturnType alias',
      { 'src/a.ts': 'export const make = () => 1;\nexport type Made = ReturnType<typeof make>;', 'test/t.ts': "import { make } from '../src/a.js';" },
      [],
      ['src/a.ts: Made'],
    ],
    [
      'an export used only in its own file',
      { 'src/a.ts': 'export const a = 1;\nexport const b = a;', 'src/b.ts': "import { b } from './a.ts';\nexport { b };" },
      ['src/b.ts'],
      ['src/a.ts: a'],
    ],
    [
      'a type only its own file names (the shape of another export: kept), a value only its own file uses (dead)',
      {
        'src/a.ts': 'export interface Shape {}\nexport const one = 1;\nexport const make = (): Shape => ({ n: one });',
        'test/t.ts': "import { make } from '../src/a.ts';",
      },
      [],
      ['src/a.ts: one'],
    ],
    ['a re-export nothing imports', { 'src/a.ts': 'export const a = 1;', 'src/b.ts': "export { a } from './a.ts';" }, [], ['src/b.ts: a']],
    [
      'the entry point and what it re-exports',
      { 'src/index.ts': "export { a } from './a.ts';\nexport const c = 1;", 'src/a.ts': 'export const a = 1;' },
      ['src/index.ts'],
      [],
    ],
    [
      'a type import, an import() type, a namespace import',
      {
        'src/a.ts': 'export type A = 1;\nexport interface B {}',
        'src/c.ts': 'export const c = 1;',
        'test/t.ts': "import type { A } from '../src/a.ts';\ntype X = import('../src/a.ts').B;\nimport * as all from '../src/c.ts';",
      },
      [],
      [],
    ],
    [
      'an import() of a template',
      {
        'src/areas/video.ts': 'export const v = 1;',
        'src/areas/dns.ts': 'export const d = 1;',
        'src/load.ts': `export const load = (area: string) => import(\`./areas/\${area}.ts\`);`,
        'test/t.ts': "import { load } from '../src/load.ts';",
      },
      [],
      [],
    ],
    [
      'a thread script by URL, a built file by its source',
      {
        'packages/p/src/worker.ts': 'export const w = 1;',
        'packages/p/src/cli.ts': 'export const run = 1;',
        'packages/p/src/main.ts': "new Worker(new URL('./worker.js', import.meta.url));",
        'packages/p/bin/cli.js': "await import('../dist/cli.js');",
      },
      ['packages/p/src/main.ts'],
      [],
    ],
    ['an export * with nothing imported', { 'src/a.ts': 'export const a = 1;', 'src/b.ts': "export * from './a.ts';" }, [], []],
  ])('%s', (_name, files, entries, expected) => {
    expect(plant(files, entries)).toEqual(expected);
  });
});
