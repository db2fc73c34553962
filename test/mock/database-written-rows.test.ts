// A result's rows written as JSON text as they are read (engine/written-rows.ts): the outcome's
// text is JSON.stringify's of the same rows as value objects (toSqlValue), whatever the values, and
// whatever else the outcome holds (a text that reads as the rows' marker included).
import { describe, expect, it } from 'vitest';
import { RowsWriter, withRowObjects, writtenJson } from '../../packages/mock/src/areas/database/engine/written-rows.ts';
import type { EngineValue } from '../../packages/mock/src/areas/database/values.ts';
import { toSqlValue } from '../../packages/mock/src/areas/database/values.ts';

const ROWS: EngineValue[][] = [
  [1n, 'row 0', 0, null],
  [-(2n ** 63n), '', -0, new Uint8Array([0, 255])],
  [2n ** 63n - 1n, 'a"\\b\u0000\u0001\u2028\ud800 é', 1.5e-7, new Uint8Array()],
  [0n, '\u0000rows written', Number.MAX_VALUE, null],
];

/** A rows array written by a RowsWriter, and the budget it counted. */
function written(rows: EngineValue[][]) {
  const writer = new RowsWriter();
  const sizes = rows.map((row) => writer.row(row));
  return { rows: writer.rows(), sizes };
}

const asObjects = (rows: EngineValue[][]) => rows.map((row) => row.map(toSqlValue));
/** What the rows counted against the budget before (16 bytes a value, and a text's or base64's length). */
const budgetOf = (row: EngineValue[]) =>
  row.map(toSqlValue).reduce((size, value) => size + 16 + (value.type === 'text' ? value.value.length : value.type === 'blob' ? value.base64.length : 0), 0);

describe('rows written as JSON text', () => {
  it.each([
    { case: 'every kind of value', rows: ROWS },
    { case: 'no rows', rows: [] },
    { case: 'one row of no value', rows: [[]] },
  ])('writes what JSON.stringify writes of the value objects: $case', ({ rows }) => {
    const outcome = { type: 'ok', response: { type: 'execute', result: { cols: [], rows: written(rows).rows, affected_row_count: 0 } } };
    const expected = { type: 'ok', response: { type: 'execute', result: { cols: [], rows: asObjects(rows), affected_row_count: 0 } } };
    expect(writtenJson(outcome)).toBe(JSON.stringify(expected));
  });

  it('counts each row against the result budget as the value objects did', () => {
    expect(written(ROWS).sizes).toEqual(ROWS.map(budgetOf));
  });

  it("puts each statement's rows in its own place in a batch, with a column named as the marker beside them", () => {
    const [first, second] = [ROWS.slice(0, 2), ROWS.slice(2)];
    const batch = (one: unknown, two: unknown) => ({
      step_results: [{ cols: [{ name: '\u0000rows written', decltype: null }], rows: one }, null, { cols: [], rows: two }],
      step_errors: [null, { message: '"\u0000rows written"', code: null }, null],
    });
    expect(writtenJson(batch(written(first).rows, written(second).rows))).toBe(JSON.stringify(batch(asObjects(first), asObjects(second))));
  });

  it('refuses a value JSON cannot carry, as toSqlValue does', () => {
    for (const value of [Number.POSITIVE_INFINITY, Number.NaN]) expect(() => new RowsWriter().row([value])).toThrow(/cannot be carried by JSON/);
  });

  it('gives the value objects back for an outcome sent as objects', () => {
    const outcome = { result: { rows: written(ROWS).rows, affected_row_count: 2n } };
    expect(() => writtenJson(outcome)).toThrow(TypeError);
    // As JSON reads them (-0 is written 0).
    expect(withRowObjects(outcome)).toEqual({ result: { rows: JSON.parse(JSON.stringify(asObjects(ROWS))), affected_row_count: 2n } });
  });
});
