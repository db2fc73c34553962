// The least version bump a change of a package's public API needs, read from its API reports
// (etc/<package>.api.md, API Extractor's): an export removed is a major change, an export added
// at least a minor one, anything else (a changed signature, a new member) at least a patch.
// The pending changesets say which bump each package gets (the highest one naming it).
import { readdirSync, readFileSync } from 'node:fs';

const BUMPS = ['patch', 'minor', 'major'] as const;
export type Bump = (typeof BUMPS)[number];

/** Whether `bump` is at least `least`. */
export const covers = (bump: Bump, least: Bump) => BUMPS.indexOf(bump) >= BUMPS.indexOf(least);

/** The names an API report exports: its top-level declarations, `export { ... }` lists, and each subpath namespace's names as `namespace.name`. */
export function exportedNames(report: string): Set<string> {
  const names = new Set<string>();
  const listed = (list: string) =>
    list
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
      )
      .filter(Boolean);
  for (const match of report.matchAll(/^export (?:declare )?(?:abstract )?(?:class|const|let|var|function|interface|type|enum|namespace) (\w+)/gm))
    names.add(match[1]!);
  for (const match of report.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) for (const name of listed(match[1]!)) names.add(name);
  for (const match of report.matchAll(/^declare namespace (\w+) \{\s*export \{([^}]*)\}/gm))
    for (const name of listed(match[2]!)) names.add(`${match[1]}.${name}`);
  return names;
}

/** What a report's change needs: the least bump, and the exports added and removed. */
export function apiChange(committed: string | undefined, fresh: string): { least: Bump; added: string[]; removed: string[] } {
  const before = exportedNames(committed ?? '');
  const after = exportedNames(fresh);
  const added = committed === undefined ? [] : [...after].filter((name) => !before.has(name)).sort();
  const removed = [...before].filter((name) => !after.has(name)).sort();
  return { least: removed.length > 0 ? 'major' : added.length > 0 ? 'minor' : 'patch', added, removed };
}

/** Package -> the highest bump a pending changeset (`dir/*.md`, its front matter) gives it. */
export function bumpsOfChangesets(dir: string): Map<string, Bump> {
  const bumps = new Map<string, Bump>();
  for (const file of readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'README.md')) {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(`${dir}/${file}`, 'utf8'))?.[1] ?? '';
    for (const match of front.matchAll(/^["']?([^"':\s]+)["']?\s*:\s*["']?(\w+)/gm)) {
      const bump = (BUMPS as readonly string[]).includes(match[2]!) ? (match[2] as Bump) : 'patch';
      const known = bumps.get(match[1]!);
      if (known === undefined || !covers(known, bump)) bumps.set(match[1]!, bump);
    }
  }
  return bumps;
}
