// Builds @platform-contracts/mock: the compiled JS in packages/mock/dist. In the repository the built
// mock serves the site from dist/docs itself; the packed package gets a real copy in
// packages/mock/docs from its `prepack` (scripts/mock-site.ts), never a copy that could go stale here.
// The bundled contracts come from @platform-contracts/contracts. The validators their schemas
// need are written ahead of time as ajv's standalone code (packages/mock/src/mock/precompile.ts), so
// that a mock's first answers do not wait for ajv to compile them.
//
// libSQL's WebAssembly build ships inside the mock: the database engine's thread scripts are bundled
// with the JavaScript of @libsql/libsql-wasm-experimental (esbuild), and the optimized module
// (packages/mock/libsql-wasm/sqlite3.wasm, made by scripts/libsql-wasm.ts) is copied beside them,
// so that users install neither that package nor its 3.6 MB unoptimized module.
//
// `platform-mock` starts from one file: the CLI's modules bundled (esbuild) into dist/bundle/, so
// that Node resolves, reads and links one module where it did about a hundred (bundleCli below).
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildSync, type Plugin } from 'esbuild';
import { ENTRIES } from '../packages/mock/src/areas/database/sql/threads/worker-script.ts';
import { parseScriptArgs } from './lib/args.ts';
import { compile } from './lib/build/compile.ts';
import { ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const PACKAGE_DIR = path.join(ROOT, 'packages/mock');
/** Where the engine's thread scripts are built (beside threads/worker-script.js, which finds them there), and where sqlite3.wasm goes (beside wasm/sqlite-module.js, which reads it). */
const THREADS = 'areas/database/sql/threads';
const WASM = 'areas/database/sql/wasm';
const fromMock = createRequire(path.join(PACKAGE_DIR, 'package.json'));

/** The engine's thread scripts with libSQL's module in them, and sqlite3.wasm beside them (sql/wasm/sqlite-module.ts reads it there). */
export function bundleSqlite(dist = path.join(PACKAGE_DIR, 'dist')) {
  const sqlite = JSON.parse(readFileSync(fromMock.resolve('@libsql/libsql-wasm-experimental/package.json'), 'utf8')) as {
    name: string;
    version: string;
    license: string;
  };
  for (const entry of Object.values(ENTRIES)) {
    buildSync({
      entryPoints: [path.join(PACKAGE_DIR, 'src', THREADS, `${entry}.ts`)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: path.join(dist, THREADS, `${entry}.js`),
      allowOverwrite: true,
      banner: {
        js: `// A thread of the database engine, with ${sqlite.name} ${sqlite.version} (${sqlite.license}; libSQL is MIT, SQLite public domain) bundled in by scripts/build-mock.ts.`,
      },
      logLevel: 'error',
    });
  }
  copyFileSync(path.join(PACKAGE_DIR, 'libsql-wasm/sqlite3.wasm'), path.join(dist, WASM, 'sqlite3.wasm'));
}

/** Where the CLI's bundle goes (bin/platform-mock.js runs its cli.js), its lazy parts beside it as chunks. */
const CLI_BUNDLE = 'bundle';

/**
 * Each module's `import.meta.url` kept as its own: the URL of its compiled file in dist/, which
 * stays there beside the bundle (validators, the site, sqlite3.wasm and the thread scripts are
 * found from it, and CommonJS packages resolved from it).
 */
function ownImportMetaUrl(outdir: string): Plugin {
  return {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, async ({ path: file }) => {
        const text = await readFile(file, 'utf8');
        const relative = path.relative(outdir, file).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

/**
 * The CLI's start-up path as one module: its own modules bundled from dist/cli/cli.js, what it
 * imports only on need (the validation proxy) split off as chunks, packages left to Node (Prism,
 * ajv and the validators stay as lazy as they are: they are required at run time).
 */
async function bundleCli(dist = path.join(PACKAGE_DIR, 'dist')) {
  const outdir = path.join(dist, CLI_BUNDLE);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { cli: path.join(dist, 'cli/cli.js') },
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    chunkNames: 'chunk-[hash]',
    plugins: [ownImportMetaUrl(outdir)],
    logLevel: 'error',
  });
}

export async function buildMock() {
  rmSync(path.join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  if (!compile('packages/mock/tsconfig.build.json')) fail('the mock does not compile (see above)');
  bundleSqlite();
  await bundleCli();
  const { precompileValidators } = (await import(
    pathToFileURL(path.join(PACKAGE_DIR, 'dist/mock/precompile.js')).href
  )) as typeof import('../packages/mock/src/mock/precompile.ts');
  const validators = await precompileValidators();
  // Left by earlier builds: the bundles the mock once carried, and the link to the site.
  rmSync(path.join(PACKAGE_DIR, 'contracts'), { recursive: true, force: true });
  rmSync(path.join(PACKAGE_DIR, 'docs'), { recursive: true, force: true });
  console.log(`built packages/mock/dist/ (serving the site in dist/docs/; ${validators} validators precompiled)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseScriptArgs({
    usage: 'tsx scripts/build-mock.ts',
    description: `Builds @platform-contracts/mock into packages/mock/dist/: compiles it, bundles the database
engine's threads with libSQL's WebAssembly build, bundles the CLI into one module (dist/bundle/),
and precompiles the validators of the contracts' schemas. \`pnpm build\` runs it as its last step (after the contracts it reads).`,
  });
  await buildMock();
}
