// A stream's SQL requests as the engine takes them, and their outcomes as it answers them: what the
// pipeline runner (hrana/pipeline-runner.ts) sends, the runner (runner.ts) runs in a worker, and the
// threads carry between them (threads/messages.ts). The HTTP side resolves stored SQL texts (sql_id)
// before sending, so the engine sees SQL only.
import type { BatchCond, DatabaseError, DescribeResult, SqlValue, StmtResult } from '../../protocol/protocol.ts';
import type { ArgValue } from '../../protocol/values.ts';

export type Access = 'full' | 'read-only';

/** A statement with its SQL text resolved and its arguments converted. */
export interface SqlStmt {
  sql: string;
  args?: ArgValue[];
  named_args?: { name: string; value: ArgValue }[];
  want_rows?: boolean | null;
}

/** A step of a batch: its statement's fields in the step itself (one object fewer per step to copy), or the error found while resolving it (unknown sql_id). */
export type SqlStep = { condition?: BatchCond | null } & (SqlStmt | { error: DatabaseError });

/**
 * How a request's outcome is written on the SQL thread for the HTTP thread: its JSON text, read
 * back into objects there (`objects`, the default: what Hrana over WebSocket sends); its JSON text
 * sent on as it is, with its rows left out of the objects the HTTP thread validates (`json`:
 * json-outcome.ts); or in Protobuf (`protobuf`: protobuf-outcome.ts).
 */
export type Encoding = 'objects' | 'json' | 'protobuf';

export type SqlRequest =
  | { type: 'execute'; stmt: SqlStmt; encoding?: Encoding }
  | { type: 'batch'; steps: SqlStep[]; encoding?: Encoding }
  | { type: 'cursor'; steps: SqlStep[]; encoding?: Encoding }
  | { type: 'sequence'; sql: string }
  | { type: 'describe'; sql: string }
  | { type: 'get_autocommit' }
  | { type: 'close' };

export type CursorEntry =
  | { type: 'step_begin'; step: number; cols: { name: string; decltype: string | null }[] }
  | { type: 'step_end'; affected_row_count: number | bigint; last_insert_rowid: string | null }
  | { type: 'step_error'; step: number; error: DatabaseError }
  | { type: 'row'; row: SqlValue[] }
  | { type: 'error'; error: DatabaseError };

export type SqlResponse =
  | { type: 'execute'; result: StmtResult }
  | { type: 'batch'; result: { step_results: (StmtResult | null)[]; step_errors: (DatabaseError | null)[] } }
  | { type: 'cursor'; entries: CursorEntry[] }
  | { type: 'sequence' }
  | { type: 'describe'; result: DescribeResult }
  | { type: 'get_autocommit'; is_autocommit: boolean }
  | { type: 'close' };

export type SqlOutcome = { type: 'ok'; response: SqlResponse } | { type: 'error'; error: DatabaseError };

/**
 * An outcome as a worker sends it: its JSON text, which is copied between threads in a fraction
 * of the time its objects take (a row is an array of value objects), and which the HTTP thread
 * sends on as it is (json-text.ts); the outcome itself only when JSON.stringify cannot write it.
 */
export type WrittenOutcome = string | SqlOutcome;

/**
 * An outcome written in Protobuf on the SQL thread: its bytes (a StreamResult; for a cursor, its
 * entries, each preceded by its length), and the outcome without its rows, which the HTTP thread
 * validates against the contract (the rows' values are of Hrana's types by construction).
 */
export type ProtobufOutcome = SqlOutcome & { protobuf: Uint8Array };

export const isProtobufOutcome = (outcome: SqlOutcome): outcome is ProtobufOutcome => 'protobuf' in outcome;

/** An outcome whose JSON (`json`, its text) is sent on as it is; the outcome beside it is without its rows (json-outcome.ts). */
export type JsonOutcome = SqlOutcome & { json: string | SlotText | LeasedText };

/** A result's JSON text left in its worker's slot (threads/result-slot.ts): its length in bytes, and whether it holds more than ASCII (UTF-8, else Latin-1). */
export interface SlotText {
  slot: number;
  wide: boolean;
}

/**
 * A result's JSON text still in its worker's slot, on the HTTP thread (threads/result-slot.ts): read
 * out alone (`text`), or with the text of the answer around it in one read (`around`: one string
 * made, not two), or undefined when the answer's text does not fit around it.
 */
export interface LeasedText {
  text(): string;
  around(head: string, tail: string): string | undefined;
  /** The length in UTF-8 bytes of what `around` returned (known without counting: the worker wrote the text). */
  readonly aroundBytes: number | undefined;
}

export const isJsonOutcome = (outcome: SqlOutcome): outcome is JsonOutcome => 'json' in outcome;

/** A JSON outcome's text: as it came in the worker's message, or read out of the worker's slot where it was left (a lease). */
export const outcomeText = (json: string | LeasedText): string => (typeof json === 'string' ? json : json.text());

export function writtenOutcome(outcome: SqlOutcome): WrittenOutcome {
  if (isProtobufOutcome(outcome) || isJsonOutcome(outcome)) return outcome;
  try {
    return JSON.stringify(outcome);
  } catch {
    return outcome;
  }
}
