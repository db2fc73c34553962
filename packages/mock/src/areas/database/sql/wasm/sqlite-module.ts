// The engine's WebAssembly module (libSQL's, optimized: packages/mock/libsql-wasm/, made by
// scripts/libsql-wasm.ts), compiled once per process and shared by every engine worker thread, of
// every mock in the process: a worker only instantiates it (a few ms) instead of reading and
// compiling the 1.6 MB file itself. The compile runs off the calling thread.
import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';

let compiled: Promise<WebAssembly.Module> | undefined;

export function compiledSqlite(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    // Built, the file sits beside this module (scripts/build-mock.ts puts it there); from the sources, in the package's libsql-wasm/.
    const file = new URL(import.meta.url.endsWith('.ts') ? '../../../../../libsql-wasm/sqlite3.wasm' : './sqlite3.wasm', import.meta.url);
    return compileTieringEagerly(await readFile(file));
  })();
  return compiled;
}

/**
 * Compiles with V8's dynamic tiering off, for this module only: each SQLite function is queued
 * for the optimizing compiler on its first call, in the background, instead of running baseline
 * code until it has run hot. With dynamic tiering, a new namespace's first statements ran in the
 * baseline tier for the first 40 or so namespaces after start (about 2 ms to open a database
 * against 0.55 ms later). V8 reads the flag when a module's compile starts and keeps it with the
 * module, so it is set for the compile and restored after it; the flag is process-wide, so
 * WebAssembly another module compiles in that window (a few ms, once per process) tiers up
 * eagerly too. Only functions that run are optimized: about 0.1 s of background CPU in all.
 */
export async function compileTieringEagerly(bytes: BufferSource, setFlags: (flags: string) => void = v8.setFlagsFromString): Promise<WebAssembly.Module> {
  setFlags('--no-wasm-dynamic-tiering');
  try {
    return await WebAssembly.compile(bytes);
  } finally {
    setFlags('--wasm-dynamic-tiering');
  }
}
