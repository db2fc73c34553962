// Redocly's list of areas (redocly.yaml `apis`) follows the registry: every folder under openapi/
// holding an openapi.yaml, bundled to packages/contracts/bundles/<area>.yaml. Written by
// `pnpm lint`, `pnpm bundle` and `pnpm generate`, checked by `pnpm generate --check`; the rest of the file
// (rules, comments) stays as written.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { listAreas, ROOT } from '../paths.ts';

/** redocly.yaml with its `apis` derived: each area's root and where its bundle goes (the rest of the file, comments included, kept). */
export function renderRedoclyConfig(areas: readonly string[], text = readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8')): string {
  const document = parseDocument(text);
  const apis = Object.fromEntries(areas.map((area) => [area, { root: `openapi/${area}/openapi.yaml`, output: `packages/contracts/bundles/${area}.yaml` }]));
  document.set('apis', document.createNode(apis));
  return document.toString();
}

/** Writes redocly.yaml's `apis` when they do not list every area under openapi/ (before Redocly reads it: `pnpm lint`, `pnpm bundle`). */
export function syncRedoclyConfig(): void {
  const file = path.join(ROOT, 'redocly.yaml');
  const current = readFileSync(file, 'utf8');
  const derived = renderRedoclyConfig(listAreas(), current);
  if (derived === current) return;
  writeFileSync(file, derived);
  console.log('redocly.yaml: its apis now list every area under openapi/ (commit the change)');
}
