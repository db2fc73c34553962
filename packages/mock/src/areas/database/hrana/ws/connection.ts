// Hrana over WebSocket on the mock's port (subprotocols hrana1, hrana2, hrana3; JSON), with the
// `ws` library. A connection authenticates with `hello` (its token, as a Bearer token of the
// pipeline), then multiplexes streams: each is a stream of the same stream table the HTTP
// pipeline uses, run by the same pipeline runner, so limits, access and invalidation are
// shared. Requests of one stream run in order; streams run side by side. WebSocket streams do
// not expire while their connection lives (as sqld's); they end with `close_stream`, the
// connection, or the invalidation of their token.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { AreaUpgrade, MockResponse, UpgradeContext } from '../../../../engine/area.ts';
import { jsonBytes, knownJsonText, withJsonText } from '../../../../engine/json-text.ts';
import type { DatabaseState } from '../../namespaces/state-store.ts';
import { type Stream, StreamLost, type StreamTable } from '../../namespaces/stream-table.ts';
import { type AuthRefusal, authError, isRefusal } from '../../protocol/error-codes.ts';
import { type DatabaseError, type StreamResult, toDatabaseError } from '../../protocol/protocol.ts';
import type { Caller } from '../../tokens/token-management.ts';
import { runCursor, runPipeline } from '../pipeline-runner.ts';
import { answerFlow } from './flow.ts';
import {
  checkRequest,
  chooseSubprotocol,
  cursorPage,
  cursorSteps,
  offeredSubprotocols,
  SUBPROTOCOLS,
  storeSql,
  toWireRequest,
  type Version,
  type WsRequest,
} from './requests.ts';
import { type CursorSlot, endIfIdle, lostError, runOnStream, type StreamSlot } from './slots.ts';

/** Streams one connection may hold by id (open or failed to open); each has at most one cursor. */
const MAX_IDS = 1024;
const PROTOCOL_ERROR = 1002;
const POLICY_VIOLATION = 1008;

export interface HranaWsOptions {
  streams: StreamTable;
  authorize(secret: string | undefined, host: string, stateOf: (namespace: string) => DatabaseState): Caller | AuthRefusal;
  /** Opens a new stream for the caller; the protocol's error when a limit refuses it. */
  openStream(caller: Caller): Stream | DatabaseError;
  /** A request's problem against the contract's StreamRequestV3 schema, as one line. */
  validate(request: unknown): string | undefined;
  /** Largest message taken, in bytes (the pipeline's body limit). */
  maxMessageBytes: number;
}

const OK_PREFIX = '{"type":"ok","response":';
const OK_PREFIX_BYTES = Buffer.from(OK_PREFIX);

/** A result's response, with the text of its JSON when the result came with one (the response of a result with rows is without them: the text holds them). */
function responseOf(result: StreamResult & { type: 'ok' }): unknown {
  const text = knownJsonText(result);
  if (typeof text === 'string' && text.startsWith(OK_PREFIX)) return withJsonText(result.response as object, text.slice(OK_PREFIX.length, -1));
  if (text instanceof Uint8Array && OK_PREFIX_BYTES.equals(text.subarray(0, OK_PREFIX_BYTES.length)))
    return withJsonText(result.response as object, text.subarray(OK_PREFIX_BYTES.length, text.byteLength - 1));
  return result.response;
}

/** The `response_ok` message, written from its response's JSON text when it has one (flow.ts sends that text). */
function responseOk(requestId: number, response: unknown) {
  const message = { type: 'response_ok', request_id: requestId, response };
  const text = knownJsonText(response);
  if (text === undefined) return message;
  const head = `{"type":"response_ok","request_id":${JSON.stringify(requestId)},"response":`;
  // A text answer stays text (flow.ts takes its bytes from Buffer's pool): no buffer of its own per answer.
  return withJsonText(message, typeof text === 'string' ? `${head}${text}}` : jsonBytes([head, text, '}']));
}

