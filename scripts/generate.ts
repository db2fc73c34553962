// Generates packages/contracts/src/generated/: each area's types from its bundle (<area>.ts,
// openapi-typescript, generic in how int64 is typed), the area registry (areas.ts) and the type of
// every operationId (operations.ts); and what follows from the registry and the contracts
// (scripts/lib/generate/wiring.ts): each area's client module, the wiring and the lists of areas in the docs.
// `--check` writes nothing and fails when a committed file differs from a fresh generation.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { areaNameProblem, operationIdsOf, renderAreas, renderOperations } from './lib/generate/registry.ts';
import { bundlePath, GENERATED_DIR, listAreas, ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const USAGE = `usage: pnpm generate [area...] [--check]

Writes packages/contracts/src/generated/ from the bundles (run \`pnpm bundle\` first):
  <area>.ts       each named area's types (every area when none is named)
  areas.ts        the area registry: every folder under openapi/ with an openapi.yaml
  operations.ts   the type of every operationId (OperationId)
and what follows from the registry and the contracts (every area, always):
  packages/client/src/<area>.ts           each area's client module (its own code: src/domain/<area>.ts)
  packages/client/src/generated/          its enumerations, its int64 fields, the base URL options,
                                          createPlatformClient's properties
  packages/client/package.json            exports: one subpath per area
  packages/client/src/index.ts            each area's exports and contract types
  packages/mock/src/areas/index.ts        the mock's area behaviours
  README.md, packages/client/README.md    the lists of areas between <!-- pnpm generate: ... --> markers
  --check         write nothing; fail when a committed file is stale`;

export function requireBundle(area: string, ext: 'yaml' | 'json'): string {
  const source = bundlePath(area, ext);
  if (!existsSync(source)) fail(`${path.relative(ROOT, source)} is missing: run \`pnpm bundle\` first`);
  return source;
}

/** Every area, checked to be usable as a file name and a package subpath. */
export function checkedAreas(): string[] {
  const areas = listAreas();
  for (const area of areas) {
    const problem = areaNameProblem(area);
    if (problem) fail(`openapi/${area}/: ${problem}`);
  }
  return areas;
}

/** The registry files, file name (areas.ts, operations.ts) -> content, from every area's bundle (through the model). */
export function generateRegistry(): Map<string, string> {
  const areas = checkedAreas();
  const operationIds = areas.flatMap((area) => {
    let document;
    try {
      document = JSON.parse(readFileSync(requireBundle(area, 'json'), 'utf8'));
    } catch (error) {
      fail(`${path.relative(ROOT, bundlePath(area, 'json'))} cannot be read (${(error as Error).message.split('\n')[0]}): run \`pnpm bundle\` again`);
    }
    return operationIdsOf(area, document);
  });
  return new Map([
    ['areas.ts', renderAreas(areas)],
    ['operations.ts', renderOperations(operationIds, areas)],
  ]);
}

/** Every generated file for the named areas (all when none), file name -> fresh content. */
export async function generateAll(only: string[] = []): Promise<Map<string, string>> {
  const known = checkedAreas();
  const unknown = only.filter((area) => !known.includes(area));
  if (unknown.length > 0) fail(`unknown area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  const files = new Map<string, string>();
  // openapi-typescript and TypeScript (here and in the wiring) load only when files are generated: `--help` and a wrong argument answer at once.
  const { generateTypes } = await import('./lib/generate/area-types.ts');
  for (const area of only.length > 0 ? only : known) files.set(`${area}.ts`, await generateTypes(area, requireBundle(area, 'yaml')));
  for (const [file, content] of generateRegistry()) files.set(file, content);
  return files;
}

/** The generated files in `dir` (the wiring: under `root`) that are missing or differ from a fresh generation (paths relative to the repository). */
export async function staleGenerated(only: string[] = [], dir = GENERATED_DIR, root = ROOT): Promise<string[]> {
  const stale: string[] = [];
  const differs = (file: string, fresh: string) => !existsSync(file) || readFileSync(file, 'utf8') !== fresh;
  for (const [name, fresh] of await generateAll(only)) {
    const file = path.join(dir, name);
    if (differs(file, fresh)) stale.push(path.relative(ROOT, file));
  }
  const { generateWiring } = await import('./lib/generate/wiring.ts');
  for (const [relative, fresh] of generateWiring(checkedAreas())) if (differs(path.join(root, relative), fresh)) stale.push(relative);
  return stale;
}

async function main(args: string[]) {
  if (args.includes('--help') || args.includes('-h')) return console.log(USAGE);
  const unknownFlags = args.filter((arg) => arg.startsWith('-') && arg !== '--check');
  if (unknownFlags.length > 0) fail(`unknown option ${unknownFlags.join(', ')}\n${USAGE}`);
  const only = args.filter((arg) => !arg.startsWith('-'));
  if (args.includes('--check')) {
    const stale = await staleGenerated(only);
    if (stale.length > 0) fail(`generated files are stale: ${stale.join(', ')}; run \`pnpm bundle && pnpm generate\``);
    return console.log('generated files are up to date');
  }
  mkdirSync(GENERATED_DIR, { recursive: true });
  for (const [name, content] of await generateAll(only)) {
    const file = path.join(GENERATED_DIR, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
  }
  const { generateWiring } = await import('./lib/generate/wiring.ts');
  for (const [relative, content] of generateWiring(checkedAreas())) {
    const file = path.join(ROOT, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
  }
  console.log(`generated files in ${path.relative(ROOT, GENERATED_DIR)}/ and the per-area wiring`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
