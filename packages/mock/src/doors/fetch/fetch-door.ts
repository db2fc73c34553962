// The fetch door: a standard Request in, a standard Response out, no socket. Network faults are
// played as fetch itself shows them: a reset connection rejects with a TypeError whose cause has
// the code ECONNRESET (as undici's "fetch failed"), a hung call waits until its signal aborts (or
// the mock closes), and a truncated body errors halfway through reading it.

import type { DoorAnswer, DoorRequest } from '../door.ts';
import { textResponse } from './door-response.ts';
import { fastTarget } from './request-target.ts';

export interface FetchDoor {
  fetch: typeof globalThis.fetch;
  /** Ends the calls still hung by a fault (they reject), when the mock closes. */
  close(): void;
}

const connectionReset = () =>
  new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET (a network fault of the platform mock)'), { code: 'ECONNRESET' }) });

export function createFetchDoor(handle: (request: DoorRequest) => Promise<DoorAnswer>): FetchDoor {
  const hung = new Set<(error: Error) => void>();
  let closed = false;

  /** Waits until the request is aborted (its reason is thrown) or the mock closes. */
  function hang(signal: AbortSignal): Promise<never> {
    return new Promise((_resolve, reject) => {
      if (closed) return reject(connectionReset());
      const end = (error: Error) => {
        hung.delete(end);
        signal.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => end(signal.reason as Error);
      hung.add(end);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const read = readPlainly(input, init) ?? (await readRequest(new Request(input, init)));
    const { request, signal } = read;
    signal?.throwIfAborted();
    const answer = await handle(request);
    signal?.throwIfAborted();
    if (answer.network === 'reset') throw connectionReset();
    if (answer.network === 'hang') return hang(signal ?? new AbortController().signal);
    const noBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    const body = noBody ? null : (answer.body ?? null);
    if (answer.network === 'truncate') return new Response(truncated(body ?? ''), { status: answer.status, headers: answer.headers });
    if (typeof body === 'string') return textResponse(body, { status: answer.status, headers: answer.headers });
    return new Response(body, { status: answer.status, headers: answer.headers });
  };

  return {
    fetch,
    close() {
      closed = true;
      for (const end of [...hung]) end(connectionReset());
    },
  };
}

interface ReadRequest {
  request: DoorRequest;
  signal?: AbortSignal;
}

async function readRequest(request: Request): Promise<ReadRequest> {
  request.signal.throwIfAborted();
  const url = new URL(request.url);
  const headers: Record<string, string> = { host: url.host };
  request.headers.forEach((value, name) => (headers[name] = value));
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return { request: { method: request.method.toUpperCase(), target: url.pathname + url.search, headers, body }, signal: request.signal };
}

/**
 * The request without building a Request, for the common call (a URL, headers, a text or bytes
 * body), as a Request would read it; undefined for anything else (a stream, a form), which takes
 * the Request path.
 */
function readPlainly(input: RequestInfo | URL, init: RequestInit | undefined): ReadRequest | undefined {
  if (!(typeof input === 'string' || input instanceof URL)) return undefined;
  const raw = init?.body;
  if (raw !== undefined && raw !== null && typeof raw !== 'string' && !(raw instanceof Uint8Array)) return undefined;
  const { host, target } = typeof input === 'string' ? (fastTarget(input) ?? urlTarget(new URL(input))) : urlTarget(input);
  const headers: Record<string, string> = { host };
  const given = init?.headers;
  if (given instanceof Headers) given.forEach((value, name) => (headers[name] = value));
  else if (given !== undefined) new Headers(given).forEach((value, name) => (headers[name] = value));
  if (typeof raw === 'string' && headers['content-type'] === undefined) headers['content-type'] = 'text/plain;charset=UTF-8';
  const method = (init?.method ?? 'GET').toUpperCase();
  const body =
    raw === undefined || raw === null ? undefined : typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) return undefined; // a Request refuses it: let it say so
  return { request: { method, target, headers, body: body?.length ? body : undefined }, signal: init?.signal ?? undefined };
}

const urlTarget = (url: URL) => ({ host: url.host, target: url.pathname + url.search });

/** A body that sends its first half, then fails as a connection closed mid-body does. */
function truncated(text: string | Uint8Array): ReadableStream<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
        return;
      }
      controller.error(
        new TypeError('terminated', {
          cause: Object.assign(new Error('other side closed (a network fault of the platform mock)'), { code: 'UND_ERR_SOCKET' }),
        }),
      );
    },
  });
}