export function hranaWebSocket(options: HranaWsOptions) {
  const { streams } = options;
  // `ws` is loaded at the first upgrade, not with the mock (it costs a fifth of the mock's import).
  let server: Promise<WebSocketServer> | undefined;
  const serverOf = () =>
    (server ??= import('ws').then(
      ({ WebSocketServer }) =>
        new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes, handleProtocols: (offered) => chooseSubprotocol(offered) ?? false }),
    ));
  const connections = new Set<{ socket: WebSocket; slots: Map<number, StreamSlot> }>();

  function serve(
    socket: WebSocket,
    wire: Duplex,
    version: Version,
    host: string,
    stateOf: (namespace: string) => DatabaseState,
    record?: UpgradeContext<DatabaseState>['record'],
  ) {
    let secret: string | undefined;
    let greeted = false;
    const slots = new Map<number, StreamSlot>();
    const { turn, room, send, finished } = answerFlow(socket, undefined, wire);
    // A statement waits on its stream's turn, then for the client to read its earlier answers.
    const onStream = <T>(slot: StreamSlot, work: () => Promise<T> | T) => runOnStream(slot, async () => (await room(), work()), streams);
    const cursors = new Map<number, CursorSlot>();
    const stored = new Map<number, string>();
    const connection = { socket, slots };
    connections.add(connection);
    const fail = (reason: string, code = PROTOCOL_ERROR) => socket.close(code, reason.slice(0, 120));

    /**
     * The stream a request names, or the error it answers with. The connection's token is judged
     * again at each request (its namespace's clock may have passed its expiry): a stream whose
     * token is no longer valid ends, as one whose token was invalidated.
     */
    function streamOf(slot: StreamSlot | undefined, id: unknown): Stream {
      if (!slot) throw Object.assign(new Error(`No stream ${String(id)} is open on this connection`), { code: 'STREAM_NOT_FOUND' });
      if (!slot.stream) throw Object.assign(new Error(`Stream ${String(id)} has failed to open: ${slot.error!.message}`), { code: 'STREAM_NOT_OPEN' });
      if (!slot.stream.closed && isRefusal(options.authorize(secret, host, stateOf))) {
        slot.stream.closed = true;
        slot.stream.lost = new StreamLost(
          'The stream was closed: its token expired or was invalidated; its open transaction was rolled back',
          'STREAM_EXPIRED',
        );
        endIfIdle(slot, streams);
      }
      return slot.stream;
    }

    async function answer(request: WsRequest): Promise<unknown> {
      checkRequest(request, version, options.validate);
      const streamId = request.stream_id as number;
      const slot = slots.get(streamId);
      switch (request.type) {
        case 'open_stream': {
          if (slot) throw Object.assign(new Error(`Stream ${streamId} is already in use; close it first`), { code: 'STREAM_EXISTS' });
          if (slots.size >= MAX_IDS) throw Object.assign(new Error(`A connection holds at most ${MAX_IDS} streams`), { code: 'STREAM_LIMIT_REACHED' });
          const fresh: StreamSlot = { queue: Promise.resolve(), running: 0 };
          slots.set(streamId, fresh);
          const caller = options.authorize(secret, host, stateOf);
          const opened = isRefusal(caller) ? authError(caller) : options.openStream(caller);
          if ('tokenDigest' in opened) fresh.stream = opened;
          else throw Object.assign(new Error((fresh.error = opened).message), { code: opened.code });
          return { type: 'open_stream' };
        }
        case 'close_stream':
          if (!slot) return { type: 'close_stream' };
          return onStream(slot, async () => {
            for (const [id, cursor] of cursors) if (cursor.slot === slot) cursors.delete(id);
            if (slot.stream && !slot.stream.closed) await runPipeline(slot.stream, [{ type: 'close' }], 3);
            if (slot.stream) slot.stream.closed = true;
            slots.delete(streamId);
            return { type: 'close_stream' };
          });
        case 'store_sql':
        case 'close_sql':
          return storeSql(request, stored);
        case 'open_cursor': {
          const cursorId = request.cursor_id as number;
          if (cursors.has(cursorId)) throw Object.assign(new Error(`Cursor ${cursorId} is already in use; close it first`), { code: 'CURSOR_EXISTS' });
          const stream = streamOf(slot, streamId);
          if ([...cursors.values()].some((open) => open.slot === slot))
            throw Object.assign(new Error(`Stream ${streamId} already has an open cursor; close it first`), { code: 'CURSOR_EXISTS' });
          const cursor: CursorSlot = { slot: slot!, next: 0 };
          cursors.set(cursorId, cursor);
          const steps = cursorSteps(request, stored);
          return onStream(slot!, async () => {
            if (stream.closed) cursor.error = lostError(stream);
            else cursor.entries = await runCursor(stream, steps);
            if (cursor.error) throw Object.assign(new Error(cursor.error.message), { code: cursor.error.code });
            return { type: 'open_cursor' };
          });
        }
        case 'fetch_cursor':
        case 'close_cursor': {
          const cursorId = request.cursor_id as number;
          const cursor = cursors.get(cursorId);
          if (!cursor) {
            if (request.type === 'close_cursor') return { type: 'close_cursor' };
            throw Object.assign(new Error(`No cursor ${cursorId} is open on this connection`), { code: 'CURSOR_NOT_FOUND' });
          }
          return onStream(cursor.slot, () => {
            if (request.type === 'close_cursor') {
              cursors.delete(cursorId);
              return { type: 'close_cursor' };
            }
            if (!cursor.entries)
              throw Object.assign(new Error(`Cursor ${cursorId} has failed to open${cursor.error ? `: ${cursor.error.message}` : ''}`), {
                code: 'CURSOR_NOT_OPEN',
              });
            const entries = cursorPage(cursor.entries, cursor.next, request.max_count as number);
            cursor.next += entries.length;
            return { type: 'fetch_cursor', entries, done: cursor.next >= cursor.entries.length };
          });
        }
        default: {
          const stream = streamOf(slot, streamId);
          const wire = toWireRequest(request, stored);
          return onStream(slot!, async () => {
            // The result's JSON text as the SQL thread wrote it, rows included (sql/statements/json-outcome.ts).
            const [result] = await runPipeline(stream, [wire], version === 3 ? 3 : 2, 'json');
            if (result!.type === 'error')
              throw Object.assign(new Error(result!.error.message), { code: result!.error.code, extendedCode: result!.error.extended_code ?? undefined });
            return responseOf(result!);
          });
        }
      }
    }

    function onRequest(requestId: unknown, request: unknown) {
      if (!Number.isInteger(requestId) || typeof request !== 'object' || request === null || typeof (request as WsRequest).type !== 'string') {
        return fail('A request message needs an integer request_id and a request object with a type');
      }
      const answered = turn().then(() => answer(request as WsRequest));
      record?.({ authorization: `Bearer ${secret ?? ''}`, host }, request, answered);
      answered
        .then(
          (response) => send(responseOk(requestId as number, response)),
          (error: unknown) => send({ type: 'response_error', request_id: requestId, error: toDatabaseError(error) }),
        )
        .finally(finished);
    }

    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return fail('This connection speaks JSON: send text frames');
      let message: { type?: unknown; jwt?: unknown; request_id?: unknown; request?: unknown };
      try {
        message = JSON.parse(data.toString());
      } catch {
        return fail('A message is not valid JSON');
      }
      if (typeof message !== 'object' || message === null) return fail('A message must be a JSON object');
      if (message.type === 'hello') {
        if (greeted && version < 3) return fail('A second hello needs subprotocol hrana3');
        const jwt = typeof message.jwt === 'string' ? message.jwt : undefined;
        const refusal = options.authorize(jwt, host, stateOf);
        if (isRefusal(refusal)) {
          send({ type: 'hello_error', error: authError(refusal) });
          return fail('Authentication failed', POLICY_VIOLATION);
        }
        secret = jwt;
        greeted = true;
        return send({ type: 'hello_ok' });
      }
      if (message.type !== 'request') return fail(`Unknown message type ${JSON.stringify(message.type)}`);
      if (!greeted) return fail('The first message must be a hello');
      onRequest(message.request_id, message.request);
    });

    socket.on('close', () => {
      connections.delete(connection);
      for (const slot of slots.values()) {
        if (slot.stream) slot.stream.closed = true;
        endIfIdle(slot, streams);
      }
    });
    socket.on('error', () => socket.terminate());
  }

  const upgrade: AreaUpgrade<DatabaseState> = {
    description: 'Hrana over WebSocket at / (subprotocols hrana3, hrana2, hrana1; JSON)',
    accepts: (rawPath) => rawPath === '/',
    handle(request: IncomingMessage, socket: Duplex, head: Buffer, context): MockResponse | undefined {
      const offered = offeredSubprotocols(request);
      if (offered.size > 0 && !chooseSubprotocol(offered)) {
        const detail = `The mock serves Hrana over WebSocket with the subprotocols ${Object.keys(SUBPROTOCOLS).join(', ')} (JSON); the client offered ${[...offered].join(', ')}.`;
        return {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
          body: { type: 'about:blank', title: 'Subprotocol not served', status: 400, detail },
        };
      }
      // The door already handles the socket's errors while `ws` loads.
      serverOf().then(
        (loaded) => {
          if (socket.destroyed) return;
          loaded.handleUpgrade(request, socket, head, (ws) => {
            // Without a subprotocol, a client speaks Hrana 1 (as sqld assumes).
            const version = SUBPROTOCOLS[ws.protocol as keyof typeof SUBPROTOCOLS] ?? 1;
            serve(ws, socket, version, request.headers.host ?? '', context.stateOf, context.record);
          });
        },
        () => socket.destroy(),
      );
      return undefined;
    },
  };

  return {
    upgrade,
    /** Ends the WebSocket streams already marked closed (their token was invalidated) that run no request now. */
    endClosedStreams() {
      for (const { slots } of connections) for (const slot of slots.values()) endIfIdle(slot, streams);
    },
    close() {
      for (const { socket } of connections) socket.terminate();
      void server?.then((loaded) => loaded.close());
    },
  };
}
