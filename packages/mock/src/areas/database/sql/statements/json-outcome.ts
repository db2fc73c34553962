// An outcome for Hrana over HTTP in JSON, written on the SQL thread: its JSON text, which the HTTP
// thread sends on as it is (engine/json-text.ts), and the outcome without its rows, which the HTTP
// thread validates against the contract. The rows need no reading back to be checked: every cell
// was made by protocol/values.ts toSqlValue, which writes only the contract's SqlValue shapes and
// refuses anything else (a value of an unknown kind, a float JSON cannot carry) as an error of its
// statement. An outcome without rows, or one JSON.stringify cannot write, is left as it is.
import type { StmtResult } from '../../protocol/protocol.ts';
import type { JsonOutcome, SqlOutcome } from './requests.ts';

const holdsRows = (result: StmtResult | null) => result !== null && result.rows.length > 0;
const withoutRows = (result: StmtResult | null): StmtResult | null => (result && result.rows.length > 0 ? { ...result, rows: [] } : result);

export function jsonOutcome(outcome: SqlOutcome): SqlOutcome | JsonOutcome {
  if (outcome.type !== 'ok') return outcome;
  const { response } = outcome;
  let skeleton: SqlOutcome;
  if (response.type === 'execute' && holdsRows(response.result))
    skeleton = { type: 'ok', response: { type: 'execute', result: withoutRows(response.result)! } };
  else if (response.type === 'batch' && response.result.step_results.some(holdsRows)) {
    const { step_results, step_errors } = response.result;
    skeleton = { type: 'ok', response: { type: 'batch', result: { step_results: step_results.map(withoutRows), step_errors } } };
  } else return outcome;
  try {
    return { ...skeleton, json: JSON.stringify(outcome) };
  } catch {
    return outcome;
  }
}
