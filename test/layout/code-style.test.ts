// One style by tool: `pnpm lint` runs Biome on the TypeScript with biome.jsonc. The repository passes
// it, and the configuration refuses what it should (unformatted code, an unused import, imports out
// of order) and lets through the idioms it turns off on purpose, each case a small source checked
// in a scratch folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const scratch = mkdtempSync(path.join(tmpdir(), 'code-style-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** biome.jsonc without its comments and schema, as plain JSON for a folder outside the repository. */
const config = (() => {
  const text = readFileSync(path.join(ROOT, 'biome.jsonc'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const { $schema: _schema, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return { ...rest, vcs: { enabled: false } };
})();

/** What `biome ci` says of one source file at packages/probe/src/probe.ts. */
function check(name: string, source: string) {
  const dir = path.join(scratch, name.replace(/\W+/g, '-'));
  mkdirSync(path.join(dir, 'packages/probe/src'), { recursive: true });
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  writeFileSync(path.join(dir, 'packages/probe/src/probe.ts'), source);
  const result = spawnSync(BIOME, ['ci', '--error-on-warnings', '--colors=off', 'packages'], { cwd: dir, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** Sources and what the configuration says of them: undefined passes, a string names what refuses it. */
const CASES: [string, string, string | undefined][] = [
  ['formatted, clean code', 'export const answer = (values: number[]): number => values.reduce((sum, value) => sum + value, 0);\n', undefined],
  ['code not in the format', 'export const answer = 1\n', 'format'],
  ['an unused import', "import { readFileSync } from 'node:fs';\n\nexport const answer = 1;\n", 'lint/correctness/noUnusedImports'],
  ['imports out of order', "import { b } from './b.ts';\nimport { a } from './a.ts';\n\nexport const c = a + b;\n", 'assist/source/organizeImports'],
  ['an unused variable', 'export function answer(): number {\n  const unused = 2;\n  return 1;\n}\n', 'lint/correctness/noUnusedVariables'],
  ['a non-null assertion (off: strict types, checked lookups)', "export const first = (map: Map<string, number>): number => map.get('a')!;\n", undefined],
  [
    'an assignment in a loop condition (off: the parsers’ idiom)',
    'export function count(pattern: RegExp, text: string): number {\n  let found = 0;\n  while (pattern.exec(text) !== null && (found += 1) < 10) {}\n  return found;\n}\n',
    undefined,
  ],
  ['a fixture’s empty pattern (off: vitest reads it)', 'export const fixture = async ({}, use: (value: number) => Promise<void>) => use(1);\n', undefined],
];

describe('Biome, as pnpm lint runs it', () => {
  it('passes on the repository', () => {
    const result = spawnSync(BIOME, ['ci', '--error-on-warnings', '--colors=off', '.'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  });

  it.each(CASES)('%s', (name, source, refusedBy) => {
    const { ok, output } = check(name, source);
    if (refusedBy === undefined) expect(ok, output).toBe(true);
    else {
      expect(ok).toBe(false);
      expect(output).toContain(refusedBy);
    }
  });
});
