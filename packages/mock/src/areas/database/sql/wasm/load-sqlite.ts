// Loads SQLite in an engine thread from the module compiled once per process (sqlite-module.ts).
// SQLite's loader prints a load that fails ("Exception loading sqlite3 module: ...") before it
// rejects with the same error; the engine reports that rejection (DATABASE_ENGINE_UNAVAILABLE, on
// its diagnostics channel), so the print, a stack trace on the user's terminal, is left out.
import { Sqlite } from './wasm.ts';

const LOADER_PRINT = 'Exception loading sqlite3 module';

export async function loadSqlite(compiled: WebAssembly.Module): Promise<Sqlite> {
  const print = console.error;
  console.error = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith(LOADER_PRINT))) print(...args);
  };
  try {
    return await Sqlite.load(compiled);
  } finally {
    console.error = print;
  }
}
