// Hrana over HTTP: the version probes, /v2/pipeline, /v3/pipeline and /v3/cursor. A request's
// Bearer token leads to its database (tokens/token-management.ts); its baton continues a stream of the
// stream table; the pipeline runner runs the requests.
import type { AreaOperations } from '@platform-contracts/contracts';
import type { CallContext, Handlers, MockRequest } from '../../../../engine/area.ts';
import { jsonTextOf } from '../../../../engine/exact-json.ts';
import { type JsonText, jsonBytes, knownJsonText, withJsonText } from '../../../../engine/json-text.ts';
import type { DatabaseState } from '../../namespaces/state-store.ts';
import { type Stream, StreamLost, type StreamTable } from '../../namespaces/stream-table.ts';
import { type AuthRefusal, isRefusal as isAuthRefusal, unauthorizedBody } from '../../protocol/error-codes.ts';
import type { DatabaseError, StreamResult } from '../../protocol/protocol.ts';
import type { LeasedText } from '../../sql/index.ts';
import { bearerSecret, type Caller } from '../../tokens/token-management.ts';
import { leasedTextOf, runCursor, runPipeline, type WireRequest } from '../pipeline-runner.ts';

export const VERSION_TEXT = { 2: 'Hello, this is HTTP API v2 (Hrana over HTTP)', 3: 'Hello, this is HTTP API v3 (Hrana over HTTP)' } as const;

/** The stream a request opens or continues; the protocol's error when a limit refuses it. */
export type StreamOpener = (caller: Caller, baton: string | null | undefined) => Stream | DatabaseError;

export interface HranaHttpOptions {
  streams: StreamTable;
  authorize(secret: string | undefined, host: string, stateOf: (namespace: string) => DatabaseState): Caller | AuthRefusal;
  openStream: StreamOpener;
}

type Operations = Pick<AreaOperations['database'], 'getPipelineVersion' | 'getPipelineVersionV3' | 'runPipeline' | 'runPipelineV3' | 'runCursor'>;
export const text = <Status extends number>(status: Status, body: string) => ({ status, headers: { 'content-type': 'text/plain' }, body });
/** What a pipeline request is answered instead of its results, when it has no stream (every pipeline operation documents these). */
export type Refusal =
  | { status: 401; headers: { 'content-type': string }; body: ReturnType<typeof unauthorizedBody> }
  | ReturnType<typeof text<400>>
  | { status: 500; body: DatabaseError };

/**
 * The stream a request continues or opens (by its headers' Bearer token and its baton); or the
 * answer when there is none; or a limit's error. Shared with Hrana over HTTP in Protobuf (hrana/protobuf/).
 */
export function streamOpener({ authorize, openStream }: Pick<HranaHttpOptions, 'authorize' | 'openStream'>) {
  return (
    headers: Record<string, string>,
    stateOf: (namespace: string) => DatabaseState,
    baton: string | null | undefined,
  ): Stream | Refusal | DatabaseError => {
    const secret = bearerSecret(headers.authorization ?? '');
    const caller = authorize(secret, headers.host ?? '', stateOf);
    if (isAuthRefusal(caller)) return { status: 401, headers: { 'content-type': 'application/json' }, body: unauthorizedBody(caller) };
    try {
      return openStream(caller, baton);
    } catch (error) {
      if (!(error instanceof StreamLost)) throw error;
      if (error.malformed) return text(400, `${error.code}: ${error.message}`);
      return { status: 500, body: { message: error.message, code: error.code } };
    }
  };
}
export const isStream = (value: Stream | Refusal | DatabaseError): value is Stream => 'tokenDigest' in value;
export const isRefusal = (value: Stream | Refusal | DatabaseError): value is DatabaseError => 'message' in value && !('status' in value);

