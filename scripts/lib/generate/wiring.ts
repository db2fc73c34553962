// The per-area wiring that follows mechanically from the registry and the contracts, written by
// `pnpm generate` and checked by `pnpm generate --check` like the generated types: Redocly's list
// of areas; each area's client module (scripts/lib/client-areas/), the client's exports map, its
// index, its base URL options and its list of createPlatformClient properties; the mock's list of
// area behaviours; and the lists of areas in the docs (scripts/lib/generate/doc-regions.ts). An area brings
// its contract, its mock behaviour and its own client code (if any); these files only gather them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.ts';
import { type ClientArea, readClientArea } from './client-areas/model.ts';
import { domainExportsOf, moduleExports } from './client-areas/module-exports.ts';
import { camelCase, clientTypesFile, pascalCase } from './client-areas/names.ts';
import { renderClientArea, renderClientTypes } from './client-areas/render-area.ts';
import { renderBaseUrls, renderEnums, renderInt64 } from './client-areas/render-generated.ts';
import { renderDocRegions } from './doc-regions.ts';
import { renderRedoclyConfig } from './redocly-config.ts';

export { camelCase, pascalCase };
export const CLIENT_DIR = path.join(ROOT, 'packages/client');
export const MOCK_AREAS_DIR = path.join(ROOT, 'packages/mock/src/areas');

const header = (what: string) => ['/**', ` * Generated from the area registry by \`pnpm generate\`. Do not edit: ${what}.`, ' */', '', ''].join('\n');

/** packages/mock/src/areas/index.ts: every area's behaviour (its module's default export). */
export function renderMockAreas(areas: readonly string[]): string {
  return (
    header('each area brings its own packages/mock/src/areas/<area>.ts') +
    areas.map((area) => `import ${camelCase(area)} from './${area}.ts';\n`).join('') +
    "\n/** The behaviour of every area the mock serves, in the registry's order. */\n" +
    `export const AREA_BEHAVIOURS = [${areas.map(camelCase).join(', ')}] as const;\n`
  );
}

/** packages/client/src/generated/platform-properties.ts: every area's createPlatformClient properties. */
export function renderPlatformProperties(areas: readonly string[]): string {
  return (
    header("each area's packages/client/src/<area>.ts exports its own `platformProperties`") +
    areas.map((area) => `import { platformProperties as ${camelCase(area)} } from '../${area}.js';\n`).join('') +
    "\n/** Every area's properties of createPlatformClient, by property name, in the registry's order. */\n" +
    `export const PLATFORM_PROPERTIES = { ${areas.map((area) => `...${camelCase(area)}`).join(', ')} };\n`
  );
}

