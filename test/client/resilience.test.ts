// Retries (network errors, 429 and 5xx on idempotent methods, Retry-After, backoff with jitter)
// and timeouts (per client, per call, the caller's AbortSignal), with scripted answers.

import { createShieldClient, createVideoClient, PlatformRequestError, PlatformTimeoutError, VideoApiError } from '@platform-contracts/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, retryAfterMs } from '../../packages/client/src/internal/retry.ts';
import { createRetryingFetch } from '../../packages/client/src/internal/transport.ts';

const LIST = '/library/{libraryId}/collections' as const;
const listParams = { params: { path: { libraryId: 1 } } };
const page = { totalItems: 0, currentPage: 1, itemsPerPage: 100, items: [] };

type Step = number | 'network-error' | { status: number; headers: Record<string, string> };

/** A fetch that answers the steps in order (the last one repeats) and counts the attempts. */
function scripted(...steps: Step[]) {
  const attempts: number[] = [];
  const fetchImpl: typeof fetch = async () => {
    const step = steps[Math.min(attempts.length, steps.length - 1)]!;
    attempts.push(attempts.length);
    if (step === 'network-error') throw new TypeError('fetch failed');
    const { status, headers } = typeof step === 'number' ? { status: step, headers: {} } : step;
    const body = status === 200 ? JSON.stringify(page) : status === 400 ? '{"success":false,"message":"bad","statusCode":400}' : null;
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch: fetchImpl, attempts };
}

const video = (fetchImpl: typeof fetch, options: Parameters<typeof createVideoClient>[0] extends infer O ? Partial<O> : never = {}) =>
  createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: fetchImpl, retry: { baseDelayMs: 0 }, ...options });

