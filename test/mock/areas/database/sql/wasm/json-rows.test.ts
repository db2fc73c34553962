// The rows' JSON writer (sql/wasm/json-rows.ts) writes each cell exactly as JSON.stringify of
// protocol/values.ts toSqlValue's value of what Sqlite.column() reads, byte for byte, for every kind
// of value SQLite holds; counts each cell against maxResultBytes as jsonCellSize counts it; and
// refuses a float JSON cannot carry with toSqlValue's own error. Both ways it reads a cell are held
// to it: from the row's memory (the thread's writer, whose layout must be found) and through the C
// functions (a writer without a layout, what a cell of several kinds or a zero-tail blob takes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineValue, jsonCellSize, toSqlValue } from '../../../../../../packages/mock/src/areas/database/protocol/values.ts';
import { JsonRows } from '../../../../../../packages/mock/src/areas/database/sql/wasm/json-rows.ts';
import { loadSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/load-sqlite.ts';
import { compiledSqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sqlite-module.ts';
import type { DbPointer, Sqlite } from '../../../../../../packages/mock/src/areas/database/sql/wasm/wasm.ts';

let sqlite: Sqlite;
let db: DbPointer;
/** Writers by how they read a cell. */
const writers: Record<string, () => JsonRows> = {
  'from memory': () => sqlite.jsonRows,
  'through the C functions': () => new JsonRows(sqlite.module.wasm.exports, () => sqlite.module.wasm.heap8u()),
};
beforeAll(async () => {
  sqlite = await loadSqlite(await compiledSqlite());
  db = sqlite.open('/json-rows.db', 'scratch');
  sqlite.exec(db, "CREATE TABLE r (x REAL, n NUMERIC, t TEXT); INSERT INTO r VALUES (3, '12', 42)");
});
afterAll(() => sqlite.close(db));

it("finds where the thread's SQLite keeps a statement's row", () => {
  expect(sqlite.jsonRows.layout).toEqual({ rowOffset: expect.any(Number), memSize: 40 });
});

const hex = (text: string) => `CAST(X'${text}' AS TEXT)`;

/** Cells by name: a value bound as it is, or SQL that makes it. */
const CELLS: [string, EngineValue | { sql: string }][] = [
  ['NULL', null],
  ['ASCII text', 'label 42, with spaces ~!'],
  ['empty text', ''],
  ['a quote', 'say "hi"'],
  ['a backslash', 'C:\\path\\'],
  ['control characters', 'tab\there\nnew\rline\b\f\u0001\u001f'],
  ['DEL', 'a\u007fb'],
  ['NUL inside a text', 'a\u0000b'],
  ['U+2028 and U+2029', 'line\u2028para\u2029'],
  ['non-ASCII', 'héllo wörld ß 日本'],
  ['an astral character', 'smile 😀 𝄞'],
  ['a leading byte order mark', '\ufeffBOM'],
  ['a lone surrogate bound (written as U+FFFD)', 'a\ud800b'],
  ['invalid UTF-8: a lone byte', { sql: hex('FF') }],
  ['invalid UTF-8: a truncated sequence', { sql: hex('61E282') }],
  ['invalid UTF-8: a surrogate encoded', { sql: hex('EDA080') }],
  ['invalid UTF-8: past U+10FFFF', { sql: hex('F4908080') }],
  ['invalid UTF-8: overlong', { sql: hex('C0AF') }],
  ['invalid UTF-8 after ASCII', { sql: hex('616263C328') }],
  ['integer 0', 0n],
  ['integer -1', -1n],
  ['integer 2^53 - 1', 2n ** 53n - 1n],
  ['integer 2^53', 2n ** 53n],
  ['integer 2^53 + 1', 2n ** 53n + 1n],
  ['integer -(2^53)', -(2n ** 53n)],
  ['integer -(2^53) - 1', -(2n ** 53n) - 1n],
  ['integer max', 2n ** 63n - 1n],
  ['integer min', -(2n ** 63n)],
  ['float 0.5', 0.5],
  ['float -0', -0],
  ['float 3 (integer-valued)', 3],
  ['float 2^53', 2 ** 53],
  ['float 1e21', 1e21],
  ['float 1e20', 1e20],
  ['float 5e-324', 5e-324],
  ['float max', Number.MAX_VALUE],
  ['float 0.1', 0.1],
  ['float 0.30000000000000004', 0.1 + 0.2],
  ['float 1/3', 1 / 3],
  ['float 1e-6', 1e-6],
  ['float 1e-7', 1e-7],
  ['float -0.000001234', -0.000001234],
  ['float 2^31 - 0.5', 2 ** 31 - 0.5],
  ['float 2^31 + 0.5', 2 ** 31 + 0.5],
  ['float 4503599627370495.5', 4503599627370495.5],
  ['float 123456.789', 123456.789],
  ['NaN bound (SQLite holds NULL)', Number.NaN],
  ['blob of 0 bytes', new Uint8Array(0)],
  ['blob of 1 byte', new Uint8Array([0xff])],
  ['blob of 2 bytes', new Uint8Array([0, 1])],
  ['blob of 3 bytes', new Uint8Array([0xfb, 0xff, 0xbf])],
  ['blob of 1000 bytes', Uint8Array.from({ length: 1000 }, (_, index) => (index * 37) % 256)],
  ['a zero-tail blob of a constant (made whole by SQLite)', { sql: 'zeroblob(5)' }],
  ['an integer in a REAL column', { sql: '(SELECT x FROM r)' }],
  ['a text made a number by NUMERIC affinity', { sql: '(SELECT n FROM r)' }],
  ['a number made a text by TEXT affinity', { sql: '(SELECT t FROM r)' }],
  ['a number compared as a text', { sql: "(SELECT x FROM r WHERE x = '3')" }],
];

/** Floats that take every path of the writer's short decimals and Number's own toString. */
const FLOATS = Array.from({ length: 400 }, (_, index) => [
  index / 7,
  index * 0.01,
  -index * 1.1,
  index * 1.5,
  Math.sin(index) * 10 ** (index % 12),
  2 ** 31 - index / 64,
  (index + 1) * 1e-6,
  (index + 1) * 0.123456,
]).flat();

/** A statement whose one row holds `cells`. */
function select(cells: (EngineValue | { sql: string })[]) {
  const columns = cells.map((cell) => (cell !== null && typeof cell === 'object' && 'sql' in cell ? cell.sql : '?'));
  const stmt = sqlite.prepare(db, `SELECT ${columns.join(', ')}`);
  let parameter = 1;
  for (const cell of cells) if (!(cell !== null && typeof cell === 'object' && 'sql' in cell)) sqlite.bind(stmt, parameter++, cell);
  expect(sqlite.step(db, stmt)).toBe(true);
  return stmt;
}

/** The writer's text and count of the statement's row, and what the slow path made of it. */
function written(stmt: number, width: number, writer = sqlite.jsonRows) {
  writer.start();
  const size = writer.row(stmt, width);
  const text = writer.json();
  const values = Array.from({ length: width }, (_, index) => sqlite.column(stmt, index));
  return { text, size, expected: JSON.stringify([values.map(toSqlValue)]), expectedSize: values.reduce((sum: number, value) => sum + jsonCellSize(value), 0) };
}

/** The row at `stmt` (stepped) written by `how`'s writer: the text JSON.stringify makes of its values and the size jsonCellSize counts; then `stmt` is finalized. */
function expectWrittenAsStringify(stmt: number, width: number, how: string): void {
  try {
    const { text, size, expected, expectedSize } = written(stmt, width, writers[how]!());
    expect(text).toBe(expected);
    expect(size).toBe(expectedSize);
  } finally {
    sqlite.finalize(stmt);
  }
}

describe.each(Object.keys(writers))("the rows' JSON writer, reading cells %s", (how) => {
  it.each(CELLS)('writes %s as JSON.stringify(toSqlValue(value)) does, and counts it as jsonCellSize', (_name, cell) => {
    expectWrittenAsStringify(select([cell]), 1, how);
  });

  it('writes a row of every kind of cell, with the commas between them', () => {
    expectWrittenAsStringify(select(CELLS.map(([, cell]) => cell)), CELLS.length, how);
  });

  it('writes a zero-tail blob (zeroblob() of a value read from a table)', () => {
    const stmt = sqlite.prepare(db, 'SELECT zeroblob(length(t)), t, zeroblob(0) FROM r');
    expect(sqlite.step(db, stmt)).toBe(true);
    expectWrittenAsStringify(stmt, 3, how);
  });
});

describe("the rows' JSON writer", () => {
  it('writes floats as Number writes them, over generated values', () => {
    for (let from = 0; from < FLOATS.length; from += 100) {
      const stmt = select(FLOATS.slice(from, from + 100));
      try {
        const { text, expected } = written(stmt, 100);
        expect(text).toBe(expected);
      } finally {
        sqlite.finalize(stmt);
      }
    }
  });

  it.each([
    ['Infinity', '1e999'],
    ['-Infinity', '-1e999'],
  ])('refuses %s with the error toSqlValue gives', (_name, sql) => {
    const stmt = select([{ sql }]);
    try {
      const refusal = (() => {
        try {
          toSqlValue(sqlite.column(stmt, 0));
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toMatchObject({ code: 'VALUE_NOT_REPRESENTABLE' });
      sqlite.jsonRows.start();
      expect(() => sqlite.jsonRows.row(stmt, 1)).toThrow(refusal as Error);
    } finally {
      sqlite.finalize(stmt);
    }
  });

  it.each([
    ['a long text', 'a'],
    ['an escaped text', 'é'],
    ['a blob', 'blob'],
  ])('keeps room for the cells after %s, and for the next row, wherever its first buffer ends', (_name, kind) => {
    // A fresh writer's first buffer is 64 KB: the long cell ends at each offset of its last 600 bytes in turn (the prefix moves it), the cells after it and the next row past its end.
    const long = kind === 'blob' ? new Uint8Array(48_600).fill(7) : kind.repeat(Math.floor(64_900 / Buffer.byteLength(kind)));
    // Cells of a fixed kind right after the long one, then a row of them; then cells read through C (2^60, 1e300), which make room of their own.
    const fixed = [1n, 2.5, null, -3n, 4.25, null, 7n, 8.5];
    const statements = [select([long, ...fixed]), select([...fixed, 9n]), select([2n ** 60n, 1e300, ...fixed.slice(1)])];
    try {
      const rows = statements.map((stmt) => Array.from({ length: 9 }, (_, index) => toSqlValue(sqlite.column(stmt, index))));
      const expected = JSON.stringify(rows);
      for (let shift = 0; shift < 600; shift += 2) {
        const writer = new JsonRows(sqlite.module.wasm.exports, () => sqlite.module.wasm.heap8u(), sqlite.jsonRows.layout);
        const prefix = ' '.repeat(shift);
        writer.start(prefix);
        for (const stmt of statements) writer.row(stmt, 9);
        const text = writer.json();
        if (text !== prefix + expected) expect({ shift, text: text.slice(-600) }).toEqual({ shift, text: (prefix + expected).slice(-600) });
      }
    } finally {
      for (const stmt of statements) sqlite.finalize(stmt);
    }
  });

  it('writes many rows past its first buffer, and starts again empty after a drop', () => {
    const stmt = sqlite.prepare(
      db,
      "WITH RECURSIVE c(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM c WHERE v < 3000) SELECT v, 'row ' || v || ' of a text long enough', v * 0.25, NULL FROM c",
    );
    try {
      const writer = sqlite.jsonRows;
      const rows: unknown[] = [];
      writer.start();
      writer.row(stmt, 4);
      writer.drop();
      while (sqlite.step(db, stmt)) {
        writer.row(stmt, 4);
        rows.push(Array.from({ length: 4 }, (_, index) => toSqlValue(sqlite.column(stmt, index))));
      }
      const text = writer.json();
      expect(text.length).toBeGreaterThan(1 << 16);
      expect(text).toBe(JSON.stringify(rows));
    } finally {
      sqlite.finalize(stmt);
    }
  });
});
