// Every import specifier a package offers with types, from its published exports map (`./*`
// stands for each area): what users import, so what the API reports and the consumer test cover.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listAreas, ROOT, scopedName } from '../paths.ts';

export interface EntryPoint {
  /** The subpath (`.`, `./video`). */
  subpath: string;
  /** What a user imports (`<scope>/client/video`). */
  specifier: string;
  /** The declaration file, relative to the package's folder (`./dist/video.d.ts`). */
  types: string;
}

/** A package's entry points with types, in its exports map's order; `exportsMap` defaults to the workspace manifest's publishConfig.exports. */
export function entryPoints(name: string, exportsMap?: Record<string, unknown>): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8'));
  const map = exportsMap ?? manifest.publishConfig?.exports ?? manifest.exports ?? {};
  return Object.entries(map).flatMap(([subpath, target]) => {
    if (typeof target !== 'object' || target === null || !('types' in target)) return [];
    const types = String((target as { types: string }).types);
    const expand = subpath === './*' ? listAreas().map((area) => [`./${area}`, types.replace('*', area)]) : [[subpath, types]];
    return expand.map(([sub, file]) => ({ subpath: sub!, specifier: sub === '.' ? scopedName(name) : `${scopedName(name)}${sub!.slice(1)}`, types: file! }));
  });
}
