// The requests of Hrana over WebSocket (HRANA_3_SPEC, "Hrana over WebSocket"), checked and put
// in the form the pipeline runner takes: which subprotocol introduced each request, the shape
// each must have (the contract's StreamRequestV3 schemas, shared with /v3/pipeline), and stored
// SQL texts resolved when the request arrives, since a connection's texts are its own and a
// later close_sql must not reach a request still waiting behind others of its stream.
import type { IncomingMessage } from 'node:http';
import type { Violation } from '../../../../engine/area.ts';
import { stringifyExactJson } from '../../../../engine/exact-json.ts';
import { jsonDepth, MAX_JSON_DEPTH, tooDeepMessage } from '../../../../engine/json-depth.ts';
import { describeViolations } from '../../../../engine/request-values.ts';
import { ProtocolError } from '../../protocol/protocol.ts';
import type { runCursor, WireRequest } from '../pipeline-runner.ts';

/** The subprotocols served, best first, and the Hrana version each speaks (all JSON). */
export const SUBPROTOCOLS = { hrana3: 3, hrana2: 2, hrana1: 1 } as const;
export type Version = (typeof SUBPROTOCOLS)[keyof typeof SUBPROTOCOLS];

/** sqld's limit on the SQL texts a WebSocket connection stores (MAX_SQL_COUNT, src/hrana/ws/session.rs; an HTTP stream stores 50). */
export const MAX_STORED_SQL = 150;
/**
 * sqld bounds no stored text over WebSocket but by its message size; the mock bounds what one
 * connection stores in all (150 texts of @libsql/client's largest, 5,000 bytes, fit).
 */
const MAX_STORED_SQL_BYTES = 1024 * 1024;

/** The version that introduced each request type. */
const INTRODUCED: Record<string, Version> = {
  open_stream: 1,
  close_stream: 1,
  execute: 1,
  batch: 1,
  sequence: 2,
  describe: 2,
  store_sql: 2,
  close_sql: 2,
  open_cursor: 3,
  close_cursor: 3,
  fetch_cursor: 3,
  get_autocommit: 3,
};

export type WsRequest = { type: string; stream_id?: unknown; cursor_id?: unknown; sql_id?: unknown; max_count?: unknown; [field: string]: unknown };

const isInt32 = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) < 2 ** 31;

/**
 * The request's shape problem as a ProtocolError, if it has one: an unknown type, a type of a
 * later version, a missing id, or a body the contract's StreamRequestV3 schema refuses.
 */
export function checkRequest(request: WsRequest, version: Version, validate: (request: unknown) => string | undefined): void {
  // The request sits one level inside its message.
  const depth = jsonDepth(request, MAX_JSON_DEPTH - 1) + 1;
  if (depth > MAX_JSON_DEPTH) throw new ProtocolError(`The \`${request.type}\` request ${tooDeepMessage(depth)}`, 'REQUEST_INVALID');
  const introduced = INTRODUCED[request.type];
  if (introduced === undefined) throw new ProtocolError(`Unknown request type ${JSON.stringify(request.type)}`, 'REQUEST_INVALID');
  if (introduced > version)
    throw new ProtocolError(`The \`${request.type}\` request needs subprotocol hrana${introduced}; this connection speaks hrana${version}`, 'PROTOCOL_VERSION');
  for (const field of ['stream_id', 'cursor_id', 'sql_id'] as const) {
    const needed =
      field === 'stream_id'
        ? !['store_sql', 'close_sql', 'close_cursor', 'fetch_cursor'].includes(request.type)
        : field === 'cursor_id'
          ? request.type.endsWith('_cursor')
          : request.type.endsWith('_sql');
    if (needed && !isInt32(request[field])) throw new ProtocolError(`\`${request.type}\` needs \`${field}\`, a 32-bit integer`, 'REQUEST_INVALID');
  }
  if (request.type === 'fetch_cursor' && !(Number.isInteger(request.max_count) && (request.max_count as number) >= 0)) {
    throw new ProtocolError('`fetch_cursor` needs `max_count`, an integer of 0 or more', 'REQUEST_INVALID');
  }
  const asPipeline = pipelineShape(request);
  const problem = asPipeline && validate(asPipeline);
  if (problem) throw new ProtocolError(`The \`${request.type}\` request is invalid: ${problem}`, 'REQUEST_INVALID');
}

/**
 * The request as /v3/pipeline would carry it, for the contract's schema; undefined for those that
 * have no such form. Its parts are the message's own (parsed JSON, never copied); a field the
 * request leaves out stays out, as it would be from the message's JSON.
 */
export function pipelineShape(request: WsRequest): unknown {
  switch (request.type) {
    case 'execute':
      return withFields({ type: 'execute' }, request, 'stmt');
    case 'batch':
    case 'open_cursor':
      return withFields({ type: 'batch' }, request, 'batch');
    case 'sequence':
    case 'describe':
      return withFields({ type: request.type }, request, 'sql', 'sql_id');
    case 'store_sql':
      return withFields({ type: 'store_sql' }, request, 'sql_id', 'sql');
    default:
      return undefined;
  }
}

