// The mock's modules take CommonJS packages with require (createRequire), not with import: Node's
// import of a CommonJS module first parses its text for its exports, and the three the mock took
// so (content-type, negotiator, ajv-formats' formats) cost about 15 ms of CPU in each process that
// imports the mock (a suite pays it in every test file under vitest's isolation). Every value
// import of a package in packages/mock/src is read, and each package's format decided from its
// package.json (an ES module: `type: module`, an `import` condition or a `module` entry). A module
// that only the build runs may import one: the table below says which, and why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const SOURCES = path.join(ROOT, 'packages/mock/src');
const ALLOWED = [
  { file: 'mock/precompile.ts', why: "the build's precompiler (ajv's standalone code): never imported at run time" },
  { file: 'testcontainers.ts', why: 'an entry point of its own (/testcontainers), imported once per run by a globalSetup, not by test files' },
];

/** The package a specifier names: `@scope/name` or `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The package.json of a package as found from `file`, also where its `exports` leave it out (@bufbuild/protobuf): where Node looks for the package. */
function manifestOf(file: string, name: string): string {
  const require = createRequire(file);
  try {
    return require.resolve(`${name}/package.json`);
  } catch {
    const found = (require.resolve.paths(name) ?? []).map((folder) => path.join(folder, name, 'package.json')).find((candidate) => existsSync(candidate));
    if (found === undefined) throw new Error(`${name} is not found from ${file}`);
    return found;
  }
}

/** Whether the package, as found from `file`, offers an ES module (else an import of it goes through Node's CommonJS translation). */
function offersEsm(file: string, name: string): boolean {
  const manifest = JSON.parse(readFileSync(manifestOf(file, name), 'utf8')) as {
    type?: string;
    module?: string;
    exports?: unknown;
  };
  return manifest.type === 'module' || manifest.module !== undefined || JSON.stringify(manifest.exports ?? {}).includes('"import"');
}

/** The packages a source text imports as values (`import type` and `import('...')` left out). */
const valueImports = (text: string) =>
  [...text.matchAll(/^import (?!type )[^;]*? from '([^'.][^']*)';/gm)].map((match) => match[1]!).filter((specifier) => !specifier.startsWith('node:'));

/** Each value import of a CommonJS package in the sources: `file: specifier`. */
function commonJsImports(root: string): string[] {
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
  return files.flatMap((file) => {
    const full = path.join(root, file);
    return valueImports(readFileSync(full, 'utf8'))
      .filter((specifier) => !offersEsm(full, packageOf(specifier)))
      .map((specifier) => `${file}: ${specifier}`);
  });
}

describe('CommonJS packages in the mock', () => {
  it('are required, not imported, by every module the mock runs', () => {
    const found = commonJsImports(SOURCES).filter((line) => !ALLOWED.some(({ file }) => line.startsWith(`${file}: `)));
    expect(found).toEqual([]);
  });

  it.each(ALLOWED)('$file may import one: $why (and does, so the check finds such imports)', ({ file }) => {
    expect(commonJsImports(SOURCES).filter((line) => line.startsWith(`${file}: `))).not.toEqual([]);
  });

  it.each([
    ["import contentType from 'content-type';", false],
    ["import { http } from 'msw';", true],
    ["import { test } from 'vitest';", true],
  ] as const)('decides the format of %s (ES module offered: %s)', (line, esm) => {
    const [specifier] = valueImports(line);
    expect(offersEsm(path.join(SOURCES, 'index.ts'), packageOf(specifier!))).toBe(esm);
  });
});
