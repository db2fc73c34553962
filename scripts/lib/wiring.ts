// The per-area wiring that follows mechanically from the registry, written by `pnpm generate`
// and checked by `pnpm generate --check` like the generated types: Redocly's list of areas, the
// client's exports map, its index and its list of createPlatformClient properties, and the mock's
// list of area behaviours. An area brings its own client file and mock behaviour; these files
// only gather them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './paths.ts';
import { renderRedoclyConfig } from './redocly-config.ts';

export const CLIENT_DIR = path.join(ROOT, 'packages/client');
export const MOCK_AREAS_DIR = path.join(ROOT, 'packages/mock/src/areas');

/** `object-storage` -> `objectStorage`. */
export const camelCase = (area: string) => area.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** `object-storage` -> `ObjectStorage`. */
export const pascalCase = (area: string) => camelCase(area).replace(/^./, (letter) => letter.toUpperCase());

const header = (what: string) =>
  ['/**', ` * Generated from the area registry by \`pnpm generate\`. Do not edit: ${what}.`, ' */', '', ''].join('\n');

/** packages/mock/src/areas/index.ts: every area's behaviour (its module's default export). */
export function renderMockAreas(areas: readonly string[]): string {
  return (
    header('each area brings its own packages/mock/src/areas/<area>.ts') +
    areas.map((area) => `import ${camelCase(area)} from './${area}.ts';\n`).join('') +
    '\n/** The behaviour of every area the mock serves, in the registry\'s order. */\n' +
    `export const AREA_BEHAVIOURS = [${areas.map(camelCase).join(', ')}] as const;\n`
  );
}

/** packages/client/src/generated/platform-properties.ts: every area's createPlatformClient properties. */
export function renderPlatformProperties(areas: readonly string[]): string {
  return (
    header("each area's packages/client/src/<area>.ts exports its own `platformProperties`") +
    areas.map((area) => `import { platformProperties as ${camelCase(area)} } from '../${area}.js';\n`).join('') +
    '\n/** Every area\'s properties of createPlatformClient, by property name, in the registry\'s order. */\n' +
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
  const map = (make: typeof entry | typeof publishedEntry) => ({ '.': make('index'), ...Object.fromEntries(areas.map((area) => [`./${area}`, make(area)])), './package.json': './package.json' });
  manifest.exports = map(entry);
  manifest.publishConfig = { ...manifest.publishConfig, exports: map(publishedEntry) };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Names every entry point exports (internal/public.ts) and what each area's module adds for createPlatformClient: not re-exported per area. */
const SHARED = 'internal/public.ts';
const PER_AREA_HOOKS = new Set(['platformProperties']);

/**
 * What each area's client module exports of its own (declared in the client's sources; not the
 * contract's types, which the index re-exports as a namespace, nor what every entry point
 * shares), read with the TypeScript compiler. Fails when two areas export the same name.
 */
export function clientExportsOf(areas: readonly string[]): Map<string, { name: string; typeOnly: boolean }[]> {
  const src = path.join(CLIENT_DIR, 'src');
  areas = areas.filter((area) => existsSync(path.join(src, `${area}.ts`)));
  const files = areas.map((area) => path.join(src, `${area}.ts`));
  const program = ts.createProgram([...files, path.join(src, SHARED)], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const exportsOf = (file: string) => {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`${path.relative(ROOT, file)} is not a module the TypeScript compiler can read`);
    return checker.getExportsOfModule(symbol);
  };
  const shared = new Set(exportsOf(path.join(src, SHARED)).map((symbol) => symbol.name));
  const owner = new Map<string, string>();
  const result = new Map<string, { name: string; typeOnly: boolean }[]>();
  for (const [index, area] of areas.entries()) {
    const own: { name: string; typeOnly: boolean }[] = [];
    const exported = exportsOf(files[index]!);
    if (!exported.some((symbol) => PER_AREA_HOOKS.has(symbol.name))) {
      throw new Error(`packages/client/src/${area}.ts exports no platformProperties, its property of createPlatformClient (see CONTRIBUTING.md; copy packages/client/src/dns.ts)`);
    }
    for (const symbol of exported) {
      if (shared.has(symbol.name) || PER_AREA_HOOKS.has(symbol.name)) continue;
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaredIn = target.declarations?.[0]?.getSourceFile().fileName;
      if (!declaredIn || !path.resolve(declaredIn).startsWith(src + path.sep)) continue;
      const previous = owner.get(symbol.name);
      if (previous) throw new Error(`packages/client/src/${area}.ts and packages/client/src/${previous}.ts both export ${symbol.name}: the index can hold only one; rename one of them`);
      owner.set(symbol.name, area);
      own.push({ name: symbol.name, typeOnly: (target.flags & ts.SymbolFlags.Value) === 0 });
    }
    result.set(area, own.sort((a, b) => a.name.localeCompare(b.name)));
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

/**
 * Every wiring file, path relative to the repository -> fresh content. An area is wired in once
 * its file is there (its client file, its mock behaviour), so that `pnpm generate` runs at every
 * step of adding one; the layout tests name the files an area still lacks.
 */
export function generateWiring(areas: readonly string[]): Map<string, string> {
  const withClient = areas.filter((area) => existsSync(path.join(CLIENT_DIR, 'src', `${area}.ts`)));
  const withMock = areas.filter((area) => existsSync(path.join(MOCK_AREAS_DIR, `${area}.ts`)));
  return new Map([
    ['redocly.yaml', renderRedoclyConfig(areas)],
    ['packages/mock/src/areas/index.ts', renderMockAreas(withMock)],
    ['packages/client/package.json', renderClientPackage(withClient)],
    ['packages/client/src/generated/platform-properties.ts', renderPlatformProperties(withClient)],
    ['packages/client/src/index.ts', renderClientIndex(withClient)],
  ]);
}
