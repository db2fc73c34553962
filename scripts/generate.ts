// Generates each area's types from its bundle: packages/contracts/src/generated/<area>.ts.
// `--check` writes nothing and fails when a committed file differs from a fresh generation.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { GENERATED_DIR, ROOT, bundlePath, generatedPath, listAreas } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const header = (area: string) =>
  [
    '/**',
    ` * Generated from openapi/${area}/ by \`pnpm generate\` (openapi-typescript). Do not edit:`,
    ' * change the contract and run `pnpm bundle && pnpm generate` instead.',
    ' */',
    '',
    '',
  ].join('\n');

export async function generateTypes(area: string): Promise<string> {
  const source = bundlePath(area);
  if (!existsSync(source)) fail(`${path.relative(ROOT, source)} is missing: run \`pnpm bundle\` first`);
  const ast = await openapiTS(pathToFileURL(source), { rootTypes: true, rootTypesNoSchemaPrefix: true });
  return header(area) + astToString(ast);
}

async function main(check: boolean, only: string[]) {
  const stale: string[] = [];
  mkdirSync(GENERATED_DIR, { recursive: true });
  for (const area of only.length > 0 ? only : listAreas()) {
    const target = generatedPath(area);
    const fresh = await generateTypes(area);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (current === fresh) continue;
    if (check) stale.push(path.relative(ROOT, target));
    else writeFileSync(target, fresh);
  }
  if (stale.length > 0) fail(`generated types are stale: ${stale.join(', ')}; run \`pnpm bundle && pnpm generate\``);
  console.log(check ? 'generated types are up to date' : `generated types in ${path.relative(ROOT, GENERATED_DIR)}/`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.includes('--check'), process.argv.slice(2).filter((arg) => !arg.startsWith('--')));
