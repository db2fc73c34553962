// The retries of a call whose first attempt failed (a network error, 429 or 5xx), loaded then
// (`import()`): waits with "full jitter" exponential backoff, or as long as `Retry-After` says.
// It imports nothing: transport.ts hands it each attempt, so no code is shared with the up-front
// bundle (a shared module would be a chunk of its own, loaded up front).

/** An attempt's outcome: its answer, or the error fetch threw. */
export type Outcome = { response: Response } | { error: unknown };

/** Waits `ms`, or rejects with the signal's reason once it aborts (`wait`, unless a test gives another). */
export type Sleep = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

/** The retry options as given to the client (retry.ts fills in the defaults). */
export interface RetryDefaults {
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * Retries after the first attempt's `first` outcome (`send` makes an attempt), until an answer
 * that is not retried or the last attempt, which gives back whatever it gets.
 */
export async function retry(
  send: () => Promise<Response>,
  signal: AbortSignal | null | undefined,
  first: Outcome,
  { retries = 2, baseDelayMs = 200, maxDelayMs = 20_000 }: RetryDefaults = {},
  sleep: Sleep = wait,
): Promise<Response> {
  /** One attempt: the answer to give back (`final`), or an outcome to retry. */
  const attempt = async (last: boolean): Promise<Outcome | { final: Response }> => {
    try {
      const response = await send();
      return last || !isRetryableStatus(response.status) ? { final: response } : { response };
    } catch (error) {
      if (last || signal?.aborted) throw error;
      return { error };
    }
  };
  let outcome = first;
  for (let done = 0; ; done++) {
    if ('error' in outcome) {
      if (done >= retries) throw outcome.error;
      await sleep(backoffDelay(done, baseDelayMs, maxDelayMs), signal ?? undefined);
    } else {
      if (done >= retries) return outcome.response;
      const delay = retryAfterMs(outcome.response.headers.get('retry-after')) ?? backoffDelay(done, baseDelayMs, maxDelayMs);
      if (delay > maxDelayMs) return outcome.response;
      await outcome.response.body?.cancel();
      await sleep(delay, signal ?? undefined);
    }
    const next = await attempt(done + 1 >= retries);
    if ('final' in next) return next.final;
    outcome = next;
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
