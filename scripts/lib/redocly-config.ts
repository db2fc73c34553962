// Redocly's list of areas (redocly.yaml `apis`) follows the registry: every folder under openapi/
// holding an openapi.yaml, bundled to packages/contracts/bundles/<area>.yaml. Written by
// `pnpm bundle` and `pnpm generate`, checked by `pnpm generate --check`; the rest of the file
// (rules, comments) stays as written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { ROOT } from './paths.ts';

/** redocly.yaml with its `apis` derived: each area's root and where its bundle goes (the rest of the file, comments included, kept). */
export function renderRedoclyConfig(areas: readonly string[], text = readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8')): string {
  const document = parseDocument(text);
  const apis = Object.fromEntries(areas.map((area) => [area, { root: `openapi/${area}/openapi.yaml`, output: `packages/contracts/bundles/${area}.yaml` }]));
  document.set('apis', document.createNode(apis));
  return document.toString();
}
