// A journal entry in its two shapes: what a door records for one request (JournalInput, kept as
// it is given) and what callers are shown (RequestEntry: a fresh object each time, its body
// parsed from the text kept).
import { parseExactJson } from '../engine/exact-json.ts';

/** A violation of the contract, as the `sl-violations` header shows them: `['request', 'body', 'title']`. */
export interface JournalViolation {
  location: string[];
  message: string;
}

/** What a door records for one request (or one WebSocket message). */
export interface JournalInput {
  /** When it arrived, on the namespace's clock (ms since the epoch). */
  time: number;
  transport: 'http' | 'websocket';
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  query: Record<string, string | string[]>;
  area?: string;
  operationId?: string;
  params?: Record<string, string>;
  /** The body as sent (already redacted), or undefined without one. */
  bodyText?: string;
  /** The body's media type (lower case, no parameters), when it has one. */
  contentType?: string;
  /** The body's size when it was too large to keep. */
  omittedBodyBytes?: number;
  statements?: string[];
  status: number;
  violations: JournalViolation[];
  fault?: { status?: number; network?: string; latencyMs?: number };
  error?: { message: string; code?: string };
  /** Sent by the vitest fixtures to set a test up (the SETUP_HEADER): left out of lists unless asked for, and of coverage. */
  setup?: boolean;
}

/** One recorded request, as `mock.requests()` and `GET /_mock/requests` give it. */
export interface RequestEntry {
  /** Its place among the namespace's requests, from 1 (dropped entries keep their numbers). */
  seq: number;
  /** When it arrived, on the namespace's clock (ISO 8601). */
  time: string;
  /** `http` (the fetch door, MSW and HTTP alike) or `websocket` (one message of a connection). */
  transport: 'http' | 'websocket';
  area?: string;
  /** The operation it matched; absent when it matched none (and over WebSocket). */
  operationId?: string;
  method: string;
  /** As sent, still percent-encoded. */
  path: string;
  /** Path parameters by their declared names, decoded, when it matched an operation. */
  params?: Record<string, string>;
  query: Record<string, string | string[]>;
  /** The body: parsed JSON for a JSON media type, text otherwise; secrets redacted. */
  body?: unknown;
  /** The body's size in bytes when it was larger than the journal keeps (then `body` is absent). */
  omittedBodyBytes?: number;
  /** Every SQL text the body carries, in order (database requests). */
  statements?: string[];
  /** The status answered; 0 when a network fault answered nothing. */
  status: number;
  /** What the request (`request.…`) or the answer (`response.…`) broke of the contract; empty when nothing. */
  violations: JournalViolation[];
  /** The fault that answered it, when one did. */
  fault?: { status?: number; network?: string; latencyMs?: number };
  /** Over WebSocket: the protocol error the message was answered with. */
  error?: { message: string; code?: string };
  /** The vitest fixtures sent it to set the test up (database tokens): listed only with `{ setup: true }`. */
  setup?: true;
}

/** A stored entry as callers see it: a fresh object each time, its body parsed from the text kept. */
export function entryOf(seq: number, input: JournalInput): RequestEntry {
  return {
    seq,
    time: new Date(input.time).toISOString(),
    transport: input.transport,
    ...(input.area !== undefined && { area: input.area }),
    ...(input.operationId !== undefined && { operationId: input.operationId }),
    method: input.method,
    path: input.path,
    ...(input.params !== undefined && { params: { ...input.params } }),
    query: { ...input.query },
    ...(input.bodyText !== undefined && { body: bodyOf(input.bodyText, input.contentType) }),
    ...(input.omittedBodyBytes !== undefined && { omittedBodyBytes: input.omittedBodyBytes }),
    ...(input.statements !== undefined && { statements: [...input.statements] }),
    status: input.status,
    violations: input.violations.map((v) => ({ location: [...v.location], message: v.message })),
    ...(input.fault !== undefined && { fault: { ...input.fault } }),
    ...(input.error !== undefined && { error: { ...input.error } }),
    ...(input.setup && { setup: true as const }),
  };
}

const JSON_MEDIA = /^(application\/json|text\/json|application\/[^;]*\+json)$/;

/** A body as its media type reads it: JSON parsed (exactly: int64 as bigint beyond 2^53), text as it is. */
function bodyOf(text: string, contentType: string | undefined): unknown {
  if (contentType !== undefined && !JSON_MEDIA.test(contentType)) return text;
  try {
    return parseExactJson(text);
  } catch {
    return text;
  }
}
