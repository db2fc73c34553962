// Folders by role, as their READMEs declare them: a folder whose README.md has a `May import:` line
// may import, among its sibling folders, only those the line names (`nothing...`: none). The rules
// are read from the READMEs at any depth, so a folder that gains a README is held at once, and a
// nested folder is held by its own line and by each of its ancestors' (`areas/database/sql/` by
// `sql/`'s line among `areas/database/`'s folders, by `areas/`'s among `src/`'s).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles, specifiersOf } from './import-graph.ts';

/**
 * The folders a README's `May import:` line names ('nothing' for none); undefined without one.
 * What is no folder's name (`the modules every door shares (../door.ts)`) is prose, not read.
 */
export const mayImportOf = (readme: string): string[] | undefined => {
  const line = /^May import: (.+?)\.?$/m.exec(readme)?.[1];
  if (line === undefined) return undefined;
  if (line.startsWith('nothing')) return [];
  return line
    .split(/,\s*|\s+and\s+/)
    .map((name) => name.replace(/[`]/g, '').replace(/\/$/, '').trim())
    .filter((name) => /^[\w-]+$/.test(name));
};

/** Folder (relative to root, `/`-separated) -> the sibling folders its README allows, for every folder under root whose README has the line. */
export function readmeRules(root: string): Map<string, string[]> {
  const rules = new Map<string, string[]>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'README.md' || entry.parentPath === root || entry.parentPath.includes('node_modules')) continue;
    const allowed = mayImportOf(readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    if (allowed !== undefined) rules.set(path.relative(root, entry.parentPath).split(path.sep).join('/'), allowed);
  }
  return rules;
}

/** `file: specifier (from -> to)` for each relative import of the source that reaches a sibling folder a README above the file does not allow. */
export function offendingImports(root: string, rules: ReadonlyMap<string, readonly string[]>, file: string, source: string): string[] {
  const from = path.relative(root, file).split(path.sep);
  return specifiersOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const to = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep);
      if (to[0] === '..') return [];
      // Each folder above the file with a rule, against the sibling folder the import enters.
      for (let depth = 1; depth < from.length; depth++) {
        const folder = from.slice(0, depth).join('/');
        const parent = from.slice(0, depth - 1).join('/');
        if (!rules.has(folder) || to.length <= depth || to.slice(0, depth - 1).join('/') !== parent) continue;
        const sibling = to[depth - 1]!;
        const siblingFolder = [...from.slice(0, depth - 1), sibling].join('/');
        if (sibling === from[depth - 1] || !rules.has(siblingFolder) || rules.get(folder)!.includes(sibling)) continue;
        return [`${path.relative(path.dirname(root), file).split(path.sep).join('/')}: ${specifier} (${folder} -> ${siblingFolder})`];
      }
      return [];
    });
}

/** Every offending import under root. */
export const layoutOffences = (root: string, rules = readmeRules(root)): string[] =>
  sourceFiles(root)
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`))
    .flatMap((file) => offendingImports(root, rules, file, readFileSync(file, 'utf8')));

/** The folders of one parent whose rules reach themselves through the folders they may import (a both-ways import allowed). */
export function circularRules(rules: ReadonlyMap<string, readonly string[]>): string[] {
  const table = Object.fromEntries(
    [...rules].map(([folder, allowed]) => {
      const parent = path.posix.dirname(folder);
      return [folder, allowed.map((name) => (parent === '.' ? name : `${parent}/${name}`))];
    }),
  );
  return foldersInACircle(table).sort();
}

/** The names of a README's line that are no folder beside it or beside one of its parents (nor a parent). */
export const unknownNames = (root: string, rules: ReadonlyMap<string, readonly string[]>): string[] =>
  [...rules].flatMap(([folder, allowed]) => {
    const parents = folder.split('/').map((_, i, parts) => parts.slice(0, i).join('/'));
    return allowed.filter((name) => !parents.some((parent) => existsSync(path.join(root, parent, name)))).map((name) => `${folder}: ${name}`);
  });

/** The folders of a table (folder -> the folders it may import) that reach themselves through the folders they may import. */
export function foldersInACircle(table: Readonly<Record<string, readonly string[]>>): string[] {
  const reaches = (from: string, seen = new Set<string>()): Set<string> => {
    for (const to of table[from] ?? []) if (!seen.has(to)) reaches(to, seen.add(to));
    return seen;
  };
  return Object.keys(table).filter((folder) => reaches(folder).has(folder));
}
