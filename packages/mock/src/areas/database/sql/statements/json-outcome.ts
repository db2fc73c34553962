// An outcome for Hrana in JSON, written on the SQL thread: its JSON text, which the HTTP thread sends on as
// it is (engine/json-text.ts); and the outcome without its rows, which the HTTP thread validates against
// the contract. The rows need no reading back to be checked: their bytes were written as the
// statement stepped by wasm/json-rows.ts, which writes a cell only in the contract's SqlValue
// shapes, exactly as JSON.stringify writes protocol/values.ts toSqlValue's value of it, and refuses
// what toSqlValue refuses (a float JSON cannot carry) as an error of its statement. The rest of the
// text is JSON.stringify's, in the order of the outcome's own keys.
import type { StmtResult } from '../../protocol/protocol.ts';
import type { JsonOutcome, SlotText, SqlOutcome } from './requests.ts';

/** The rows' JSON of a result whose rows were written as they were read (its `rows` are left empty), as text (wasm/json-rows.ts json()). A symbol's property: not copied between threads, and no weak map (whose young keys cost each collection). */
const ROWS_JSON = Symbol('rows JSON');
type WithRowsJson = StmtResult & { [ROWS_JSON]?: string };

/** `result`, its rows written as `rows` (their JSON, UTF-8). */
export function withRowsJson<T extends StmtResult>(result: T, rows: string): T {
  (result as WithRowsJson)[ROWS_JSON] = rows;
  return result;
}

/** The whole JSON of an `execute`'s outcome whose rows were written as they were read, prefix and suffix around them (executePrefix, executeSuffix): no parts joined. */
const OUTCOME_JSON = Symbol('outcome JSON');
type WithOutcomeJson = StmtResult & { [OUTCOME_JSON]?: string | SlotText };

/** What JSON.stringify writes of an `execute`'s ok outcome before its result. */
const OK_EXECUTE = '{"type":"ok","response":{"type":"execute","result":';
/** ...of a result before its rows: `cols` and `rows` are its first keys (runner.ts writes it so). */
const beforeRows = (cols: StmtResult['cols']) => `{"cols":${JSON.stringify(cols)},"rows":`;
/** ...and after its rows: the result's other keys, in their order. */
function afterRows(result: StmtResult): string {
  const { cols: _cols, rows: _rows, ...rest } = result;
  return `,${JSON.stringify(rest).slice(1)}`;
}

/** An `execute`'s ok outcome before its rows, and after them. */
export const executePrefix = (cols: StmtResult['cols']) => OK_EXECUTE + beforeRows(cols);
export const executeSuffix = (result: StmtResult) => `${afterRows(result)}}}`;

/** `result`, an `execute`'s, with `json` as the whole JSON of its ok outcome (executePrefix, its rows, executeSuffix). */
export function withOutcomeJson<T extends StmtResult>(result: T, json: string | SlotText): T {
  (result as WithOutcomeJson)[OUTCOME_JSON] = json;
  return result;
}

const holdsRows = (result: StmtResult | null) => result !== null && (result.rows.length > 0 || (result as WithRowsJson)[ROWS_JSON] !== undefined);

/** A result's JSON, in parts: `cols` and `rows` are its first keys (runner.ts writes it so), the rows' the bytes written as they were read. */
function resultParts(result: StmtResult | null): string[] {
  const rows = result && (result as WithRowsJson)[ROWS_JSON];
  if (rows === undefined || rows === null) return [JSON.stringify(result)];
  return [beforeRows(result!.cols), rows, afterRows(result!)];
}

export function jsonOutcome(outcome: SqlOutcome): SqlOutcome | JsonOutcome {
  if (outcome.type !== 'ok') return outcome;
  const { response } = outcome;
  try {
    const whole = response.type === 'execute' && (response.result as WithOutcomeJson)[OUTCOME_JSON];
    if (response.type === 'execute' && whole) return { type: 'ok', response: { type: 'execute', result: withoutRows(response.result) }, json: whole };
    if (response.type === 'execute' && holdsRows(response.result)) {
      const json = [OK_EXECUTE, ...resultParts(response.result), '}}'].join('');
      return { type: 'ok', response: { type: 'execute', result: withoutRows(response.result) }, json };
    }
    if (response.type === 'batch' && response.result.step_results.some(holdsRows)) {
      const { step_results, step_errors } = response.result;
      const results = step_results.flatMap((result, index) => (index === 0 ? resultParts(result) : [',', ...resultParts(result)]));
      const json = ['{"type":"ok","response":{"type":"batch","result":{"step_results":[', ...results, `],"step_errors":${JSON.stringify(step_errors)}}}}`].join(
        '',
      );
      return { type: 'ok', response: { type: 'batch', result: { step_results: step_results.map(withoutRows), step_errors } }, json };
    }
  } catch {
    // JSON.stringify cannot write it: left as it is.
  }
  return outcome;
}

function withoutRows<T extends StmtResult | null>(result: T): T {
  return result && result.rows.length > 0 ? { ...result, rows: [] } : result;
}
