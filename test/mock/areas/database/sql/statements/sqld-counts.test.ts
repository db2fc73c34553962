// What sqld reports of a statement's effect (engine/sqld-counts.ts): changed rows for INSERT,
// UPDATE and DELETE, the last rowid for INSERT, nothing for any other statement.
import { describe, expect, it } from 'vitest';
import { sqldCounts } from '../../../../../../packages/mock/src/areas/database/sql/statements/sqld-counts.ts';
import { splitStatements } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sql-text.ts';

const words = (sql: string) => splitStatements(sql)[0]!.words;

describe('sqld counts', () => {
  it.each([
    ['INSERT INTO t VALUES (1)', { changes: true, rowid: true }],
    ['insert or replace into t values (1)', { changes: true, rowid: true }],
    ['REPLACE INTO t VALUES (1)', { changes: true, rowid: true }],
    ['UPDATE t SET a = 1', { changes: true, rowid: false }],
    ['DELETE FROM t', { changes: true, rowid: false }],
    ['WITH x(a) AS (SELECT 1) INSERT INTO t SELECT a FROM x', { changes: true, rowid: true }],
    ['WITH x AS (DELETE FROM t RETURNING 1) SELECT 1', { changes: false, rowid: false }],
    ['WITH RECURSIVE x(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM x WHERE n < 3) SELECT n FROM x', { changes: false, rowid: false }],
    ['SELECT 1', { changes: false, rowid: false }],
    ['CREATE TABLE t (a)', { changes: false, rowid: false }],
    ['CREATE VIRTUAL TABLE f USING fts5 (body)', { changes: false, rowid: false }],
    ['ALTER TABLE t RENAME TO u', { changes: false, rowid: false }],
    ['EXPLAIN INSERT INTO t VALUES (1)', { changes: false, rowid: false }],
    ['PRAGMA user_version = 3', { changes: false, rowid: false }],
  ])('%s', (sql, expected) => expect(sqldCounts(words(sql))).toEqual(expected));

  it('does not guess past the words kept of a long WITH clause', () =>
    expect(sqldCounts(words(`WITH x AS (SELECT ${Array.from({ length: 40 }, (_, i) => `${i}`).join(', ')}) INSERT INTO t SELECT * FROM x`))).toBeUndefined());
});
