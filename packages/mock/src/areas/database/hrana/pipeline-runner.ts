// Runs the requests of one pipeline on a stream, one result per request, in order. Stored SQL
// texts (store_sql, close_sql, sql_id) are kept here; every request that runs SQL goes to the
// database's executor in one message, so a pipeline costs one round trip to it.

import { withJsonText } from '../../../engine/json-text.ts';
import type { Stream } from '../namespaces/stream-table.ts';
import { type DatabaseError, ProtocolError, type SqlValue, type StreamResult, toDatabaseError } from '../protocol/protocol.ts';
import { toArgValue } from '../protocol/values.ts';
import {
  type CursorEntry,
  type Encoding,
  ExecutorStopped,
  isJsonOutcome,
  type LeasedText,
  outcomeText,
  type SqlOutcome,
  type SqlRequest,
  type SqlStep,
  type SqlStmt,
} from '../sql/index.ts';

/** sqld's limits on the SQL texts an HTTP stream stores (MAX_SQL_COUNT, MAX_STORED_SQL_SIZE: src/hrana/http/request.rs). */
export const MAX_STORED_SQL = 50;
const MAX_STORED_SQL_BYTES = 5_000;

type Version = 2 | 3;

interface WireStmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: SqlValue[];
  named_args?: { name: string; value: SqlValue }[];
  want_rows?: boolean | null;
}
type WireStep = { condition?: SqlStep['condition']; stmt: WireStmt };
export type WireRequest =
  | { type: 'execute'; stmt: WireStmt }
  | { type: 'batch'; batch: { steps: WireStep[] } }
  | { type: 'sequence'; sql?: string | null; sql_id?: number | null }
  | { type: 'describe'; sql?: string | null; sql_id?: number | null }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' }
  | { type: 'close' };

/** The SQL text of a statement: its own, or the one stored under its `sql_id`. */
function sqlOf(source: { sql?: string | null; sql_id?: number | null }, stored: Map<number, string>): string {
  const hasSql = source.sql !== undefined && source.sql !== null;
  const hasId = source.sql_id !== undefined && source.sql_id !== null;
  if (hasSql === hasId)
    throw new ProtocolError(hasSql ? 'Either `sql` or `sql_id` are required, but not both' : 'Either `sql` or `sql_id` are required', 'REQUEST_INVALID');
  if (hasSql) return source.sql!;
  const sql = stored.get(source.sql_id!);
  if (sql === undefined) throw new ProtocolError(`SQL text ${source.sql_id} not found`, 'SQL_NOT_FOUND');
  return sql;
}

/** A statement as the engine takes it: its SQL text resolved, its arguments converted (toArgValue), no field left undefined (each would be copied to the worker). */
function resolveStmt(stmt: WireStmt, stored: Map<number, string>, into: SqlStmt): SqlStmt {
  into.sql = sqlOf(stmt, stored);
  if (stmt.args && stmt.args.length > 0) into.args = stmt.args.map(toArgValue);
  if (stmt.named_args && stmt.named_args.length > 0) into.named_args = stmt.named_args.map(({ name, value }) => ({ name, value: toArgValue(value) }));
  if (stmt.want_rows !== undefined && stmt.want_rows !== null) into.want_rows = stmt.want_rows;
  return into;
}

export function resolveSteps(steps: WireStep[], stored: Map<number, string>): SqlStep[] {
  return steps.map((step) => {
    const resolved = (step.condition ? { condition: step.condition } : {}) as SqlStep;
    try {
      return resolveStmt(step.stmt, stored, resolved as SqlStmt);
    } catch (error) {
      return Object.assign(resolved, { error: toDatabaseError(error) });
    }
  });
}

/** What the executor is asked to run for one request, or the request's own answer. */
function prepare(stream: Stream, request: WireRequest, version: Version): SqlRequest | StreamResult {
  const { stored } = stream;
  switch (request.type) {
    case 'execute':
      return { type: 'execute', stmt: resolveStmt(request.stmt, stored, {} as SqlStmt) };
    case 'batch':
      return { type: 'batch', steps: resolveSteps(request.batch.steps, stored) };
    case 'sequence':
      return { type: 'sequence', sql: sqlOf(request, stored) };
    case 'describe':
      return { type: 'describe', sql: sqlOf(request, stored) };
    case 'get_autocommit':
      if (version < 3) throw new ProtocolError('The `get_autocommit` request is supported from protocol version 3 (/v3/pipeline)', 'PROTOCOL_VERSION');
      return { type: 'get_autocommit' };
    case 'close':
      return { type: 'close' };
    case 'store_sql':
      if (stored.has(request.sql_id)) throw new ProtocolError(`SQL text ${request.sql_id} already exists`, 'SQL_EXISTS');
      if (stored.size >= MAX_STORED_SQL)
        throw new ProtocolError(`The server already stores ${stored.size} SQL texts, it cannot store more`, 'SQL_STORE_TOO_MANY');
      if (Buffer.byteLength(request.sql) > MAX_STORED_SQL_BYTES)
        throw new ProtocolError(
          `The statement is too large to be stored: ${Buffer.byteLength(request.sql)}/${MAX_STORED_SQL_BYTES} bytes`,
          'SQL_STORE_TOO_LARGE',
        );
      stored.set(request.sql_id, request.sql);
      return { type: 'ok', response: { type: 'store_sql' } };
    case 'close_sql':
      stored.delete(request.sql_id);
      return { type: 'ok', response: { type: 'close_sql' } };
  }
}

