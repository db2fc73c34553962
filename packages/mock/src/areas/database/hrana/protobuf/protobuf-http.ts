// Hrana 3 over HTTP in Protobuf, as sqld serves it: GET /v3-protobuf (the version probe that
// @libsql/client sends first), POST /v3-protobuf/pipeline and /v3-protobuf/cursor. A body is read
// into the JSON encoding's object (protobuf-requests.ts) and validated against the contract's
// schemas of /v3/pipeline and /v3/cursor; it runs as those do, on the same streams and tokens; a
// pipeline's results are validated against the contract's schemas too (their rows' cells, written
// on the SQL thread, are of Hrana's value types by construction: protocol/protobuf-results.ts).
// The contract describes these paths in its table of libSQL's behaviours, not as operations (their
// bodies are not JSON): the area serves them through the engine's `unrouted` hook.
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { MockResponse, UnroutedRequest, Violation } from '../../../../engine/area.ts';
import { describeViolations } from '../../../../engine/request-values.ts';
import type { DatabaseState } from '../../namespaces/state-store.ts';
import { cursorEntriesBytes, writeStreamResult } from '../../protocol/protobuf-results.ts';
import type { DatabaseError, StreamResult } from '../../protocol/protocol.ts';
import { isProtobufOutcome, type SqlOutcome } from '../../sql/index.ts';
import { type HranaHttpOptions, isRefusal, isStream, type Refusal, streamOpener, text, VERSION_TEXT } from '../http/handlers.ts';
import { cursorOutcome, runPipeline, type WireRequest } from '../pipeline-runner.ts';
import { ProtobufBodyError, readCursorRequest, readPipelineRequest } from './protobuf-requests.ts';

export interface HranaProtobufOptions extends HranaHttpOptions {
  /** A validator of the contract's schema `name` (the area's `schema`). */
  schema(name: string): (value: unknown) => Violation[];
}

const CONTENT_TYPE = 'application/x-protobuf';
const EMPTY = new Uint8Array(0);
type StateOf = (namespace: string) => DatabaseState;

const problem = (status: number, title: string, detail: string, headers: Record<string, string> = {}): MockResponse => ({
  status,
  headers: { 'content-type': 'application/problem+json', ...headers },
  body: { type: 'about:blank', title, status, detail },
});
const bytes = (body: Uint8Array): MockResponse => ({ status: 200, headers: { 'content-type': CONTENT_TYPE }, body });

/** The paths served, by raw path: their method. */
const PATHS: Record<string, string> = { '/v3-protobuf': 'GET', '/v3-protobuf/pipeline': 'POST', '/v3-protobuf/cursor': 'POST' };

