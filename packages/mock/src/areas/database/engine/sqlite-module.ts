// SQLite's WebAssembly module, compiled once per process and shared by every engine worker
// thread, of every mock in the process: a worker only instantiates it (a few ms) instead of
// reading and compiling the 0.9 MB file itself. The compile runs off the calling thread.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

let compiled: Promise<WebAssembly.Module> | undefined;

export function compiledSqlite(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    // Built, the file sits beside this module (scripts/build-mock.ts puts it there); from the sources, in the package.
    const file = import.meta.url.endsWith('.ts')
      ? createRequire(import.meta.url).resolve('@sqlite.org/sqlite-wasm/sqlite3.wasm')
      : new URL('./sqlite3.wasm', import.meta.url);
    return WebAssembly.compile(await readFile(file));
  })();
  return compiled;
}
