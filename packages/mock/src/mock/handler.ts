// The one handler every door shares: the body limit of a target, connection upgrades, and each
// request's answer (the controls under /_mock/, the validation proxy, else the engine), a request
// the mock fails to answer answered 500 and reported, never rejected.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONTROL_PREFIX, type createControl, largestSnapshotBytes, STATE_PATH } from '../controls/control.ts';
import type { DoorAnswer, DoorRequest, RequestLogEntry } from '../doors/door.ts';
import { problemAnswer, queryOf, serialize, splitTarget, tooLarge } from '../doors/door-answers.ts';
import { failureAnswer, type MockFailure, reportFailure } from '../doors/failure.ts';
import type { BodyLimit } from '../engine/area.ts';
import type { Engine } from '../engine/engine.ts';
import { stringifyExactJson } from '../engine/exact-json.ts';
import { DEFAULT_MAX_STATE_BYTES } from '../engine/namespaces.ts';
import { isThenable, mapSettled } from '../engine/thenable.ts';
import type { Proxy as ValidationProxy } from '../proxy/index.ts';
import { DEFAULT_MAX_BODY_BYTES } from './options.ts';

/** Whether a method is written in upper case already, as doors give it (toUpperCase goes through ICU, even on such a text). */
const isUpperCase = (method: string) => method === 'POST' || method === 'GET' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';

export interface HandlerParts {
  engine: Engine;
  control: ReturnType<typeof createControl>;
  proxy: ValidationProxy | undefined;
  maxBodyBytes?: number;
  maxStateBytes?: number;
  onRequest?: (entry: RequestLogEntry) => void;
  onError?: (failure: MockFailure) => void;
}

