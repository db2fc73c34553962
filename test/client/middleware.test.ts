// openapi-fetch middleware through the client: per call, per area (`use`, or the factory's
// `middleware`), and for every area from createPlatformClient. Each gets a real Request and the
// answer's Response; the client's retries and typed errors still apply.

import { createPlatformClient, createShieldClient, type Middleware, ShieldApiError } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import packageJson from '../../packages/client/package.json' with { type: 'json' };
import { VERSION } from '../../packages/client/src/internal/version.ts';

/** A fetch that answers 200 `{}`-ish pages and records the requests it got. */
function recorder() {
  const requests: Request[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    const status = Number(request.headers.get('x-answer') ?? 200);
    return Response.json(
      status === 200 ? { data: [], page: { totalCount: 0, totalPages: 0, currentPage: 1, perPage: 10 }, error: null } : { statusCode: status },
      { status },
    );
  };
  return { fetch: fetchImpl, requests };
}

/** Middleware that records what it was given and tags the request with a header. */
function tagging(name: string) {
  const seen: { request: unknown; status?: number }[] = [];
  const middleware: Middleware = {
    onRequest({ request }) {
      seen.push({ request });
      request.headers.append('x-tags', name);
      return request;
    },
    onResponse({ response }) {
      seen.at(-1)!.status = response.status;
    },
  };
  return { middleware, seen };
}

const options = (fetchImpl: typeof fetch) => ({ accessKey: 'k', baseUrl: 'http://api.test', fetch: fetchImpl });

describe('middleware', () => {
  it('per call: gets a real Request and the Response, and changes what is sent', async () => {
    const server = recorder();
    const tag = tagging('call');
    const { data } = await createShieldClient(options(server.fetch)).GET('/shield/shield-zones', { middleware: [tag.middleware] });
    expect(data).toBeDefined();
    expect(tag.seen).toHaveLength(1);
    expect(tag.seen[0]!.request).toBeInstanceOf(Request);
    expect(tag.seen[0]!.status).toBe(200);
    expect(server.requests[0]!.headers.get('x-tags')).toBe('call');
  });

  it('per area, with use() and eject() or the factory option, and together with per-call middleware', async () => {
    const server = recorder();
    const fromOption = tagging('option');
    const used = tagging('used');
    const perCall = tagging('call');
    const shield = createShieldClient({ ...options(server.fetch), middleware: [fromOption.middleware] });
    shield.use(used.middleware);
    await shield.GET('/shield/shield-zones', { middleware: [perCall.middleware] });
    expect(server.requests[0]!.headers.get('x-tags')).toBe('option, used, call');
    shield.eject(used.middleware);
    await shield.GET('/shield/shield-zones');
    expect(server.requests[1]!.headers.get('x-tags')).toBe('option');
    expect([...fromOption.seen, ...used.seen, ...perCall.seen].every(({ request }) => request instanceof Request)).toBe(true);
  });

  it('for every area from createPlatformClient({ middleware })', async () => {
    const server = recorder();
    const tag = tagging('platform');
    const platform = createPlatformClient({
      accessKey: 'k',
      apiBaseUrl: 'http://api.test',
      videoBaseUrl: 'http://api.test',
      fetch: server.fetch,
      middleware: [tag.middleware],
    });
    await platform.shield.GET('/shield/shield-zones');
    await platform.storage.GET('/storagezone');
    await platform.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } });
    await platform.dns.POST('/dnszone/{zoneId}/import', { params: { path: { zoneId: 1 } }, body: '' });
    expect(server.requests.map((request) => request.headers.get('x-tags'))).toEqual(['platform', 'platform', 'platform', 'platform']);
  });

  it('keeps the typed error and the retries', async () => {
    const server = recorder();
    const tag = tagging('retry');
    const shield = createShieldClient({ ...options(server.fetch), retry: { baseDelayMs: 0 }, middleware: [tag.middleware] });
    const { failure } = await shield.GET('/shield/shield-zones', { headers: { 'x-answer': '503' } });
    expect(failure).toBeInstanceOf(ShieldApiError);
    expect(server.requests).toHaveLength(3);
  });
});

describe('User-Agent', () => {
  it("names the client and its package version, and the caller's own replaces it", async () => {
    expect(VERSION).toBe(packageJson.version);
    const server = recorder();
    await createShieldClient(options(server.fetch)).GET('/shield/shield-zones');
    expect(server.requests[0]!.headers.get('user-agent')).toBe(`platform-client-js/${packageJson.version}`);
    await createShieldClient({ ...options(server.fetch), headers: { 'User-Agent': 'my-app/1.0' } }).GET('/shield/shield-zones');
    expect(server.requests[1]!.headers.get('user-agent')).toBe('my-app/1.0');
  });
});
