// Every connection's authorizer and progress handler go through one WebAssembly function each per
// thread (sql/wasm/shared-hooks.ts): each connection still gets its own callbacks, a callback that
// throws answers its result code, and a closed connection's callbacks are forgotten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/load-sqlite.ts';
import { hookedConnections } from '../../../../../../packages/mock/src/areas/database/sql/wasm/shared-hooks.ts';
import { compiledSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts';
import type { DbPointer, Sqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/wasm.ts';

const SQLITE_OK = 0;
const SQLITE_DENY = 1;
const SQLITE_READ = 20;
const SQLITE_AUTH = 23;

let sqlite: Sqlite;
const opened: DbPointer[] = [];
const hooked = () => hookedConnections(sqlite.module.wasm);

beforeAll(async () => {
  sqlite = await loadSqlite(await compiledSqlite());
});
afterAll(() => {
  for (const db of opened.splice(0)) sqlite.close(db);
});

/** A scratch database with a table `t` of one row, opened for a test. */
function database(name: string): DbPointer {
  const db = sqlite.open(`/hooks-${name}.db`, 'scratch');
  opened.push(db);
  sqlite.exec(db, 'CREATE TABLE IF NOT EXISTS t (x); DELETE FROM t; INSERT INTO t VALUES (1)');
  return db;
}

const rawCode = (run: () => unknown): number | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { rawCode?: number }).rawCode;
  }
};

describe("connections' callbacks through shared functions", () => {
  it("calls each connection's own authorizer, with the texts SQLite passes", () => {
    const [denying, allowing] = [database('denying'), database('allowing')];
    const seen: (string | 0)[][] = [];
    sqlite.authorizer(denying, (_data, action) => (action === SQLITE_READ ? SQLITE_DENY : SQLITE_OK));
    sqlite.authorizer(allowing, (_data, action, a1, a2, a3) => {
      if (action === SQLITE_READ) seen.push([a1, a2, a3]);
      return SQLITE_OK;
    });
    expect(rawCode(() => sqlite.prepare(denying, 'SELECT x FROM t'))! & 0xff).toBe(SQLITE_AUTH);
    sqlite.finalize(sqlite.prepare(allowing, 'SELECT x FROM t'));
    expect(seen).toEqual([['t', 'x', 'main']]);
  });

  it('answers a throwing authorizer with its result code, or SQLITE_ERROR', () => {
    const db = database('throwing');
    sqlite.authorizer(db, () => {
      throw new Error('refused by a throw');
    });
    expect(rawCode(() => sqlite.prepare(db, 'SELECT x FROM t'))).toBeDefined();
  });

  it('interrupts only the connection whose progress handler says so', () => {
    const [stopped, running] = [database('stopped'), database('running')];
    sqlite.progress(stopped, 100, () => 1);
    sqlite.progress(running, 100, () => 0);
    const long = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) SELECT count(*) FROM n';
    expect(rawCode(() => sqlite.value(stopped, long))).toBe(9); // SQLITE_INTERRUPT
    expect(sqlite.value(running, long)).toBe(20000n);
  });

  it("forgets a connection's callbacks when it closes", () => {
    const before = hooked();
    const dbs = Array.from({ length: 20 }, (_, index) => sqlite.open(`/hooks-closing-${index}.db`, 'scratch'));
    for (const db of dbs) {
      sqlite.authorizer(db, () => SQLITE_OK);
      sqlite.progress(db, 1000, () => 0);
    }
    expect(hooked()).toBe(before + 20);
    for (const db of dbs) sqlite.close(db);
    expect(hooked()).toBe(before);
  });
});