const entry = (file: string) => ({ development: `./src/${file}.ts`, types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` });

/** An entry as published: no `development` condition, which points at sources the package does not ship. */
const publishedEntry = (file: string) => {
  const { development: _source, ...published } = entry(file);
  return published;
};

/**
 * packages/client/package.json with its `exports` derived: the index, one subpath per area,
 * package.json; and the same map without the development condition as `publishConfig.exports`,
 * which `pnpm pack` and `pnpm publish` put in the published package.json.
 */
export function renderClientPackage(areas: readonly string[], packageJson = readFileSync(path.join(CLIENT_DIR, 'package.json'), 'utf8')): string {
  const manifest = JSON.parse(packageJson);
  const map = (make: typeof entry | typeof publishedEntry) => ({
    '.': make('index'),
    ...Object.fromEntries(areas.map((area) => [`./${area}`, make(area)])),
    './package.json': './package.json',
  });
  manifest.exports = map(entry);
  manifest.publishConfig = { ...manifest.publishConfig, exports: map(publishedEntry) };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Names every entry point exports (internal/public.ts) and what each area's module adds for createPlatformClient: not re-exported per area. */
const SHARED = 'internal/public.ts';
const PER_AREA_HOOKS = new Set(['platformProperties']);

/**
 * What each area's client module exports of its own (its declarations and the client's modules
 * it re-exports; not the contract's types, which the index re-exports as a namespace, nor what
 * every entry point shares), read from the sources' syntax (`overlay` holds files about to be
 * written, path -> content). Fails when two areas export the same name.
 */
export function clientExportsOf(
  areas: readonly string[],
  overlay: ReadonlyMap<string, string> = new Map(),
): Map<string, { name: string; typeOnly: boolean }[]> {
  const src = path.join(CLIENT_DIR, 'src');
  const read = (file: string) => overlay.get(file) ?? (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  const shared = new Set(moduleExports(path.join(src, SHARED), read).map((item) => item.name));
  const owner = new Map<string, string>();
  const result = new Map<string, { name: string; typeOnly: boolean }[]>();
  for (const area of areas.filter((name) => read(path.join(src, `${name}.ts`)) !== undefined)) {
    const exported = moduleExports(path.join(src, `${area}.ts`), read);
    if (!exported.some((item) => PER_AREA_HOOKS.has(item.name))) {
      throw new Error(`packages/client/src/${area}.ts exports no platformProperties, its property of createPlatformClient (see CONTRIBUTING.md)`);
    }
    const own = exported.filter((item) => !shared.has(item.name) && !PER_AREA_HOOKS.has(item.name));
    for (const { name } of own) {
      const previous = owner.get(name);
      if (previous)
        throw new Error(
          `packages/client/src/${area}.ts and packages/client/src/${previous}.ts both export ${name}: the index can hold only one; rename one of them`,
        );
      owner.set(name, area);
    }
    result.set(area, own);
  }
  return result;
}

/** packages/client/src/index.ts: what every entry point shares, createPlatformClient, and each area's own exports and contract types. */
export function renderClientIndex(areas: readonly string[], exportsByArea = clientExportsOf(areas)): string {
  const lines = [
    header("each area's exports come from its packages/client/src/<area>.ts"),
    "export * from './internal/public.js';",
    "export { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './platform.js';",
  ];
  for (const area of areas) {
    const names = (exportsByArea.get(area) ?? []).map(({ name, typeOnly }) => `  ${typeOnly ? 'type ' : ''}${name},`);
    lines.push(names.length > 0 ? `export {\n${names.join('\n')}\n} from './${area}.js';` : `export {} from './${area}.js';`);
    lines.push(`export type * as ${pascalCase(area)} from '@platform-contracts/contracts/${area}';`);
  }
  return `${lines.join('\n')}\n`;
}

/** Each area's client module and what it generates beside it (its enumerations, its exact int64 reader), path relative to the repository -> content. */
export function renderClientModules(clients: readonly ClientArea[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const client of clients) {
    files.set(`packages/client/src/${client.area}.ts`, renderClientArea(client));
    if (!client.ownClient) files.set(`packages/client/src/${clientTypesFile(client.area)}`, renderClientTypes(client));
    if (client.enums.length > 0) files.set(`packages/client/src/generated/enums/${client.area}.ts`, renderEnums(client));
    files.set(`packages/client/src/generated/int64/${client.area}.ts`, renderInt64(client));
  }
  files.set('packages/client/src/generated/base-urls.ts', renderBaseUrls(clients));
  return files;
}

/**
 * Every wiring file, path relative to the repository -> fresh content. Every area has its client
 * module (generated from its contract); an area is wired into the mock once its behaviour file
 * is there, so that `pnpm generate` runs at every step of adding one; the layout tests name the
 * files an area still lacks.
 */
export function generateWiring(areas: readonly string[], clients?: readonly ClientArea[]): Map<string, string> {
  if (clients) return wiringOf(areas, clients);
  const key = JSON.stringify(areas);
  if (cached?.key !== key) {
    const domains = domainExportsOf(areas);
    cached = {
      key,
      files: wiringOf(
        areas,
        areas.map((area) => readClientArea(area, undefined, domains.get(area) ?? [])),
      ),
    };
  }
  return new Map(cached.files);
}

/** The last wiring made from the files on disk: made once per process (its TypeScript programs take seconds), as `pnpm generate` and the tests read it several times. */
let cached: { key: string; files: Map<string, string> } | undefined;

function wiringOf(areas: readonly string[], clients: readonly ClientArea[]): Map<string, string> {
  const withMock = areas.filter((area) => existsSync(path.join(MOCK_AREAS_DIR, `${area}.ts`)));
  const modules = renderClientModules(clients);
  const overlay = new Map([...modules].map(([file, content]) => [path.join(ROOT, file), content]));
  return new Map([
    ['redocly.yaml', renderRedoclyConfig(areas)],
    ['packages/mock/src/areas/index.ts', renderMockAreas(withMock)],
    ['packages/client/package.json', renderClientPackage(areas)],
    ...modules,
    ['packages/client/src/generated/platform-properties.ts', renderPlatformProperties(areas)],
    ['packages/client/src/index.ts', renderClientIndex(areas, clientExportsOf(areas, overlay))],
    ...renderDocRegions(clients),
  ]);
}
