// Databases written by the mock's earlier engine (SQLite 3.54.1, @sqlite.org/sqlite-wasm, made
// here in the test process) load into libSQL's engine (3.45.1): a state snapshot put back, and the
// file of a `--db-dir` folder opened at start. Their rows, schema and indexes
// read back, and new writes go on with the database's own page size.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHost, FULL_ACCESS_TOKEN, startDatabaseHost } from '../../support/database.ts';

const SCHEMA = [
  'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, meta TEXT CHECK (json_valid(meta))) STRICT',
  'CREATE TABLE pairs (k TEXT PRIMARY KEY, v) WITHOUT ROWID',
  'CREATE INDEX notes_body ON notes (body)',
  'CREATE VIEW long_notes AS SELECT id FROM notes WHERE length(body) > 3',
  "CREATE TRIGGER notes_log AFTER INSERT ON notes BEGIN INSERT INTO pairs VALUES ('last', NEW.id) ON CONFLICT (k) DO UPDATE SET v = excluded.v; END",
  'CREATE VIRTUAL TABLE notes_fts USING fts5(body)',
  ...Array.from({ length: 200 }, (_, i) => `INSERT INTO notes (body, meta) VALUES ('note ${i}', '{"n": ${i}}')`),
  "INSERT INTO notes_fts VALUES ('hello from 3.54')",
];
const CHECKS: [string, string[][]][] = [
  ["SELECT count(*), sum(json_extract(meta, '$.n')) FROM notes", [['200', '19900']]],
  ["SELECT v FROM pairs WHERE k = 'last'", [['200']]],
  ['SELECT count(*) FROM long_notes', [['200']]],
  ["SELECT body FROM notes_fts WHERE notes_fts MATCH 'hello'", [['hello from 3.54']]],
  ["SELECT id FROM notes WHERE body = 'note 7'", [['8']]],
  ['PRAGMA integrity_check', [['ok']]],
];

/** The database SQLite 3.54.1 writes for the schema above, as one file image (and that file in `dir`, as a --db-dir folder holds it). */
async function writtenBy3541(dir?: string): Promise<{ image: Uint8Array }> {
  const sqlite3 = await (sqlite3InitModule as any)({ print: () => {}, printErr: () => {} });
  expect(sqlite3.version.libVersion).toBe('3.54.1');
  const db = new sqlite3.oo1.DB(':memory:');
  try {
    for (const statement of SCHEMA) db.exec(statement);
    const image = sqlite3.capi.sqlite3_js_db_export(db.pointer) as Uint8Array;
    if (dir) writeFileSync(path.join(dir, 'my-database.db'), image);
    return { image };
  } finally {
    db.close();
  }
}

const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });
async function rows(host: DatabaseHost, sql: string): Promise<unknown> {
  const response = await host.fetch(`${host.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FULL_ACCESS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [execute(sql), { type: 'close' }] }),
  });
  const [result] = ((await response.json()) as { results: any[] }).results;
  return result.type === 'ok' ? result.response.result.rows.map((row: { value?: string }[]) => row.map((value) => value.value ?? null)) : result;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("a database written by the mock's earlier engine (SQLite 3.54.1)", () => {
  it('loads from a state snapshot, reads back whole, and takes writes', async () => {
    const { image } = await writtenBy3541();
    const host = await startDatabaseHost({ fullAccessToken: FULL_ACCESS_TOKEN });
    try {
      const put = await host.fetch(`${host.url}/_mock/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          version: 1,
          areas: { database: { databases: { 'my-database': { tokens: [], data: Buffer.from(image).toString('base64') } } } },
        }),
      });
      expect(put.status).toBe(200);
      for (const [sql, expected] of CHECKS) expect(await rows(host, sql), sql).toEqual(expected);
      expect(await rows(host, "INSERT INTO notes (body) VALUES ('after') RETURNING id")).toEqual([['201']]);
      expect(await rows(host, 'PRAGMA page_size')).toEqual([[String(new DataView(image.buffer, image.byteOffset).getUint16(16))]]);
    } finally {
      await host.close();
    }
  });

  it('opens from a --db-dir folder, reads back whole, and takes writes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'db-upgrade-'));
    dirs.push(dir);
    await writtenBy3541(dir);
    const host = await startDatabaseHost({ fullAccessToken: FULL_ACCESS_TOKEN, dir });
    try {
      for (const [sql, expected] of CHECKS) expect(await rows(host, sql), sql).toEqual(expected);
      expect(await rows(host, "INSERT INTO notes (body) VALUES ('after') RETURNING id")).toEqual([['201']]);
      expect(await rows(host, "SELECT v FROM pairs WHERE k = 'last'")).toEqual([['201']]);
    } finally {
      await host.close();
    }
  });
});
