// Released contracts live at openapi/<area>/released/<revision>.yaml, one file per revision of the
// contract. A contract's revision is its own `info.x-revision`, apart from `info.version`, the
// version of the platform's API it describes. Files released before the revision had a field of
// its own carry it as their info.version: the file's name is the revision either way.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { examplesDirOf, type NegativeCase, readNegativeCases } from '../breaking/negative-cases.ts';

export const releasedDir = (openapiDir: string, area: string) => path.join(openapiDir, area, 'released');

/** Compares dotted numeric versions (1.5.23 < 1.10.0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export const majorOf = (version: string) => Number(version.split('.')[0]);

export function bumpVersion(version: string, kind: 'major' | 'minor' | 'patch'): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (kind === 'major') return `${major + 1}.0.0`;
  if (kind === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

type Document = Record<string, unknown> & { info?: { version?: unknown; 'x-revision'?: unknown } };

/** The contract's own revision: `info.x-revision` (`info.version` in files released before it). */
export function revisionOf(document: Document): string {
  const revision = document.info?.['x-revision'] ?? document.info?.version;
  return String(revision);
}

export function releasedVersions(openapiDir: string, area: string): string[] {
  const dir = releasedDir(openapiDir, area);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort(compareVersions);
}

export interface Release {
  /** The revision (the file's name). */
  version: string;
  document: Document;
  /** Its negative cases, released/<revision>_examples/ (none before they moved out of the contract). */
  negativeCases: NegativeCase[];
  /** What moved, in words, for what the rules do not see (released/<revision>.md, from RELEASE-NOTE.md), or undefined. */
  note?: string;
}

/** The file a revision's note is kept in beside it. */
export const noteFileOf = (releasedFile: string) => releasedFile.replace(/\.yaml$/, '.md');

export function readRelease(openapiDir: string, area: string, version: string): Release {
  const file = path.join(releasedDir(openapiDir, area), `${version}.yaml`);
  const note = existsSync(noteFileOf(file)) ? readFileSync(noteFileOf(file), 'utf8').trim() : undefined;
  return { version, document: parse(readFileSync(file, 'utf8')), negativeCases: readNegativeCases(examplesDirOf(file)), ...(note ? { note } : {}) };
}

export function latestRelease(openapiDir: string, area: string): Release | undefined {
  const version = releasedVersions(openapiDir, area).at(-1);
  return version ? readRelease(openapiDir, area, version) : undefined;
}

export interface ShippingInput {
  openapiDir: string;
  /** .changeset/ */
  changesetDir: string;
  /** packages/client: its package.json (the subpaths it exports) and CHANGELOG.md. */
  clientDir: string;
  clientName: string;
  areas: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Areas whose last released revision would ship with no version change of the client: neither a
 * pending changeset that moves the client nor the client's changelog names the area with that
 * revision. A new area (a new client subpath) is one of them until `pnpm release` has written its
 * changeset.
 */
export function unshippedRevisions(input: ShippingInput): string[] {
  const manifest = JSON.parse(readFileSync(path.join(input.clientDir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  const subpaths = Object.keys(manifest.exports ?? {})
    .filter((key) => key !== '.' && key !== './package.json')
    .map((key) => key.replace(/^\.\//, ''));
  const pending = existsSync(input.changesetDir)
    ? readdirSync(input.changesetDir)
        .filter((file) => file.endsWith('.md') && file !== 'README.md')
        .map((file) => readFileSync(path.join(input.changesetDir, file), 'utf8'))
        .filter((text) => new RegExp(`^"${escapeRegExp(input.clientName)}": (major|minor|patch)$`, 'm').test(text))
    : [];
  const changelogFile = path.join(input.clientDir, 'CHANGELOG.md');
  const texts = [...pending, existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : ''];
  const problems: string[] = [];
  for (const area of [...new Set([...input.areas, ...subpaths])].sort()) {
    const revision = releasedVersions(input.openapiDir, area).at(-1);
    if (!revision) {
      problems.push(
        `${area}: ${input.clientName}/${area} ships a contract never released: run \`pnpm release\` (it records the revision and writes the changeset)`,
      );
      continue;
    }
    const named = new RegExp(`\\b${escapeRegExp(area)}\\b[^\\n]*\\b${escapeRegExp(revision)}\\b`, 'i');
    if (!texts.some((text) => named.test(text))) {
      problems.push(
        `${area}: revision ${revision} is in no pending changeset of ${input.clientName} nor in its CHANGELOG.md; run \`pnpm release\`, or \`pnpm changeset\` naming the ${area} contract and ${revision}`,
      );
    }
  }
  return problems;
}
