// The engine's WebAssembly module is what scripts/libsql-wasm.ts makes of the pinned npm package:
// the installed package's module has the digest the manifest records as its input, and the
// committed module the digest it records as its output (`pnpm libsql-wasm --check` makes it again
// and compares the bytes; about 30 s, so not here). The built mock ships that module.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../../../../scripts/lib/paths.ts';
import { ARTIFACT, readManifest, SOURCE_PACKAGE, sha256, sourceWasm, WASM_OPT_FLAGS } from '../../../../../../scripts/libsql-wasm.ts';

const manifest = readManifest();

describe("the engine's WebAssembly module", () => {
  it('is made from the pinned package, whose module has the digest the manifest records', () => {
    const source = sourceWasm();
    const mockPackage = JSON.parse(readFileSync(path.join(ROOT, 'packages/mock/package.json'), 'utf8'));
    expect(mockPackage.devDependencies[SOURCE_PACKAGE]).toBe(manifest.source.version);
    expect(source.version).toBe(manifest.source.version);
    expect(sha256(readFileSync(source.path))).toBe(manifest.source.sha256);
  });

  it('is the committed module, with the digest and flags the manifest records', () => {
    const bytes = readFileSync(ARTIFACT);
    expect({ sha256: sha256(bytes), bytes: bytes.byteLength }).toEqual({ sha256: manifest.output.sha256, bytes: manifest.output.bytes });
    expect(manifest.tool.flags).toEqual(WASM_OPT_FLAGS);
    const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(rootPackage.devDependencies.binaryen).toBe(manifest.tool.version);
  });

  it('is what the built mock carries beside its engine threads', () => {
    const built = path.join(ROOT, 'packages/mock/dist/areas/database/sql/wasm/sqlite3.wasm');
    expect(existsSync(built)).toBe(true);
    expect(sha256(readFileSync(built))).toBe(manifest.output.sha256);
  });
});
