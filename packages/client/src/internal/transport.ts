// Retries and timeouts around fetch: plain fetch and AbortSignal, so it runs in Node, browsers
// and edge runtimes alike.
import type { Outcome, Sleep } from './retry.js';

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

/**
 * The client's fetch: `fetch(request)` as openapi-fetch calls it (with middleware), or
 * `fetch(url, init)` as the client's direct calls do (direct-call.ts: one Request, built by fetch).
 */
export type ClientFetch = (input: Request | string, init?: RequestInit) => Promise<Response>;

/**
 * Network errors, 429 and 5xx are retried on the retried methods, with jittered exponential
 * backoff. The first attempt runs here; retries (their waits, `Retry-After`, the defaults of
 * the settings) are in retry.ts, loaded only when an attempt fails.
 */
export function createRetryingFetch(fetchImpl: typeof globalThis.fetch, setting: RetrySetting | undefined, sleep?: Sleep): ClientFetch {
  if (setting === false || setting?.retries === 0) return fetchImpl;
  const methods = (setting?.methods ?? IDEMPOTENT).map((method) => method.toUpperCase());

  return async function fetchWithRetries(input, init) {
    const { method = 'GET', body, signal } = init ?? (input as Request);
    // A Request's body can be read once: each attempt sends a copy and keeps the original for the
    // next. A stream given in `init` is gone once sent; the bodies openapi-fetch makes (text, FormData, ...) are not.
    if (!methods.includes(method.toUpperCase()) || (init && body instanceof ReadableStream)) return fetchImpl(input, init);
    const send = () => fetchImpl(init || body === null ? input : (input as Request).clone(), init);
    let first: Outcome;
    try {
      const response = await send();
      if (response.status !== 429 && response.status < 500) return response;
      first = { response };
    } catch (error) {
      if (signal?.aborted) throw error;
      first = { error };
    }
    return (await (retryModule ??= import('./retry.js'))).retry(send, signal, first, setting, sleep);
  };
}

let retryModule: Promise<typeof import('./retry.js')> | undefined;
