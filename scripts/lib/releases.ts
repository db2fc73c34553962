// Released contracts live at openapi/<area>/released/<revision>.yaml, one file per revision of the
// contract. A contract's revision is its own `info.x-revision`, apart from `info.version`, the
// version of the platform's API it describes. Files released before the revision had a field of
// its own carry it as their info.version: the file's name is the revision either way.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

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
}

export function readRelease(openapiDir: string, area: string, version: string): Release {
  return { version, document: parse(readFileSync(path.join(releasedDir(openapiDir, area), `${version}.yaml`), 'utf8')) };
}

export function latestRelease(openapiDir: string, area: string): Release | undefined {
  const version = releasedVersions(openapiDir, area).at(-1);
  return version ? readRelease(openapiDir, area, version) : undefined;
}
