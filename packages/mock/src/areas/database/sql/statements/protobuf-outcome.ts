// An outcome in Hrana's Protobuf encoding, written on the SQL thread where its rows are read: the
// bytes the HTTP thread sends on as they are, and the outcome without its rows for the HTTP
// thread to validate against the contract (its JSON schemas describe everything but the cells,
// which protocol/protobuf-results.ts writes only from values of Hrana's types, or refuses).
import { type CursorEntryOfCells, cursorEntriesBytes, type ResultOfCells, streamResultBytes } from '../../protocol/protobuf-results.ts';
import type { StmtResult } from '../../protocol/protocol.ts';
import type { ProtobufOutcome, SqlOutcome } from './requests.ts';

const withoutRows = (result: StmtResult | null): StmtResult | null => (result ? { ...result, rows: [] } : null);

export function protobufOutcome(outcome: ResultOfCells | SqlOutcome): ProtobufOutcome {
  if (outcome.type === 'error') return { ...outcome, protobuf: streamResultBytes(outcome) };
  const { response } = outcome as SqlOutcome & { type: 'ok' };
  switch (response.type) {
    case 'cursor':
      return {
        type: 'ok',
        response: { type: 'cursor', entries: response.entries.filter((entry) => entry.type !== 'row') },
        protobuf: cursorEntriesBytes(response.entries as CursorEntryOfCells[]),
      };
    case 'execute':
      return { type: 'ok', response: { type: 'execute', result: withoutRows(response.result)! }, protobuf: streamResultBytes(outcome as ResultOfCells) };
    case 'batch': {
      const { step_results, step_errors } = response.result;
      return {
        type: 'ok',
        response: { type: 'batch', result: { step_results: step_results.map(withoutRows), step_errors } },
        protobuf: streamResultBytes(outcome as ResultOfCells),
      };
    }
    default:
      return { ...(outcome as SqlOutcome), protobuf: streamResultBytes(outcome as ResultOfCells) };
  }
}
