// A file's header comment names the files it works with; a name left behind by a move sends the
// reader nowhere. Every `.ts` name in the leading `//` comment of a source file of packages/ and
// scripts/ is a file of the repository (as written, or as the end of a path: `engine/files.ts`,
// `supervisor-thread.ts`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const CHECKED = ['packages', 'scripts'];
const SKIPPED = /(^|\/)(node_modules|dist)(\/|$)/;
const GENERATED = /\/generated\//;

/** Every file under the repository's source folders, relative to ROOT. */
const FILES = ['packages', 'scripts', 'test', 'bench', 'site', 'openapi'].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !SKIPPED.test(file)),
);

/** The `.ts` names in a source's header comment that name no file of `files`. */
function staleNames(source: string, files: readonly string[]): string[] {
  const header = /^(?:\/\/.*\n)+/.exec(source)?.[0] ?? '';
  const known = (name: string) => files.some((file) => file === name || file.endsWith(`/${name}`));
  return [...header.matchAll(/[\w./-]*[\w-]+\.ts\b/g)].map((match) => match[0].replace(/^\.\//, '')).filter((name) => !known(name));
}

describe.each(CHECKED)('%s/', (dir) => {
  it('names only files that exist in its header comments', () => {
    const sources = FILES.filter((file) => file.startsWith(`${dir}/`) && /\.m?ts$/.test(file) && !GENERATED.test(file));
    const stale = sources.flatMap((file) => staleNames(readFileSync(path.join(ROOT, file), 'utf8'), FILES).map((name) => `${file}: ${name}`));
    expect(stale).toEqual([]);
  });
});

describe('the header check', () => {
  const files = ['packages/mock/src/engine/files.ts', 'packages/mock/src/proxy/index.ts'];
  it.each([
    ['a file gone', '// started by the supervisor (supervisor.ts)\nexport {};\n', ['supervisor.ts']],
    ['a folder gone', '// see proxy/forward.ts and engine/files.ts\n', ['proxy/forward.ts']],
    ['a name as written', '// the proxy judges them (./index.ts)\n', []],
    ['a path from the root', '// packages/mock/src/engine/files.ts keeps them\n', []],
    ['a name below the header', '// a header\nimport x from "./a.ts";\n// gone.ts\n', []],
  ])('%s', (_name, source, expected) => {
    expect(staleNames(source, files)).toEqual(expected);
  });
});