const CLOSED: DatabaseError = { message: 'The stream is closed', code: 'STREAM_CLOSED' };

/**
 * Runs a pipeline's requests; the stream is marked closed after a `close` or when its executor stopped.
 * In the Protobuf `encoding`, the SQL thread writes the results that hold rows (sql/statements/protobuf-outcome.ts).
 */
export async function runPipeline(
  stream: Stream,
  requests: WireRequest[],
  version: Version,
  encoding: Encoding = 'objects',
  /** A result's text still in its worker's slot stays there, for its answer's text to be read around it (leasedTextOf). */
  leased = false,
): Promise<StreamResult[]> {
  const results: (StreamResult | undefined)[] = [];
  const sent: { index: number; request: SqlRequest }[] = [];
  let closing = false;
  for (const [index, request] of requests.entries()) {
    if (closing || stream.closed) {
      results[index] = { type: 'error', error: stream.lost && !closing ? { message: stream.lost.message, code: stream.lost.code } : CLOSED };
      continue;
    }
    try {
      const prepared = prepare(stream, request, version);
      if ('response' in prepared || prepared.type === 'error') results[index] = prepared as StreamResult;
      else
        sent.push({
          index,
          request: encoding !== 'objects' && (prepared.type === 'execute' || prepared.type === 'batch') ? { ...prepared, encoding } : prepared,
        });
    } catch (error) {
      results[index] = { type: 'error', error: toDatabaseError(error) };
    }
    if (request.type === 'close') closing = true;
  }
  if (sent.length > 0) {
    const onlyClose = sent.every(({ request }) => request.type === 'close');
    let outcomes: SqlOutcome[];
    if (onlyClose) {
      // No round trip to the SQL thread: its worker is sent the close, which it runs after the
      // stream's earlier runs and before anything sent later (an open transaction rolls back, its
      // lock is released first); a stream that never ran SQL there has nothing to close.
      stream.database.executor.closeStream(stream.id);
      outcomes = sent.map(() => ({ type: 'ok', response: { type: 'close' } }));
    } else {
      try {
        outcomes = await stream.database.executor.run(
          stream.id,
          stream.access,
          sent.map(({ request }) => request),
        );
      } catch (error) {
        if (!(error instanceof ExecutorStopped)) throw error;
        stream.closed = true;
        outcomes = sent.map(({ request }, position) =>
          request.type === 'close'
            ? { type: 'ok', response: { type: 'close' } }
            : { type: 'error', error: position === 0 ? { message: error.message, code: error.code } : CLOSED },
        );
      }
    }
    sent.forEach(({ index }, position) => (results[index] = sentAsText(outcomes[position]!, leased) as StreamResult));
  }
  if (closing) stream.closed = true;
  return results as StreamResult[];
}

const LEASED = Symbol('text in the slot');

/** A result's JSON text left in its worker's slot (runPipeline with `leased`): the result has no JSON text of its own until it is read. */
export const leasedTextOf = (result: StreamResult): LeasedText | undefined => (result as { [LEASED]?: LeasedText })[LEASED];

/**
 * An outcome whose JSON text the SQL thread wrote (sql/statements/json-outcome.ts): the outcome without its rows, with that text as its JSON
 * (engine/json-text.ts); or, `leased`, with the text still in the worker's slot (sql/threads/result-slot.ts) under LEASED.
 */
function sentAsText(outcome: SqlOutcome, leased: boolean): SqlOutcome {
  if (!isJsonOutcome(outcome)) return outcome;
  const { json, ...withoutRows } = outcome;
  if (typeof json === 'string' || !leased) return withJsonText(withoutRows as SqlOutcome, outcomeText(json as string | LeasedText));
  Object.defineProperty(withoutRows, LEASED, { value: json, enumerable: false });
  return withoutRows as SqlOutcome;
}

/** Runs a batch for /v3/cursor: its entries, in order. */
export async function runCursor(stream: Stream, steps: WireStep[]): Promise<CursorEntry[]> {
  const outcome = await cursorOutcome(stream, steps, 'objects');
  if (outcome.type === 'error') return [{ type: 'error', error: outcome.error }];
  return outcome.response.type === 'cursor' ? outcome.response.entries : [];
}

/** A cursor's batch as the SQL thread answered it (in Protobuf, with its entries' bytes: sql/statements/protobuf-outcome.ts). */
export async function cursorOutcome(stream: Stream, steps: WireStep[], encoding: Encoding): Promise<SqlOutcome> {
  try {
    const request: SqlRequest = { type: 'cursor', steps: resolveSteps(steps, stream.stored), ...(encoding === 'protobuf' ? { encoding } : {}) };
    const [outcome] = await stream.database.executor.run(stream.id, stream.access, [request]);
    return outcome!;
  } catch (error) {
    if (!(error instanceof ExecutorStopped)) throw error;
    stream.closed = true;
    return { type: 'error', error: { message: error.message, code: error.code } };
  }
}
