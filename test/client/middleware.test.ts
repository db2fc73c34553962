// openapi-fetch middleware through the client: per call, per area (`use`, or the factory's
// `middleware`), and for every area from createPlatformClient. Each gets a real Request and the
// answer's Response; the client's retries and typed errors still apply.

import { createPlatformClient, createShieldClient, type Middleware, ShieldApiError } from '@platform-contracts/client';
import type { paths as ShieldPaths } from '@platform-contracts/contracts/shield';
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

describe('use() and eject() as openapi-fetch keeps them (its client is made by the first call through it)', () => {
  const order = (label: string, log: string[]): Middleware => ({ onRequest: () => void log.push(label) });
  // [name, what is done to the client and its twin made by openapi-fetch, the middleware run in order]
  const cases: [string, (client: { use(...m: Middleware[]): void; eject(...m: Middleware[]): void }, a: Middleware, b: Middleware) => void][] = [
    ['one used', (c, a) => c.use(a)],
    ['used twice runs twice', (c, a) => c.use(a, a)],
    ['ejected once after being used twice runs once', (c, a, b) => (c.use(a, b, a), c.eject(a))],
    ['ejected when never used', (c, a, b) => (c.use(b), c.eject(a))],
    ['undefined and null skipped', (c, a) => c.use(undefined as unknown as Middleware, a, null as unknown as Middleware)],
    ['used after a first call', (c, a, b) => (c.use(b), c.eject(b), c.use(a, b))],
  ];
  it.each(cases)('%s', async (_name, act) => {
    const ours: string[] = [];
    const theirs: string[] = [];
    const server = recorder();
    const shield = createShieldClient(options(server.fetch));
    act(shield, order('a', ours), order('b', ours));
    const { default: createClient } = await import('openapi-fetch');
    const twin = createClient<ShieldPaths>({ baseUrl: 'http://api.test', fetch: server.fetch });
    act(twin, order('a', theirs), order('b', theirs));
    await shield.GET('/shield/shield-zones', { middleware: [order('call', ours)] });
    await twin.GET('/shield/shield-zones', { middleware: [order('call', theirs)] });
    expect(ours).toEqual(theirs);
  });

  it('refuses what is not middleware with the error openapi-fetch throws, at use()', async () => {
    const { default: createClient } = await import('openapi-fetch');
    for (const bad of [{}, 'x', { other: 1 }]) {
      const theirs = (() => {
        try {
          createClient({}).use(bad as Middleware);
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(theirs).toBeDefined();
      expect(() => createShieldClient(options(recorder().fetch)).use(bad as Middleware)).toThrow(theirs);
    }
  });

  it('gives middleware the path as written and the params, as openapi-fetch does', async () => {
    const seen: unknown[] = [];
    const server = recorder();
    const shield = createShieldClient(options(server.fetch));
    shield.use({ onRequest: ({ schemaPath, params }) => void seen.push({ schemaPath, params }) });
    await shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 7 }, query: { page: 1 } } });
    expect(seen).toEqual([{ schemaPath: '/shield/waf/custom-rules/{shieldZoneId}', params: { path: { shieldZoneId: 7 }, query: { page: 1 } } }]);
    expect(server.requests[0]!.url).toBe('http://api.test/shield/waf/custom-rules/7?page=1');
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