export function createHandler(parts: HandlerParts) {
  const { engine, control, proxy } = parts;
  const maxBodyBytes = parts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const mockWideLimit: BodyLimit = { bytes: maxBodyBytes, option: 'the option maxBodyBytes (--max-body-bytes)' };
  // A snapshot the mock gave can always be put back: PUT /_mock/state takes the largest the caps allow.
  let snapshotLimit: BodyLimit | undefined;
  const snapshotLimitOf = (): BodyLimit =>
    (snapshotLimit ??= {
      bytes: Math.max(maxBodyBytes, largestSnapshotBytes(engine, parts.maxStateBytes ?? DEFAULT_MAX_STATE_BYTES)),
      option: "the largest snapshot the options allow (maxStateBytes, --max-state-bytes; the database's maxSnapshotBytes and maxDatabases)",
    });
  const bodyLimit = (method: string, target: string): BodyLimit => {
    const { rawPath } = splitTarget(target);
    if (rawPath === undefined) return mockWideLimit;
    const upper = isUpperCase(method) ? method : method.toUpperCase();
    if (rawPath === STATE_PATH && upper === 'PUT') return snapshotLimitOf();
    return engine.bodyLimit(upper, rawPath) ?? mockWideLimit;
  };

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): DoorAnswer | undefined {
    const { rawPath } = splitTarget(request.url ?? '/');
    const isWebSocket = (request.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (rawPath !== undefined && proxy?.upgrade(request, rawPath, splitTarget(request.url ?? '/').search, socket, head)) return undefined;
    const taken = rawPath !== undefined && isWebSocket ? engine.upgrade(request, rawPath, socket, head) : undefined;
    if (taken === 'taken') return undefined;
    if (taken) return serialize(taken);
    const served = engine.upgrades.length > 0 ? `The mock takes WebSocket upgrades for ${engine.upgrades.join('; ')}.` : 'The mock takes no WebSocket upgrade.';
    if (!isWebSocket)
      return problemAnswer(
        400,
        'Upgrade not served',
        `The mock does not upgrade to ${JSON.stringify(request.headers.upgrade ?? '')}; send the request without an Upgrade header (HTTP/1.1). ${served}`,
      );
    return problemAnswer(404, 'No WebSocket endpoint', `No WebSocket endpoint at ${rawPath ?? request.url}. ${served}`);
  }

  /** What the mock answers when it fails to answer a request (a handler threw): a 500, reported. */
  function failedOn(request: DoorRequest, error: unknown): DoorAnswer {
    const path = splitTarget(request.target).rawPath ?? request.target;
    reportFailure(error, { method: request.method, path, headers: request.headers }, engine.apiHeaders, parts.onError);
    return failureAnswer(request.method, path);
  }

  /**
   * Every door's answer: a request the mock fails to answer (a handler threw) is answered 500 and
   * reported, never rejected. One promise per request: the engine answers most without one.
   */
  function handle(request: DoorRequest): Promise<DoorAnswer> {
    const answered = handleNow(request);
    return isThenable(answered) ? answered : Promise.resolve(answered);
  }

  /** `handle`, without a promise where nothing waits (the HTTP door's hot path: it sends in the same turn); never throws. */
  function handleNow(request: DoorRequest, bodyWithinLimit = false): DoorAnswer | Promise<DoorAnswer> {
    let answered: DoorAnswer | Promise<DoorAnswer>;
    try {
      answered = answer(request, bodyWithinLimit);
    } catch (error) {
      return failedOn(request, error);
    }
    return isThenable(answered) ? Promise.resolve(answered).then(undefined, (error: unknown) => failedOn(request, error)) : answered;
  }

  function answer(request: DoorRequest, bodyWithinLimit: boolean): DoorAnswer | Promise<DoorAnswer> {
    const { rawPath, search } = splitTarget(request.target);
    if (rawPath === undefined) return problemAnswer(400, 'Invalid request target', 'The request target is neither a path nor an absolute URL.');
    // The printed URL leads somewhere: the mock's root is the reference site.
    if ((request.method === 'GET' || request.method === 'HEAD') && rawPath === '/') return { status: 302, headers: { location: '/docs/' }, violations: [] };
    if (!bodyWithinLimit && request.body !== undefined && request.body.length > 0) {
      const limit = bodyLimit(request.method, request.target);
      if (request.body.length > limit.bytes) return tooLarge(limit);
    }
    if (rawPath.startsWith(CONTROL_PREFIX)) return answerControl(request, rawPath, search);
    if (proxy) return answerProxied(proxy, request, rawPath, search);
    return answerByEngine(request, rawPath, search);
  }

  async function answerControl(request: DoorRequest, rawPath: string, search: string): Promise<DoorAnswer> {
    const answer = await control(request.method, rawPath, new URLSearchParams(search), request.body?.toString('utf8'), request.headers);
    const isProblem = typeof answer.body === 'object' && answer.body !== null && 'type' in answer.body && 'title' in answer.body;
    const headers: Record<string, string> = { 'content-type': isProblem ? 'application/problem+json' : 'application/json', ...answer.headers };
    if (request.method === 'HEAD' || answer.body === undefined) return { status: answer.status, headers, violations: [] };
    const text = stringifyExactJson(answer.body);
    return { status: answer.status, headers: { ...headers, 'content-length': String(Buffer.byteLength(text)) }, body: text, violations: [] };
  }

  async function answerProxied(proxy: ValidationProxy, request: DoorRequest, rawPath: string, search: string): Promise<DoorAnswer> {
    const forwarded = await proxy.handle(request, rawPath, search);
    return forwarded ?? answerByEngine(request, rawPath, search);
  }

  function answerByEngine(request: DoorRequest, rawPath: string, search: string): DoorAnswer | Promise<DoorAnswer> {
    const body = request.body !== undefined && request.body.length > 0 ? request.body : undefined;
    const answered = engine.answerNow({ method: request.method, rawPath, query: queryOf(search), headers: request.headers, body });
    return mapSettled(answered, serialize);
  }

  const log = parts.onRequest;
  const handleLogged = !log
    ? handle
    : async (request: DoorRequest) => {
        const started = performance.now();
        const time = new Date().toISOString();
        const answer = await handle(request);
        log({
          time,
          method: request.method,
          path: splitTarget(request.target).rawPath ?? request.target,
          status: answer.status,
          operation: answer.operation,
          violations: answer.violations,
          ms: performance.now() - started,
        });
        return answer;
      };

  return { bodyLimit, upgrade, handle, handleNow, handleLogged };
}
