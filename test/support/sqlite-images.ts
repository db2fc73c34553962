// Database images made in the test process with SQLite's own WebAssembly build, 3.54.1, the mock's earlier engine (no sandbox here),
// including crafted ones: a schema rewritten through writable_schema, a header patched byte by byte.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';

let module: Promise<any> | undefined;
const sqlite = () => (module ??= (sqlite3InitModule as any)({ print: () => {}, printErr: () => {} }));

/** An image of a database made by `sql` (statements run in order), then `rewrite` run with writable_schema on. */
export async function makeImage(sql: string[], rewrite: string[] = []): Promise<Uint8Array> {
  const sqlite3 = await sqlite();
  const db = new sqlite3.oo1.DB(':memory:');
  try {
    for (const statement of sql) db.exec(statement);
    if (rewrite.length > 0) {
      db.exec('PRAGMA writable_schema = ON');
      for (const statement of rewrite) db.exec(statement);
      db.exec('PRAGMA writable_schema = OFF');
    }
    return sqlite3.capi.sqlite3_js_db_export(db.pointer) as Uint8Array;
  } finally {
    db.close();
  }
}

/** A copy of an image with bytes written at offsets of its header (big-endian numbers of `size` bytes). */
export function patchHeader(image: Uint8Array, patches: { offset: number; size: 1 | 2 | 4; value: number }[]): Uint8Array {
  const copy = new Uint8Array(image);
  const view = new DataView(copy.buffer);
  for (const { offset, size, value } of patches) {
    if (size === 1) view.setUint8(offset, value);
    else if (size === 2) view.setUint16(offset, value);
    else view.setUint32(offset, value);
  }
  return copy;
}
