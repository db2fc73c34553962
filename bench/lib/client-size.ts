// What the client costs an application's bundle, measured as a bundler sees it (esbuild, for the
// browser, minified, gzipped at level 9): what an import loads up front, and apart from it what
// it loads only when needed (`import()`: a failure's error, retries, a time limit, the exact JSON
// of `int64: 'bigint'`), which bundlers split into chunks of their own. `pnpm bench client` prints
// these figures; test/client/bundle.test.ts holds them to their bounds.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { AREAS } from '@platform-contracts/contracts';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** At most this many bytes, minified and gzipped, up front for one area's client (one of its `create...Client` factories). */
export const ONE_AREA_CLIENT_LIMIT = 5 * 1024;

/**
 * Factories held to another bound, each with its reason. The database's SQL pipeline client is
 * not an API client of the contract's kind but a libSQL client (statements, values, interactive
 * transactions over Hrana): it is held to what it cost before (6,498 bytes).
 */
export const OWN_LIMITS: Record<string, { limit: number; why: string }> = {
  createDatabaseClient: { limit: 6498, why: "the database's SQL pipeline client (libSQL's Hrana protocol), held to what it cost before" },
};

export const limitOf = (factory: string) => OWN_LIMITS[factory]?.limit ?? ONE_AREA_CLIENT_LIMIT;

/**
 * What a client has loaded once its first call without middleware is made: what it loads up front
 * and the direct path's chunk (internal/direct-call.ts, with openapi-fetch's serializers), which
 * that call loads. Undefined for a client without that chunk.
 */
export function firstCallBytes(measured: Measured): number | undefined {
  const direct = measured.lazy.find((chunk) => /internal\/direct-call\.js$/.test(chunk.target));
  return direct && measured.gzipped + direct.gzipped;
}

export interface Measured {
  /** Minified and gzipped bytes loaded up front. */
  gzipped: number;
  /** The files it bundles up front, relative to the repository (a package's files by package name and path). */
  inputs: string[];
  /** What the code loads on demand, `import()` by `import()`: each target's own bytes up front, minified and gzipped. */
  lazy: { target: string; gzipped: number; inputs: string[] }[];
  /** Node built-ins it imports (none may: the client runs in browsers). */
  builtins: string[];
}

const BUILTIN = /^node:|^(fs|path|os|crypto|http|https|net|tls|stream|util|url|zlib|buffer|events|child_process)$/;

/** Keeps `import()` targets out of the bundle, noting each; records Node built-ins instead of failing on the first. */
function boundaries(lazy: string[], builtins: string[]): Plugin {
  return {
    name: 'boundaries',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (BUILTIN.test(args.path)) {
          builtins.push(`${args.path} (from ${path.relative(ROOT, args.importer) || args.importer})`);
          return { path: args.path, external: true };
        }
        if (args.kind !== 'dynamic-import') return undefined;
        const resolved = await pluginBuild.resolve(args.path, { resolveDir: args.resolveDir, kind: 'import-statement', importer: args.importer });
        lazy.push(resolved.path);
        return { path: args.path, external: true };
      });
    },
  };
}

const named = (input: string) => path.relative(ROOT, path.resolve(ROOT, input)).replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');

async function bundleOnce(source: string, resolveDir: string, lazy: string[], builtins: string[]) {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [boundaries(lazy, builtins)],
  });
  return {
    gzipped: gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs)
      .filter((input) => input !== '<stdin>')
      .map(named),
  };
}

/** Bundles `source` (an entry module, resolved from the repository's root) the way an application would. */
export async function measure(source: string): Promise<Measured> {
  const found: string[] = [];
  const builtins: string[] = [];
  const upFront = await bundleOnce(source, ROOT, found, builtins);
  const lazy: Measured['lazy'] = [];
  for (const target of new Set(found)) {
    const own = await bundleOnce(`export * as module from ${JSON.stringify(target)};`, ROOT, [], builtins);
    lazy.push({ target: path.relative(ROOT, target), ...own });
  }
  return { ...upFront, lazy, builtins };
}

/** The client factories an area's subpath exports: `createVideoClient`; the database's `createDatabaseClient` and `createDatabaseTokensClient`. */
export async function clientFactories(area: string): Promise<string[]> {
  const module: Record<string, unknown> = await import(`@platform-contracts/client/${area}`);
  return Object.keys(module)
    .filter((name) => /^create\w+Client$/.test(name) && typeof module[name] === 'function')
    .sort();
}

/** What importing each of an area's clients costs, and its whole subpath, for every area. */
export async function measureAreaClients(): Promise<Map<string, { clients: Map<string, Measured>; subpath: Measured }>> {
  const sizes = new Map<string, { clients: Map<string, Measured>; subpath: Measured }>();
  for (const area of AREAS) {
    const clients = new Map<string, Measured>();
    for (const factory of await clientFactories(area)) clients.set(factory, await measure(`export { ${factory} } from '@platform-contracts/client/${area}';`));
    sizes.set(area, { clients, subpath: await measure(`export * from '@platform-contracts/client/${area}';`) });
  }
  return sizes;
}

/**
 * What `source` loads up front when a bundler splits it into chunks (esbuild `--splitting`, as an
 * application's build does): the entry chunk with every chunk it imports statically, minified
 * and gzipped together. Code shared with an on-demand chunk lands in a chunk of its own that the
 * entry imports, so this can exceed `measure`'s figure.
 */
export async function measureSplit(source: string): Promise<{ gzipped: number; chunks: number }> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: path.join(ROOT, 'split-out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((output) => outputs[output]!.entryPoint !== undefined)!;
  const upFront = new Set<string>();
  const pending = [entry];
  for (let output = pending.pop(); output !== undefined; output = pending.pop()) {
    if (upFront.has(output)) continue;
    upFront.add(output);
    for (const imported of outputs[output]!.imports) if (imported.kind === 'import-statement') pending.push(imported.path);
  }
  const files = result.outputFiles.filter((file) => upFront.has(path.relative(process.cwd(), file.path)));
  return { gzipped: gzipSync(Buffer.concat(files.map((file) => file.contents)), { level: 9 }).length, chunks: files.length };
}
