// createPlatformClient: one entry point for every area against one mock, base URLs from options
// or the environment, and a clear ClientConfigError for an area used without one. The mock runs
// in process: every client gets its fetch (mock.fetch).
import { inspect } from 'node:util';
import { ClientConfigError, createPlatformClient, importDnsRecords, PlatformTimeoutError, ShieldApiError } from '@platform-contracts/client';
import { AREAS } from '@platform-contracts/contracts';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateAnswer } from '../support/openapi.ts';

const SECRET = 'platform-secret-access-key';
const DATABASE_TOKEN = 'platform-test-database-token';
let mock: Mock;

beforeAll(async () => {
  mock = await createMock({ areas: [...AREAS], database: { fullAccessToken: DATABASE_TOKEN } });
});
afterAll(async () => {
  await mock?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const platform = () =>
  createPlatformClient({
    accessKey: SECRET,
    fetch: mock.fetch,
    apiBaseUrl: mock.url,
    videoBaseUrl: mock.url,
    database: { url: mock.url.replace(/^http:/, 'libsql:'), authToken: DATABASE_TOKEN },
  });

describe('createPlatformClient', () => {
  it('reaches every area', async () => {
    const p = platform();
    const video = await p.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } });
    expect(validateAnswer('video', 'listCollections', 200, video.data)).toEqual([]);
    const shield = await p.shield.GET('/shield/shield-zones');
    expect(validateAnswer('shield', 'listShieldZones', 200, shield.data)).toEqual([]);
    const storage = await p.storage.GET('/storagezone', { params: { query: { page: 1, perPage: 5 } } });
    expect(validateAnswer('storage', 'listStorageZones', 200, storage.data)).toEqual([]);
    const dns = await importDnsRecords(p.dns, 12345, 'www 3600 IN A 192.0.2.10'); // the zone every access key starts with
    expect(validateAnswer('dns', 'importDnsRecords', 200, dns.data)).toEqual([]);
    const containers = await p.containers.POST('/mc/apps/{appId}/containers', {
      params: { path: { appId: 'app-7f3c2a' } }, // the application every access key starts with
      body: { name: 'web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1.27', imageRegistryId: '1' },
    });
    expect(validateAnswer('containers', 'addContainerTemplate', 200, containers.data)).toEqual([]);
    expect((await p.database.execute('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    expect(p.databaseTokens).toBeDefined();
  });

  it('makes each area once, on first use', () => {
    const p = platform();
    expect(p.shield).toBe(p.shield);
  });

  it('has a property for every area of the registry, in its order, and nothing that is not an area’s', () => {
    const keys = Object.keys(platform());
    const camel = (area: string) => area.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    expect(
      AREAS.filter((area) => !keys.includes(camel(area))),
      'areas without a property: each area’s client file exports platformProperties',
    ).toEqual([]);
    expect(
      keys.filter((key) => !AREAS.some((area) => key.startsWith(camel(area)))),
      'properties of no area',
    ).toEqual([]);
    expect(AREAS.map(camel).filter((key) => keys.includes(key))).toEqual(keys.filter((key) => AREAS.map(camel).includes(key as never)));
  });

  it('passes throwOnError on to the areas', async () => {
    const p = createPlatformClient({ accessKey: SECRET, fetch: mock.fetch, apiBaseUrl: mock.url, throwOnError: true });
    const error = await p.shield.GET('/shield/shield-zones', { params: { query: { perPage: 0 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShieldApiError);
  });

  it('passes retries on to the areas', async () => {
    let attempts = 0;
    const failing: typeof fetch = async () => (++attempts, new Response(null, { status: 503 }));
    await createPlatformClient({ accessKey: SECRET, apiBaseUrl: 'http://api.test', fetch: failing, retry: { retries: 3, baseDelayMs: 0 } }).storage.GET(
      '/storagezone',
    );
    expect(attempts).toBe(4);
    attempts = 0;
    await createPlatformClient({ accessKey: SECRET, apiBaseUrl: 'http://api.test', fetch: failing, retry: false }).dns.POST('/dnszone/{zoneId}/import', {
      params: { path: { zoneId: 1 } },
      body: '',
    });
    expect(attempts).toBe(1);
  });

  it('passes timeoutMs on to the areas', async () => {
    vi.useFakeTimers();
    try {
      // The time limit starts with the request: advance the clock once fetch has it.
      let sent!: () => void;
      const requested = new Promise<void>((resolve) => (sent = resolve));
      const hanging: typeof fetch = (_input, init) => {
        sent();
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
      };
      const p = createPlatformClient({ accessKey: SECRET, apiBaseUrl: 'http://api.test', fetch: hanging, timeoutMs: 50 });
      const call = p.containers
        .POST('/mc/apps/{appId}/containers', {
          params: { path: { appId: 'a' } },
          body: { name: 'web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1', imageRegistryId: '1' },
        })
        .catch((e: unknown) => e);
      await requested;
      await vi.advanceTimersByTimeAsync(50);
      expect(await call).toBeInstanceOf(PlatformTimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads PLATFORM_API_BASE_URL and PLATFORM_VIDEO_BASE_URL when no option is given', async () => {
    vi.stubEnv('PLATFORM_API_BASE_URL', mock.url);
    vi.stubEnv('PLATFORM_VIDEO_BASE_URL', `${mock.url}/`);
    const p = createPlatformClient({ accessKey: SECRET, fetch: mock.fetch });
    expect((await p.shield.GET('/shield/shield-zones')).response.status).toBe(200);
    expect((await p.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } })).response.status).toBe(200);
  });

  it.each([
    ['shield', /createPlatformClient: option "apiBaseUrl" is missing.*PLATFORM_API_BASE_URL/],
    ['video', /createPlatformClient: option "videoBaseUrl" is missing.*PLATFORM_VIDEO_BASE_URL/],
  ] as const)('throws a ClientConfigError naming the option and the variable when %s has no base URL', (area, message) => {
    vi.stubEnv('PLATFORM_API_BASE_URL', undefined);
    vi.stubEnv('PLATFORM_VIDEO_BASE_URL', undefined);
    const p = createPlatformClient({ accessKey: SECRET });
    expect(() => p[area]).toThrow(ClientConfigError);
    expect(() => p[area]).toThrow(message);
  });

  it('refuses a base URL that is not http(s), and shows no secret', () => {
    const p = createPlatformClient({ accessKey: SECRET, apiBaseUrl: 'ftp://api.example.test' });
    expect(() => p.dns).toThrow(/option "apiBaseUrl" must be an absolute http\(s\) URL/);
    expect(inspect(p, { depth: Infinity, showHidden: true })).not.toContain(SECRET);
  });
});
