// The JSON fast path of Hrana over HTTP: the SQL thread writes a result's JSON text, sent on as it
// is, and the HTTP thread validates the result without its rows. The rows stay checked: their
// writer (toSqlValue) makes only the contract's SqlValue shapes and refuses the rest, which the
// contract's schema would have refused on the slow path (a planted value of no SQL type, a float
// JSON cannot carry).
import { describe, expect, it } from 'vitest';
import { toSqlValue } from '../../../../../packages/mock/src/areas/database/protocol/values.ts';
import { jsonOutcome } from '../../../../../packages/mock/src/areas/database/sql/statements/json-outcome.ts';
import type { SqlOutcome } from '../../../../../packages/mock/src/areas/database/sql/statements/requests.ts';
import { validateAnswer } from '../../../../support/openapi.ts';

const result = (rows: unknown[][]) => ({
  cols: [{ name: 'v', decltype: null }],
  rows: rows as never,
  affected_row_count: 0,
  last_insert_rowid: null,
  rows_read: 2,
  rows_written: 0,
  query_duration_ms: 0.1,
});
const execute = (rows: unknown[][]): SqlOutcome => ({ type: 'ok', response: { type: 'execute', result: result(rows) } });

describe('jsonOutcome', () => {
  it("keeps a result's whole JSON text, and the result without its rows beside it", () => {
    const outcome = execute([[toSqlValue(1n)], [toSqlValue('a')]]);
    const written = jsonOutcome(outcome) as SqlOutcome & { json: Uint8Array };
    expect(JSON.parse(Buffer.from(written.json).toString('utf8'))).toEqual(outcome);
    expect(written).toEqual({ ...execute([]), json: written.json });
  });

  it("empties every batch step's rows, keeping its errors", () => {
    const error = { message: 'no', code: 'SQLITE_ERROR' };
    const outcome: SqlOutcome = {
      type: 'ok',
      response: { type: 'batch', result: { step_results: [result([[toSqlValue(null)]]), null], step_errors: [null, error] } },
    };
    const written = jsonOutcome(outcome) as SqlOutcome & { json: Uint8Array };
    expect(JSON.parse(Buffer.from(written.json).toString('utf8'))).toEqual(outcome);
    expect((written as { response: unknown }).response).toEqual({ type: 'batch', result: { step_results: [result([]), null], step_errors: [null, error] } });
  });

  it.each([
    ['an error', { type: 'error', error: { message: 'no', code: null } } as SqlOutcome],
    ['a result without rows', execute([])],
    ['a describe', { type: 'ok', response: { type: 'describe', result: { params: [], cols: [], is_explain: false, is_readonly: true } } } as SqlOutcome],
  ])('leaves %s as it is', (_name, outcome) => {
    expect(jsonOutcome(outcome)).toBe(outcome);
  });
});

describe("the rows' writer refuses what the contract's schema refuses", () => {
  it.each([
    ['a value of no SQL type (a planted row)', { planted: true }, 'INTERNAL'],
    ['an infinite float', Number.POSITIVE_INFINITY, 'VALUE_NOT_REPRESENTABLE'],
    ['NaN', Number.NaN, 'VALUE_NOT_REPRESENTABLE'],
  ])('%s', (_name, cell, code) => {
    expect(() => toSqlValue(cell)).toThrow(expect.objectContaining({ code }));
  });

  it("writes every SQL type as the contract's pipeline answer takes it", () => {
    const row = [null, 9007199254740993n, 1.5, 't', new Uint8Array([1])].map(toSqlValue);
    const body = { baton: null, base_url: null, results: [execute([row])] };
    expect(validateAnswer('database', 'runPipeline', 200, body, 'application/json')).toEqual([]);
    // The schema itself refuses a planted cell, as the slow path did.
    const planted = { baton: null, base_url: null, results: [execute([[{ type: 'integer', value: 7 }]])] };
    expect(validateAnswer('database', 'runPipeline', 200, planted, 'application/json')).not.toEqual([]);
  });
});