export function hranaHttp({ streams, authorize, openStream }: HranaHttpOptions): Handlers<Operations, DatabaseState> {
  const opener = streamOpener({ authorize, openStream });
  /** The stream a request continues or opens; or the answer when there is none. */
  const streamFor = (request: MockRequest, call: CallContext<DatabaseState>, baton: string | null | undefined) =>
    opener(request.headers, (namespace) => (namespace === call.namespace ? call.state : call.stateOf(namespace)), baton);

  async function pipeline(
    request: MockRequest,
    call: CallContext<DatabaseState>,
    version: 2 | 3,
  ): Promise<Refusal | { status: 200; body: { baton: string | null; base_url: null; results: StreamResult[] } }> {
    const body = request.body as { baton?: string | null; requests: WireRequest[] };
    const stream = streamFor(request, call, body.baton);
    // A limit refuses the stream: every request answers the limit's error; there is no baton.
    if (isRefusal(stream))
      return { status: 200, body: { baton: null, base_url: null, results: body.requests.map((): StreamResult => ({ type: 'error', error: stream })) } };
    if (!isStream(stream)) return stream;
    let results: StreamResult[];
    try {
      // The results' JSON text as the SQL thread wrote it, sent on as it is (sql/statements/json-outcome.ts).
      results = await runPipeline(stream, body.requests, version, 'json', true);
    } catch (error) {
      stream.closed = true;
      streams.give(stream);
      throw error;
    }
    return { status: 200, body: pipelineAnswer(streams.give(stream), results) };
  }

  async function cursor(request: MockRequest, call: CallContext<DatabaseState>): Promise<Refusal | ReturnType<typeof text<200>>> {
    const body = request.body as { baton?: string | null; batch: { steps: Parameters<typeof runCursor>[1] } };
    const stream = streamFor(request, call, body.baton);
    const lines: unknown[] = [];
    if (isRefusal(stream)) lines.push({ baton: null, base_url: null }, { type: 'error', error: stream });
    else if (!isStream(stream)) return stream;
    else {
      const entries = await runCursor(stream, body.batch.steps);
      lines.push({ baton: streams.give(stream), base_url: null }, ...entries);
    }
    return text(200, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  }

  return {
    getPipelineVersion: () => text(200, VERSION_TEXT[2]),
    getPipelineVersionV3: () => text(200, VERSION_TEXT[3]),
    runPipeline: (request, call) => pipeline(request, call, 2),
    runPipelineV3: (request, call) => pipeline(request, call, 3),
    runCursor: (request, call) => cursor(request, call),
  };
}

/**
 * A pipeline's answer, with its JSON text made of the text each result came with from the engine (json-text.ts), when none holds a bigint:
 * bytes when one came as bytes. A result whose text is still in its worker's slot (leasedTextOf) is read out with the answer's text around it:
 * the answer is the one string made.
 */
export function pipelineAnswer(baton: string | null, results: StreamResult[]): { baton: string | null; base_url: null; results: StreamResult[] } {
  const body = { baton, base_url: null, results };
  const parts: JsonText[] = [`{"baton":${JSON.stringify(baton)},"base_url":null,"results":[`];
  let bytes = false;
  let leased: { lease: LeasedText; at: number } | undefined;
  for (const [index, result] of results.entries()) {
    if (index > 0) parts.push(',');
    const lease = leasedTextOf(result);
    if (lease !== undefined && leased === undefined) {
      leased = { lease, at: parts.length };
      parts.push('');
      continue;
    }
    const written = lease?.text() ?? knownJsonText(result) ?? jsonTextOf(result);
    if (typeof written === 'object' && !(written instanceof Uint8Array) && written.holdsBigint) {
      // Sent as the engine writes it: each result with its own text.
      for (const each of results) {
        const left = leasedTextOf(each);
        if (left !== undefined) withJsonText(each, left.text());
      }
      return body;
    }
    if (written instanceof Uint8Array) bytes = true;
    parts.push(typeof written === 'string' || written instanceof Uint8Array ? written : written.text);
  }
  parts.push(']}');
  if (leased !== undefined) {
    const { lease, at } = leased;
    const whole = bytes ? undefined : lease.around((parts.slice(0, at) as string[]).join(''), (parts.slice(at + 1) as string[]).join(''));
    if (whole !== undefined) return withJsonText(body, whole, lease.aroundBytes);
    parts[at] = lease.text();
  }
  return withJsonText(body, bytes ? jsonBytes(parts) : parts.join(''));
}