describe('retries', () => {
  it.each([
    ['503, 503, 200', [503, 503, 200], 3, 200],
    ['429 then 200', [429, 200], 2, 200],
    ['a network error then 200', ['network-error', 200], 2, 200],
    ['500 three times (2 retries by default)', [500], 3, 500],
    ['400 (not retried)', [400, 200], 1, 400],
    ['404 (not retried)', [404, 200], 1, 404],
  ] as const)('GET after %s: %i attempts, ends %i', async (_name, steps, attempts, status) => {
    const script = scripted(...steps);
    const { response } = await video(script.fetch).GET(LIST, listParams);
    expect(script.attempts).toHaveLength(attempts);
    expect(response.status).toBe(status);
  });

  it('does not retry a POST (not idempotent)', async () => {
    const script = scripted(503, 200);
    const { failure } = await video(script.fetch).POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    expect(script.attempts).toHaveLength(1);
    expect(failure).toBeInstanceOf(VideoApiError);
    expect(failure?.status).toBe(503);
  });

  it('retries a POST when its method is allowed, sending the body each time', async () => {
    const bodies: string[] = [];
    const script = scripted(503, 200);
    const recording: typeof fetch = async (input, init) => {
      bodies.push(await new Request(input, init).text());
      return script.fetch(input, init);
    };
    await video(recording, { retry: { baseDelayMs: 0, methods: ['POST'] } }).POST('/library/{libraryId}/collections', {
      params: { path: { libraryId: 1 } },
      body: { name: 'n' },
    });
    expect(bodies).toEqual(['{"name":"n"}', '{"name":"n"}']);
  });

  it('can be switched off per client and per call', async () => {
    const off = scripted(503, 200);
    await video(off.fetch, { retry: false }).GET(LIST, listParams);
    expect(off.attempts).toHaveLength(1);
    const perCall = scripted(503, 200);
    await video(perCall.fetch).GET(LIST, { ...listParams, retry: false });
    expect(perCall.attempts).toHaveLength(1);
    const more = scripted(503, 503, 503, 503, 200);
    await video(more.fetch).GET(LIST, { ...listParams, retry: { retries: 4, baseDelayMs: 0 } });
    expect(more.attempts).toHaveLength(5);
  });

  it('waits as long as Retry-After says, in seconds or fractions of one (injected sleep)', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const script = scripted({ status: 429, headers: { 'retry-after': '1' } }, { status: 503, headers: { 'retry-after': '0.25' } }, 200);
    const retrying = createRetryingFetch(script.fetch, { retries: 3, baseDelayMs: 1 }, sleep);
    const response = await retrying(new Request('http://api.test/library/1/collections'));
    expect(response.status).toBe(200);
    expect(waits).toEqual([1_000, 250]);
  });

  it('backs off with jitter between attempts when there is no Retry-After (injected sleep)', async () => {
    const waits: number[] = [];
    const script = scripted(503, 503, 200);
    const retrying = createRetryingFetch(script.fetch, { retries: 2, baseDelayMs: 100, maxDelayMs: 1_000 }, async (ms) => void waits.push(ms));
    expect((await retrying(new Request('http://api.test/x'))).status).toBe(200);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('reads the retried methods in any case', async () => {
    const script = scripted(503, 200);
    await video(script.fetch, { retry: { baseDelayMs: 0, methods: ['post'] } }).POST('/library/{libraryId}/collections', {
      params: { path: { libraryId: 1 } },
      body: { name: 'n' },
    });
    expect(script.attempts).toHaveLength(2);
  });

  it('gives back the answer when Retry-After asks for longer than maxDelayMs', async () => {
    const script = scripted({ status: 503, headers: { 'retry-after': '120' } }, 200);
    const { failure } = await video(script.fetch, { retry: { maxDelayMs: 5_000 } }).GET(LIST, listParams);
    expect(script.attempts).toHaveLength(1);
    expect(failure?.status).toBe(503);
  });

  it('throws a PlatformRequestError when the network keeps failing', async () => {
    const script = scripted('network-error');
    const error = await video(script.fetch)
      .GET(LIST, listParams)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect(script.attempts).toHaveLength(3);
  });

  it.each([0, 1, 2, 3, 10])('backoff before retry %i is a random wait up to base·2^n, capped', (attempt) => {
    const bound = Math.min(1_000, 100 * 2 ** attempt);
    expect(backoffDelay(attempt, 100, 1_000, () => 0)).toBe(0);
    expect(backoffDelay(attempt, 100, 1_000, () => 0.5)).toBe(Math.round(bound / 2));
    expect(backoffDelay(attempt, 100, 1_000, () => 0.999999)).toBe(Math.round(bound * 0.999999));
  });

  it.each([
    ['seconds', '3', 3_000],
    ['a fraction of a second', '0.5', 500],
    ['seconds with a fraction', '1.25', 1_250],
    ['zero', '0', 0],
    ['an HTTP date 5 s ahead', new Date(Date.UTC(2030, 0, 1, 0, 0, 5)).toUTCString(), 5_000],
    ['a date in the past', new Date(Date.UTC(2029, 11, 31)).toUTCString(), 0],
    ['nonsense', 'soon', undefined],
    ['absent', null, undefined],
  ] as const)('reads Retry-After given as %s', (_name, header, expected) => {
    expect(retryAfterMs(header, Date.UTC(2030, 0, 1))).toBe(expected);
  });
});

describe('timeouts (fake timers: no test waits for real time)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that answers only when `release()` is called, or fails (as fetch does) when the request's signal aborts or has aborted. */
  function held() {
    const pending: (() => void)[] = [];
    const fetchImpl: typeof fetch = (input, init) =>
      new Promise((resolve, reject) => {
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        pending.push(() => resolve(Response.json(page)));
      });
    return {
      fetch: fetchImpl,
      release: () => pending.splice(0).forEach((answer) => answer()),
      get waiting() {
        return pending.length;
      },
    };
  }

  it('ends a call after the client timeoutMs with a PlatformTimeoutError that names it, without the key', async () => {
    const server = held();
    const client = createVideoClient({ accessKey: 'secret-k', baseUrl: 'http://api.test', fetch: server.fetch, timeoutMs: 100 });
    const call = client.GET(LIST, listParams).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99);
    expect(server.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(PlatformTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100, method: 'GET', path: '/library/1/collections' });
    expect(String(error)).not.toContain('secret-k');
  });

  it('lets a call override the client timeout, or turn it off', async () => {
    const server = held();
    const client = createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: server.fetch, timeoutMs: 100 });
    const longer = client.GET(LIST, { ...listParams, timeoutMs: 2_000 });
    const unlimited = client.GET(LIST, { ...listParams, timeoutMs: false });
    await vi.advanceTimersByTimeAsync(1_000);
    server.release();
    expect((await longer).data).toEqual(page);
    expect((await unlimited).data).toEqual(page);
    const perCall = createVideoClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: held().fetch })
      .GET(LIST, { ...listParams, timeoutMs: 100 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await perCall).toBeInstanceOf(PlatformTimeoutError);
  });

  it("passes the caller's AbortSignal through, with or without a client timeout, rejecting with its reason", async () => {
    for (const timeoutMs of [undefined, 5_000]) {
      const controller = new AbortController();
      const client = createShieldClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: held().fetch, timeoutMs });
      const call = client.GET('/shield/shield-zones', { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort(new DOMException('stop', 'AbortError'));
      expect(await call).toMatchObject({ name: 'AbortError', message: 'stop' });
    }
  });

  it('covers the waits between retries', async () => {
    const script = scripted({ status: 503, headers: { 'retry-after': '10' } }, 200);
    const client = video(script.fetch, { timeoutMs: 200, retry: { maxDelayMs: 60_000 } });
    const call = client.GET(LIST, listParams).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(200);
    expect(await call).toBeInstanceOf(PlatformTimeoutError);
    expect(script.attempts).toHaveLength(1);
  });
});