function withFields(shape: Record<string, unknown>, request: WsRequest, ...fields: string[]): Record<string, unknown> {
  for (const field of fields) if (request[field] !== undefined) shape[field] = request[field];
  return shape;
}

/**
 * A request's check against the contract's StreamRequestV3 schema (`schema`, the area's
 * validator), as one line; undefined when it meets it. The request is validated as it came (no
 * copy of it is written or read again): a validator only reads what it checks.
 */
export function streamRequestCheck(schema: (value: unknown) => Violation[]): (request: unknown) => string | undefined {
  return (request) => {
    const violations = schema(request);
    return violations.length > 0 ? describeViolations(violations) : undefined;
  };
}

type Sourced = { sql?: string | null; sql_id?: number | null };

/** A statement or SQL text with its `sql_id` replaced by the stored text (an unknown id stays, for the runner's SQL_NOT_FOUND). */
function withText<T extends Sourced>(source: T, stored: Map<number, string>): T {
  if (source.sql_id === undefined || source.sql_id === null || !stored.has(source.sql_id)) return source;
  if (source.sql !== undefined && source.sql !== null) return source; // both given: the runner says so
  return { ...source, sql: stored.get(source.sql_id), sql_id: null };
}

type Steps = { steps: { condition?: unknown; stmt: Sourced }[] };
const stepsWithText = (batch: Steps, stored: Map<number, string>) => ({
  ...batch,
  steps: batch.steps.map((step) => ({ ...step, stmt: withText(step.stmt, stored) })),
});

/** The pipeline request a stream request of the WebSocket becomes, its stored SQL resolved now. */
export function toWireRequest(request: WsRequest, stored: Map<number, string>): WireRequest {
  switch (request.type) {
    case 'execute':
      return { type: 'execute', stmt: withText(request.stmt as Sourced, stored) } as WireRequest;
    case 'batch':
      return { type: 'batch', batch: stepsWithText(request.batch as Steps, stored) } as WireRequest;
    case 'sequence':
    case 'describe':
      return { type: request.type, ...withText({ sql: request.sql as string | null, sql_id: request.sql_id as number | null }, stored) };
    case 'get_autocommit':
      return { type: 'get_autocommit' };
    default:
      throw new ProtocolError(`\`${request.type}\` is not a statement request`, 'REQUEST_INVALID');
  }
}

/** The steps of an `open_cursor` batch, their stored SQL resolved now. */
export const cursorSteps = (request: WsRequest, stored: Map<number, string>) =>
  stepsWithText(request.batch as Steps, stored).steps as Parameters<typeof runCursor>[1];

/** What one `fetch_cursor` answers at most, as sqld: its entries stop once they reach an eighth of its largest answer (max_response_size, 10 MB by default: src/hrana/ws/session.rs). */
export const MAX_CURSOR_FETCH_BYTES = 10_000_000 / 8;

/** The entries one `fetch_cursor` answers from `from` on: at most `maxCount`, and none past the first that reaches MAX_CURSOR_FETCH_BYTES in all. */
export function cursorPage<T>(entries: T[], from: number, maxCount: number): T[] {
  const page: T[] = [];
  let bytes = 0;
  for (let i = from; i < entries.length && page.length < maxCount && bytes < MAX_CURSOR_FETCH_BYTES; i++) {
    page.push(entries[i]!);
    bytes += stringifyExactJson(entries[i]).length;
  }
  return page;
}

/** Runs `store_sql` and `close_sql` on the connection's texts. */
export function storeSql(request: WsRequest, stored: Map<number, string>): { type: 'store_sql' | 'close_sql' } {
  const id = request.sql_id as number;
  if (request.type === 'close_sql') {
    stored.delete(id);
    return { type: 'close_sql' };
  }
  const sql = request.sql as string;
  if (stored.has(id)) throw new ProtocolError(`SQL text ${id} already exists`, 'SQL_EXISTS');
  if (stored.size >= MAX_STORED_SQL) throw new ProtocolError(`The server already stores ${stored.size} SQL texts, it cannot store more`, 'SQL_STORE_TOO_MANY');
  let bytes = Buffer.byteLength(sql);
  for (const text of stored.values()) bytes += Buffer.byteLength(text);
  if (bytes > MAX_STORED_SQL_BYTES) {
    throw new ProtocolError(
      `The statement is too large to be stored: the connection's stored SQL texts would take ${bytes} bytes, more than the mock keeps (${MAX_STORED_SQL_BYTES}); close some (close_sql)`,
      'SQL_STORE_TOO_LARGE',
    );
  }
  stored.set(id, sql);
  return { type: 'store_sql' };
}

/** The subprotocols a client's upgrade request offers. */
export function offeredSubprotocols(request: IncomingMessage): Set<string> {
  const header = request.headers['sec-websocket-protocol'];
  return new Set(
    (header ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/** The first subprotocol the mock serves among those offered. */
export function chooseSubprotocol(offered: Set<string>): string | undefined {
  return Object.keys(SUBPROTOCOLS).find((name) => offered.has(name));
}
