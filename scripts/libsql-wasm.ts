// The database engine's WebAssembly module: libSQL's published build, optimized. The npm package
// @libsql/libsql-wasm-experimental (pinned exactly) ships libSQL's engine compiled without
// optimization (3.6 MB; 190-280 ms to load, selects about 2x slower). binaryen's wasm-opt (the npm
// package `binaryen`, pinned exactly) rewrites it into packages/mock/libsql-wasm/sqlite3.wasm
// (about 1.6 MB, about 45 ms to load); manifest.json beside it records the input's digest, the
// tool, its flags and the output's digest. test/mock/areas/database/sql/wasm/libsql-wasm.test.ts checks the digests on
// every run; `--check` makes the module again and compares the bytes (about 30 s on 2 cores).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseScriptArgs } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const ARTIFACT_DIR = path.join(ROOT, 'packages/mock/libsql-wasm');
export const ARTIFACT = path.join(ARTIFACT_DIR, 'sqlite3.wasm');
const MANIFEST = path.join(ARTIFACT_DIR, 'manifest.json');
export const SOURCE_PACKAGE = '@libsql/libsql-wasm-experimental';
const SOURCE_FILE = 'sqlite-wasm/jswasm/sqlite3.wasm';
/** Node 20's V8 instantiates these features; `--all-features` makes a module it cannot. */
export const WASM_OPT_FLAGS = [
  '-O3',
  '--enable-bulk-memory',
  '--enable-bulk-memory-opt',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-nontrapping-float-to-int',
  '--enable-reference-types',
  '--enable-multivalue',
];

export interface Manifest {
  source: { package: string; version: string; file: string; sha256: string; bytes: number };
  tool: { package: 'binaryen'; version: string; command: string; flags: string[] };
  output: { file: 'sqlite3.wasm'; sha256: string; bytes: number };
}

const fromMock = createRequire(path.join(ROOT, 'packages/mock/package.json'));
const fromRoot = createRequire(path.join(ROOT, 'package.json'));
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const versionOf = (require: NodeRequire, name: string) =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

/** The installed package's unoptimized module. */
export function sourceWasm(): { path: string; version: string } {
  return { path: path.join(path.dirname(fromMock.resolve(`${SOURCE_PACKAGE}/package.json`)), SOURCE_FILE), version: versionOf(fromMock, SOURCE_PACKAGE) };
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** Runs wasm-opt on the installed package's module into `out`; returns the manifest that describes it. */
function optimize(out: string): Manifest {
  const source = sourceWasm();
  const input = readFileSync(source.path);
  const wasmOpt = path.join(path.dirname(fromRoot.resolve('binaryen/package.json')), 'bin/wasm-opt');
  execFileSync(process.execPath, [wasmOpt, ...WASM_OPT_FLAGS, source.path, '-o', out], { stdio: 'inherit' });
  const output = readFileSync(out);
  return {
    source: { package: SOURCE_PACKAGE, version: source.version, file: SOURCE_FILE, sha256: sha256(input), bytes: input.byteLength },
    tool: { package: 'binaryen', version: versionOf(fromRoot, 'binaryen'), command: 'wasm-opt', flags: WASM_OPT_FLAGS },
    output: { file: 'sqlite3.wasm', sha256: sha256(output), bytes: output.byteLength },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseScriptArgs({
    usage: 'pnpm libsql-wasm [--check]',
    description: `Makes the database engine's WebAssembly module, packages/mock/libsql-wasm/sqlite3.wasm, from
libSQL's published build (${SOURCE_PACKAGE}, installed) with binaryen's wasm-opt, and writes
manifest.json beside it (digests of input and output, the tool's version and flags). Takes about
30 s on 2 cores. Run it after changing the pinned version of either package, and commit both files.`,
    options: {
      check: {
        type: 'boolean',
        description: 'make the module in a temporary folder and compare it byte for byte with the committed one (exit 1 on a difference)',
      },
    },
  });
  if (values.check) {
    const dir = mkdtempSync(path.join(tmpdir(), 'libsql-wasm-'));
    try {
      const made = optimize(path.join(dir, 'sqlite3.wasm'));
      const committed = readManifest();
      if (JSON.stringify(made) !== JSON.stringify(committed)) {
        fail(`the module made now differs from the committed one:\n  made:      ${JSON.stringify(made)}\n  committed: ${JSON.stringify(committed)}`);
      }
      if (!readFileSync(path.join(dir, 'sqlite3.wasm')).equals(readFileSync(ARTIFACT)))
        fail('the module made now differs from packages/mock/libsql-wasm/sqlite3.wasm');
      console.log(`packages/mock/libsql-wasm/sqlite3.wasm is what wasm-opt makes of ${SOURCE_PACKAGE} ${made.source.version} (sha256 ${made.output.sha256})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else {
    const manifest = optimize(ARTIFACT);
    writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`wrote packages/mock/libsql-wasm/sqlite3.wasm (${manifest.output.bytes} bytes, from ${manifest.source.bytes}) and manifest.json`);
  }
}
