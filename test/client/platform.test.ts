// createPlatformClient: one entry point for every area against one mock, base URLs from options
// or the environment, and a clear ClientConfigError for an area used without one.
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AREAS } from '@platform/contracts';
import { startMock, type RunningMock } from '@platform/mock';
import { ClientConfigError, createPlatformClient, importDnsRecords, ShieldApiError } from '@platform/client';
import { validateAnswer } from '../support/openapi.ts';

const SECRET = 'platform-secret-access-key';
const DATABASE_TOKEN = 'platform-test-database-token';
let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ port: 0, areas: [...AREAS], database: { fullAccessToken: DATABASE_TOKEN } });
});
afterAll(async () => {
  await mock?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const platform = () =>
  createPlatformClient({ accessKey: SECRET, apiBaseUrl: mock.url, videoBaseUrl: mock.url, database: { url: mock.url.replace(/^http:/, 'libsql:'), authToken: DATABASE_TOKEN } });

describe('createPlatformClient', () => {
  it('reaches every area', async () => {
    const p = platform();
    const video = await p.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } });
    expect(validateAnswer('video', 'listCollections', 200, video.data)).toEqual([]);
    const shield = await p.shield.GET('/shield/shield-zones');
    expect(validateAnswer('shield', 'listShieldZones', 200, shield.data)).toEqual([]);
    const storage = await p.storage.GET('/storagezone', { params: { query: { page: 1, perPage: 5 } } });
    expect(validateAnswer('storage', 'listStorageZones', 200, storage.data)).toEqual([]);
    const dns = await importDnsRecords(p.dns, 1, 'www 3600 IN A 192.0.2.10');
    expect(validateAnswer('dns', 'importDnsRecords', 200, dns.data)).toEqual([]);
    const containers = await p.containers.POST('/mc/apps/{appId}/containers', {
      params: { path: { appId: 'app-1' } },
      body: { name: 'web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1.27', imageRegistryId: '1' },
    });
    expect(validateAnswer('containers', 'addContainerTemplate', 200, containers.data)).toEqual([]);
    expect((await p.database.execute('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    expect(p.databaseTokens).toBeDefined();
  });

  it('makes each area once, on first use', () => {
    const p = platform();
    expect(p.shield).toBe(p.shield);
    expect(Object.keys(p)).toEqual(['video', 'shield', 'containers', 'storage', 'dns', 'database', 'databaseTokens']);
  });

  it('passes throwOnError, timeouts and retries on to the areas', async () => {
    const p = createPlatformClient({ accessKey: SECRET, apiBaseUrl: mock.url, throwOnError: true, retry: false, timeoutMs: 5_000 });
    const error = await p.shield.GET('/shield/shield-zones', { params: { query: { perPage: 0 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShieldApiError);
  });

  it('reads PLATFORM_API_BASE_URL and PLATFORM_VIDEO_BASE_URL when no option is given', async () => {
    vi.stubEnv('PLATFORM_API_BASE_URL', mock.url);
    vi.stubEnv('PLATFORM_VIDEO_BASE_URL', `${mock.url}/`);
    const p = createPlatformClient({ accessKey: SECRET });
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