export function hranaProtobuf(options: HranaProtobufOptions) {
  const { streams } = options;
  const openStream = streamOpener(options);
  const pipelineRequest = options.schema('PipelineRequestV3');
  const pipelineResponse = options.schema('PipelineResponseV3');
  const cursorRequest = options.schema('CursorRequest');

  /** The body read and validated as its JSON encoding would be; or the 400 that refuses it. */
  function read<T>(request: UnroutedRequest, reader: (bytes: Uint8Array) => unknown, validate: (value: unknown) => Violation[]): T | MockResponse {
    let body: unknown;
    try {
      body = reader(request.body ?? EMPTY);
    } catch (error) {
      if (error instanceof ProtobufBodyError) return text(400, `The body is not Hrana's Protobuf encoding: ${error.message}`);
      throw error;
    }
    const violations = validate(body);
    return violations.length > 0 ? text(400, describeViolations(violations)) : (body as T);
  }
  const isAnswer = (value: unknown): value is MockResponse => typeof value === 'object' && value !== null && 'status' in value;
  /** An answer that breaks the contract becomes a 500 that says so, as the engine answers one (engine/answer.ts checked). */
  const broken = (violations: Violation[]) =>
    problem(500, 'The mock answer breaks the contract', `The Protobuf answer's results break the contract: ${describeViolations(violations)}`);

  async function pipeline(request: UnroutedRequest, stateOf: StateOf): Promise<MockResponse | Refusal> {
    const body = read<{ baton?: string; requests: WireRequest[] }>(request, readPipelineRequest, pipelineRequest);
    if (isAnswer(body)) return body;
    const stream = openStream(request.headers, stateOf, body.baton);
    if (isRefusal(stream))
      return pipelineAnswer(
        null,
        body.requests.map((): StreamResult => ({ type: 'error', error: stream })),
      );
    if (!isStream(stream)) return stream;
    let results: StreamResult[];
    try {
      results = await runPipeline(stream, body.requests, 3, 'protobuf');
    } catch (error) {
      stream.closed = true;
      streams.give(stream);
      throw error;
    }
    return pipelineAnswer(streams.give(stream), results);
  }

  /** PipelineRespBody { baton = 1; base_url = 2; repeated StreamResult results = 3 }: the SQL thread's bytes of each result, as they came. */
  function pipelineAnswer(baton: string | null, results: StreamResult[]): MockResponse {
    const skeletons = results.map((result) => {
      if (!isProtobufOutcome(result as SqlOutcome)) return result;
      const { protobuf: _bytes, ...skeleton } = result as StreamResult & { protobuf: Uint8Array };
      return skeleton;
    });
    const violations = pipelineResponse({ baton, base_url: null, results: skeletons });
    if (violations.length > 0) return broken(violations);
    const w = new BinaryWriter();
    if (baton !== null) w.tag(1, WireType.LengthDelimited).string(baton);
    for (const result of results) {
      w.tag(3, WireType.LengthDelimited);
      if (isProtobufOutcome(result as SqlOutcome)) w.bytes((result as unknown as { protobuf: Uint8Array }).protobuf);
      else {
        w.fork();
        writeStreamResult(w, result);
        w.join();
      }
    }
    return bytes(w.finish());
  }

  /** The cursor's body: CursorRespBody, then its entries, each preceded by its length. */
  async function cursor(request: UnroutedRequest, stateOf: StateOf): Promise<MockResponse | Refusal> {
    const body = read<{ baton?: string; batch: { steps: Parameters<typeof cursorOutcome>[1] } }>(request, readCursorRequest, cursorRequest);
    if (isAnswer(body)) return body;
    const stream = openStream(request.headers, stateOf, body.baton);
    if (isRefusal(stream)) return cursorAnswer(null, { type: 'error', error: stream });
    if (!isStream(stream)) return stream;
    const outcome = await cursorOutcome(stream, body.batch.steps, 'protobuf');
    return cursorAnswer(streams.give(stream), outcome);
  }

  function cursorAnswer(baton: string | null, outcome: SqlOutcome): MockResponse {
    const w = new BinaryWriter();
    w.fork();
    if (baton !== null) w.tag(1, WireType.LengthDelimited).string(baton);
    w.join();
    if (outcome.type === 'error') return bytes(w.raw(cursorEntriesBytes([{ type: 'error', error: outcome.error as DatabaseError }])).finish());
    // As /v3/cursor's lines (text/plain in the contract), the entries have no schema to meet.
    if (outcome.response.type !== 'cursor' || !isProtobufOutcome(outcome)) return bytes(w.finish());
    return bytes(w.raw(outcome.protobuf).finish());
  }

  /** The answer for a path under /v3-protobuf; undefined for any other path. */
  return (request: UnroutedRequest, context: { stateOf: StateOf }): MockResponse | Promise<MockResponse> | undefined => {
    const { method, rawPath } = request;
    if (!/^\/v3-protobuf(\/|$)/.test(rawPath)) return undefined;
    const allowed = PATHS[rawPath];
    if (allowed === undefined)
      return problem(
        404,
        'Not found',
        `Hrana over HTTP in Protobuf has no path ${rawPath}: it serves GET /v3-protobuf, POST /v3-protobuf/pipeline and POST /v3-protobuf/cursor.`,
      );
    if (method !== allowed && !(allowed === 'GET' && method === 'HEAD'))
      return problem(405, 'Method not allowed', `${rawPath} answers ${allowed}, not ${method}.`, { allow: allowed });
    if (rawPath === '/v3-protobuf') return text(200, VERSION_TEXT[3]);
    return (rawPath === '/v3-protobuf/pipeline' ? pipeline(request, context.stateOf) : cursor(request, context.stateOf)) as Promise<MockResponse>;
  };
}
