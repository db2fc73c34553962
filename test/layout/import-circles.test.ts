// Dependencies run one way: no source file of a package, nor of scripts/, reaches itself through its imports
// (static, type-only, re-exports, `import()`, `declare module`). A circle is reported as the files
// that reach one another, so a new one names its files. What two files of a circle share belongs
// in a module below both.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { circlesOf, importGraph } from '../support/import-graph.ts';

/** Every folder checked: each package's sources, and scripts/. */
const CHECKED = [...readdirSync(path.join(ROOT, 'packages')).map((pkg) => `packages/${pkg}/src`), 'scripts'];

describe.each(CHECKED)('%s', (dir) => {
  it('has no import circle', () => {
    expect(circlesOf(importGraph(path.join(ROOT, dir)))).toEqual([]);
  });
});

describe('the circle finder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-circles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    const root = mkdtempSync(path.join(dir, 'case-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return circlesOf(importGraph(root));
  };

  it.each([
    ['a type import back', { 'a.ts': "import { b } from './b.js';", 'b.ts': "import type { A } from './a.js';" }, ['a.ts ↔ b.ts']],
    ['a re-export back', { 'a.ts': "export * from './b.ts';", 'b.ts': "export { a } from './a.ts';" }, ['a.ts ↔ b.ts']],
    ['an import() back', { 'a.ts': "import { b } from './b.js';", 'b.ts': "const load = () => import('./a.js');" }, ['a.ts ↔ b.ts']],
    [
      'a module augmentation back',
      { 'a.ts': "import type { R } from './registry.js';", 'registry.ts': "import type { A } from './a.js';\nexport interface R {}" },
      ['a.ts ↔ registry.ts'],
    ],
    [
      'three files, through a folder index',
      { 'a.ts': "import './b/index.js';", 'b/index.ts': "import '../c.js';", 'c.ts': "import { a } from './a.js';", 'd.ts': "import './a.js';" },
      ['a.ts ↔ b/index.ts ↔ c.ts'],
    ],
    ['a file importing itself', { 'a.ts': "import type { A } from './a.js';" }, ['a.ts']],
    [
      'two circles apart',
      { 'a.ts': "import './b.js';", 'b.ts': "import './a.js';", 'c.ts': "import './d.js';", 'd.ts': "import './c.js';" },
      ['a.ts ↔ b.ts', 'c.ts ↔ d.ts'],
    ],
    ['one way only', { 'a.ts': "import './b.js'; import 'node:fs'; import x from 'pkg';", 'b.ts': "import './c.js';", 'c.ts': 'export {};' }, []],
  ])('finds %s', (_name, files, expected) => {
    expect(write(files)).toEqual(expected);
  });
});
