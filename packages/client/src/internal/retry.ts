// The retries of a call whose first attempt failed (a network error, 429 or 5xx), loaded then
// (`import()`): waits with "full jitter" exponential backoff, or as long as `Retry-After` says.
import { PlainRequest, send, type AnyRequest } from './plain-request.js';
import { isRetryableStatus, type Sleep } from './transport.js';

/** An attempt's outcome: its answer, or the error fetch threw. */
export type Outcome = { response: Response } | { error: unknown };

/** Retries after the first attempt's `first` outcome, until an answer that is not retried or the last attempt. */
export async function retry(
  fetchImpl: typeof globalThis.fetch,
  request: AnyRequest,
  first: Outcome,
  { retries, baseDelayMs, maxDelayMs }: { retries: number; baseDelayMs: number; maxDelayMs: number },
  sleep: Sleep = wait,
): Promise<Response> {
  let outcome = first;
  for (let attempt = 0; ; attempt++) {
    if ('error' in outcome) {
      if (attempt >= retries) throw outcome.error;
      await sleep(backoffDelay(attempt, baseDelayMs, maxDelayMs), request.signal);
    } else {
      if (attempt >= retries) return outcome.response;
      const delay = retryAfterMs(outcome.response.headers.get('retry-after')) ?? backoffDelay(attempt, baseDelayMs, maxDelayMs);
      if (delay > maxDelayMs) return outcome.response;
      await outcome.response.body?.cancel();
      await sleep(delay, request.signal);
    }
    const last = attempt + 1 >= retries;
    // A Request's body can be read once: keep the original for the next attempt.
    const sent = last || request instanceof PlainRequest || request.body === null ? request : request.clone();
    try {
      const response = await send(fetchImpl, sent);
      if (last || !isRetryableStatus(response.status)) return response;
      outcome = { response };
    } catch (error) {
      if (last || request.signal?.aborted) throw error;
      outcome = { error };
    }
  }
}

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
