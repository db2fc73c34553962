// What libSQL's WebAssembly build does not export, made from what it does (engine/wasm-gaps.ts):
// parameter names read from the SQL text and kept only where SQLite confirms them, the column
// array's layout found by matching known names (and refused when it is not found), and the
// statements' busy state.
import { describe, expect, it } from 'vitest';
import { ColumnTypes, parameterNames, type RawExports, Statements } from '../../../../../../packages/mock/src/areas/database/sql/wasm/wasm-gaps.ts';

describe('parameter names', () => {
  /** SQLite's numbering of a statement's parameters, as sqlite3_bind_parameter_index answers it. */
  const indexes = (names: Record<string, number>) => (name: string) => names[name] ?? 0;

  it.each<{ sql: string; count: number; names: Record<string, number>; expected: (string | null)[] }>([
    { sql: 'SELECT ?, ?', count: 2, names: {}, expected: [null, null] },
    { sql: 'SELECT :a, @b, $c, ?4', count: 4, names: { ':a': 1, '@b': 2, $c: 3, '?4': 4 }, expected: [':a', '@b', '$c', '?4'] },
    { sql: 'SELECT :a, ?, :a', count: 2, names: { ':a': 1 }, expected: [':a', null] },
    { sql: 'SELECT \':x\', "@y", :z -- :w\n /* $v */', count: 1, names: { ':z': 1 }, expected: [':z'] },
    { sql: 'SELECT $ns::var(key)', count: 1, names: { '$ns::var(key)': 1 }, expected: ['$ns::var(key)'] },
    { sql: "SELECT json_extract(j, '$.a') FROM t WHERE k = :k", count: 1, names: { ':k': 1 }, expected: [':k'] },
    { sql: 'SELECT :notaparam', count: 1, names: {}, expected: [null] },
  ])('$sql', ({ sql, count, names, expected }) => {
    expect(parameterNames(sql, count, indexes(names))).toEqual(expected);
  });
});

describe("a statement's column array", () => {
  // A fake module memory: a statement at 1024 whose column array (Mems of 40 bytes) sits at 4096, pointed to from offset 116.
  const words = new Int32Array(4096);
  const [stmt, array, names] = [1024, 4096, [7000, 7100]];
  words[(stmt + 116) >> 2] = array;
  words[(array + 8) >> 2] = names[0]!;
  words[(array + 40 + 8) >> 2] = names[1]!;
  const raw = (overrides: Partial<RawExports> = {}): RawExports => ({
    sqlite3_prepare_v3: () => 0,
    sqlite3_column_name: (_stmt, index) => names[index]!,
    sqlite3_column_count: () => 2,
    sqlite3_stmt_isexplain: () => 0,
    sqlite3_bind_parameter_index: () => 0,
    ...overrides,
  });

  it('is found by the names SQLite gives, and a declared type is read only from a text Mem', () => {
    const layout = ColumnTypes.locate(raw(), () => words, stmt);
    expect({ offset: layout.arrayOffset, size: layout.memSize }).toEqual({ offset: 116, size: 40 });
    // Column 0's declared type: a text Mem (flags MEM_Str) at array + 2 * 40; column 1's: NULL.
    words[(array + 80 + 8) >> 2] = 8000;
    words[(array + 80 + 16) >> 2] = 0x0002;
    words[(array + 120 + 8) >> 2] = 8100;
    words[(array + 120 + 16) >> 2] = 0x0001;
    expect([0, 1, 2].map((index) => layout.decltype(raw(), () => words, stmt, index))).toEqual([8000, 0, 0]);
    expect(layout.decltype(raw({ sqlite3_stmt_isexplain: () => 1 }), () => words, stmt, 0)).toBe(0);
  });

  it('is refused, not guessed, when the names are not where SQLite 3.45 keeps them', () => {
    expect(() => ColumnTypes.locate(raw({ sqlite3_column_name: () => 12345 }), () => words, stmt)).toThrow(/column declared types unreadable/);
  });
});

describe('busy statements', () => {
  it('are those stepped to a row and not yet reset, done, failed or finalized, per connection', () => {
    const statements = new Statements();
    statements.compiled(1, 10);
    statements.compiled(1, 11);
    statements.compiled(2, 20);
    statements.stepped(10, true);
    statements.stepped(11, true);
    statements.stepped(20, true);
    statements.stepped(11, false);
    expect(statements.busy(1)).toEqual([10]);
    statements.finalized(10);
    expect({ one: statements.of(1), busy: statements.busy(1), two: statements.busy(2) }).toEqual({ one: [11], busy: [], two: [20] });
  });
});
