// Released contracts live at openapi/<area>/released/<version>.yaml, one file per release.
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

export function releasedVersions(openapiDir: string, area: string): string[] {
  const dir = releasedDir(openapiDir, area);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort(compareVersions);
}

export function latestRelease(openapiDir: string, area: string): { version: string; document: Record<string, unknown> } | undefined {
  const version = releasedVersions(openapiDir, area).at(-1);
  if (!version) return undefined;
  return { version, document: parse(readFileSync(path.join(releasedDir(openapiDir, area), `${version}.yaml`), 'utf8')) };
}
