// Three popular client generators besides ours (openapi-typescript, in the build) take every area's
// bundle: each generates, with a function or type for every operation, and what it generates
// type-checks under strict TypeScript. One table of generators; the tests are made from it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlePath, ROOT } from '../../scripts/lib/paths.ts';
import { listAreas, operationsOf } from '../support/openapi.ts';

const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

interface Generator {
  /** The npm package (a devDependency). */
  name: string;
  /** Its command line for one bundle, writing into the folder `out` (relative to where it runs: typed-openapi takes no absolute output path). */
  command: (bundle: string, out: string) => [string, string[]];
}

const GENERATORS: Generator[] = [
  { name: '@hey-api/openapi-ts', command: (bundle, out) => [bin('openapi-ts'), ['--input', bundle, '--output', out]] },
  {
    name: 'swagger-typescript-api',
    command: (bundle, out) => [bin('swagger-typescript-api'), ['generate', '--path', bundle, '--output', out, '--name', 'api.ts']],
  },
  { name: 'typed-openapi', command: (bundle, out) => [bin('typed-openapi'), [bundle, '--output', path.join(out, 'api.ts')]] },
];

/** Every .ts file under a folder. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));

describe.each(GENERATORS.map((generator) => [generator.name, generator] as const))('%s', (name, generator) => {
  const out = mkdtempSync(path.join(tmpdir(), 'generator-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it.each(listAreas())('generates the %s area, naming every operation', async (area) => {
    const [command, args] = generator.command(bundlePath(area, 'yaml'), area);
    await run(command, args, { cwd: out });
    const text = filesUnder(path.join(out, area))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
      .toLowerCase();
    expect(
      operationsOf(area)
        .filter((operation) => !text.includes(operation.operationId.toLowerCase()))
        .map((operation) => operation.operationId),
    ).toEqual([]);
  });

  // after the areas' tests, which generate them
  it('generates code that type-checks under strict TypeScript', () => {
    const program = ts.createProgram(filesUnder(out), {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.formatDiagnostic(diagnostic, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => out, getNewLine: () => '\n' }));
    expect(errors, `${name}'s output does not type-check`).toEqual([]);
    expect(readdirSync(out).sort()).toEqual([...listAreas()].sort());
  });
});
