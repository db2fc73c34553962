// The docs point readers to files they have: no path a README, guide or note names (a link, or a
// path in backticks) leads outside the repository, and every document it names (`*.md`) is one
// of the repository's. A reader of a clone has nothing else.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const docs = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .filter((file) => !/(^|\/)CHANGELOG\.md$|^\.changeset\//.test(file));
const tracked = new Set(
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean),
);
const fileNames = new Set([...tracked].map((file) => path.basename(file)));

/** Paths the text names: link targets, and paths in backticks that end in a file extension (templates such as `<area>` left out). */
function namedPaths(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
  const quoted = [...text.matchAll(/`([^`\s]+\.(?:md|ya?ml|json|ts|js|css))`/g)].map((match) => match[1]!);
  return [...links, ...quoted].filter((name) => !/[<>{}*$]|\.\.\.|^-/.test(name));
}

/** Where a named path leads: from the doc's folder (outside the repository when it climbs out), the root, or (a bare file name) any file of that name. */
function found(doc: string, name: string): { inside: boolean; exists: boolean } {
  const candidates = [path.join(ROOT, path.dirname(doc), name), path.join(ROOT, name)].map((file) => path.normalize(file));
  const inside = !path.relative(ROOT, candidates[0]!).startsWith('..');
  const exists = candidates.some((file) => !path.relative(ROOT, file).startsWith('..') && existsSync(file)) || (!name.includes('/') && fileNames.has(name));
  return { inside, exists };
}

describe.each(docs)('%s', (doc) => {
  const named = namedPaths(readFileSync(path.join(ROOT, doc), 'utf8'));
  it('names no path outside the repository', () => expect(named.filter((name) => !found(doc, name).inside)).toEqual([]));
  it('names only documents of the repository', () => expect(named.filter((name) => name.endsWith('.md') && !found(doc, name).exists)).toEqual([]));
});
