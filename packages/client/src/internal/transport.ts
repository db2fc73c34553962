// Retries and timeouts around fetch: plain fetch and AbortSignal, so it runs in Node, browsers
// and edge runtimes alike.
import { PlainRequest, send, type AnyRequest } from './plain-request.js';

export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  retries?: number;
  /** Base of the exponential backoff: before retry n (from 0) the client waits a random time up to `baseDelayMs * 2^n`. Default 200. */
  baseDelayMs?: number;
  /** Upper bound of a wait. A `Retry-After` asking for longer ends the retries and gives back that answer. Default 20000. */
  maxDelayMs?: number;
  /** Methods retried, in any case (`get` or `GET`). Default the idempotent ones: GET, HEAD, OPTIONS, PUT, DELETE, TRACE. */
  methods?: readonly string[];
}

/** Retry settings: options (defaults filled in), or `false` for a single attempt. */
export type RetrySetting = RetryOptions | false;

const IDEMPOTENT = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE'];

export type RequestFetch = (request: AnyRequest) => Promise<Response>;

/** Network errors, 429 and 5xx are retried on the retried methods, with jittered exponential backoff. */
export function createRetryingFetch(fetchImpl: typeof globalThis.fetch, setting: RetrySetting | undefined, sleep = wait): RequestFetch {
  if (setting === false || setting?.retries === 0) return (request) => send(fetchImpl, request);
  const { retries = 2, baseDelayMs = 200, maxDelayMs = 20_000 } = setting ?? {};
  const methods = (setting?.methods ?? IDEMPOTENT).map((method) => method.toUpperCase());

  return async function fetchWithRetries(request) {
    if (!methods.includes(request.method.toUpperCase()) || !canResend(request)) return send(fetchImpl, request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      // A Request's body can be read once: keep the original for the next attempt.
      const sent = last || request instanceof PlainRequest || request.body === null ? request : request.clone();
      let response: Response;
      try {
        response = await send(fetchImpl, sent);
      } catch (error) {
        if (last || request.signal?.aborted) throw error;
        await sleep(backoffDelay(attempt, baseDelayMs, maxDelayMs), request.signal);
        continue;
      }
      if (last || !isRetryableStatus(response.status)) return response;
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? backoffDelay(attempt, baseDelayMs, maxDelayMs);
      if (delay > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay, request.signal);
    }
  };
}

/** A stream body is gone once sent; the bodies openapi-fetch makes (text, FormData, ...) are not. */
const canResend = (request: AnyRequest) => request instanceof Request || !(request.body instanceof ReadableStream);

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** "Full jitter": a random wait between 0 and the exponential bound. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random = Math.random): number {
  return Math.round(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
}

/** `Retry-After` as seconds (fractions too: `1.5`) or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.ceil(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A call's time limit, combined with the caller's own signal. Call `clear()` once the call is over. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly timedOut: boolean;
  clear(): void;
}

export function startDeadline(timeoutMs: number | false | undefined, outer: AbortSignal | null | undefined): Deadline | undefined {
  if (!timeoutMs) return undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
