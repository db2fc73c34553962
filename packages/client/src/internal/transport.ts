// Retries and timeouts around fetch: plain fetch and AbortSignal, so it runs in Node, browsers
// and edge runtimes alike.
import { type AnyRequest, PlainRequest, send } from './plain-request.js';
import type { Attempt, Outcome, Sleep } from './retry.js';

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

/**
 * Network errors, 429 and 5xx are retried on the retried methods, with jittered exponential
 * backoff. The first attempt runs here; retries (their waits, `Retry-After`) are in retry.ts,
 * loaded only when an attempt fails.
 */
export function createRetryingFetch(fetchImpl: typeof globalThis.fetch, setting: RetrySetting | undefined, sleep?: Sleep): RequestFetch {
  if (setting === false || setting?.retries === 0) return (request) => send(fetchImpl, request);
  const { retries = 2, baseDelayMs = 200, maxDelayMs = 20_000 } = setting ?? {};
  const methods = new Set((setting?.methods ?? IDEMPOTENT).map((method) => method.toUpperCase()));

  return async function fetchWithRetries(request) {
    if (!methods.has(request.method.toUpperCase()) || !canResend(request)) return send(fetchImpl, request);
    /** One attempt: the answer to give back (`final`), or what retry.ts decides on. */
    const attempt: Attempt = async (last) => {
      try {
        const response = await send(fetchImpl, resendable(request));
        return last || !isRetryableStatus(response.status) ? { final: response } : { response };
      } catch (error) {
        if (last || request.signal?.aborted) throw error;
        return { error };
      }
    };
    // The first attempt is written out, not a call of `attempt`: one async step less on every call.
    let first: Outcome;
    try {
      const response = await send(fetchImpl, resendable(request));
      if (!isRetryableStatus(response.status)) return response;
      first = { response };
    } catch (error) {
      if (request.signal?.aborted) throw error;
      first = { error };
    }
    const { retry } = await (retryModule ??= import('./retry.js'));
    return retry(attempt, request.signal, first, { retries, baseDelayMs, maxDelayMs }, sleep);
  };
}

/** A Request's body can be read once: each attempt sends a copy and keeps the original for the next. */
const resendable = (request: AnyRequest) => (request instanceof PlainRequest || request.body === null ? request : request.clone());

let retryModule: Promise<typeof import('./retry.js')> | undefined;

/** A stream body is gone once sent; the bodies openapi-fetch makes (text, FormData, ...) are not. */
const canResend = (request: AnyRequest) => request instanceof Request || !(request.body instanceof ReadableStream);

const isRetryableStatus = (status: number) => status === 429 || status >= 500;
