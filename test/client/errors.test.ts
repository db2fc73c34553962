// Typed errors of every area against the mock: each failing call yields its area's error, with
// the status, the documented body (validated against the contract), method, path and a request
// ID; with throwOnError the same error is thrown. No access key appears in any of it.
import { inspect } from 'node:util';
import {
  ContainersApiError,
  createContainersClient,
  createDnsClient,
  createShieldClient,
  createStorageClient,
  createVideoClient,
  DnsApiError,
  importDnsRecords,
  PlatformApiError,
  PlatformRequestError,
  ShieldApiError,
  StorageApiError,
  VideoApiError,
} from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { validateAnswer } from '../support/openapi.ts';

const SECRET = 'sk-live-7f3c2a-very-secret-access-key';
const mock = useMock(['video', 'shield', 'containers', 'storage', 'dns']);

/** A fetch that drops the AccessKey header, so that the mock answers 401. */
const withoutKey: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  request.headers.delete('AccessKey');
  return mock.fetch(request);
};

interface Case {
  name: string;
  area: string;
  operationId: string;
  status: number;
  errorClass: new (...args: never[]) => PlatformApiError;
  method: string;
  path: string;
  /** Makes the failing call with a client built from these options; answers `{ failure }`. */
  call: (options: { accessKey: string; baseUrl: string; fetch?: typeof fetch; throwOnError?: boolean }) => Promise<{ failure?: unknown }>;
  /** What the documented body holds (undefined: the contract documents no body). */
  body: Record<string, unknown> | undefined;
}

const cases: Case[] = [
  {
    name: 'video 400 (StatusModel)',
    area: 'video',
    operationId: 'createVideo',
    status: 400,
    errorClass: VideoApiError,
    method: 'POST',
    path: '/library/42/videos',
    call: (o) => createVideoClient(o).POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: '' } }),
    body: { success: false, statusCode: 400 },
  },
  {
    name: 'video 401 (no body)',
    area: 'video',
    operationId: 'listCollections',
    status: 401,
    errorClass: VideoApiError,
    method: 'GET',
    path: '/library/42/collections',
    call: (o) => createVideoClient({ ...o, fetch: withoutKey }).GET('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } } }),
    body: undefined,
  },
  {
    name: 'video 404 (no body)',
    area: 'video',
    operationId: 'getCollection',
    status: 404,
    errorClass: VideoApiError,
    method: 'GET',
    path: '/library/42/collections/no-such-collection',
    call: (o) =>
      createVideoClient(o).GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 42, collectionId: 'no-such-collection' } } }),
    body: undefined,
  },
  {
    name: 'shield 400 (error envelope)',
    area: 'shield',
    operationId: 'listShieldZones',
    status: 400,
    errorClass: ShieldApiError,
    method: 'GET',
    path: '/shield/shield-zones',
    call: (o) => createShieldClient(o).GET('/shield/shield-zones', { params: { query: { perPage: 0 } } }),
    body: { data: null, error: expect.objectContaining({ success: false, statusCode: 400 }) },
  },
  {
    name: 'shield 401 ({statusCode})',
    area: 'shield',
    operationId: 'listCustomWafRules',
    status: 401,
    errorClass: ShieldApiError,
    method: 'GET',
    path: '/shield/waf/custom-rules/7',
    call: (o) => createShieldClient({ ...o, fetch: withoutKey }).GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 7 } } }),
    body: { statusCode: 401 },
  },
  {
    name: 'containers 400 (problem with field errors)',
    area: 'containers',
    operationId: 'addContainerTemplate',
    status: 400,
    errorClass: ContainersApiError,
    method: 'POST',
    path: '/mc/apps/app-1/containers',
    call: (o) =>
      createContainersClient(o).POST('/mc/apps/{appId}/containers', {
        params: { path: { appId: 'app-1' } },
        body: { name: '', imageName: 'nginx', imageNamespace: 'library', imageTag: '1.27', imageRegistryId: '1' },
      }),
    body: { status: 400, errors: [expect.objectContaining({ field: '/name' })] },
  },
  {
    name: 'containers 401 (plain problem)',
    area: 'containers',
    operationId: 'addContainerTemplate',
    status: 401,
    errorClass: ContainersApiError,
    method: 'POST',
    path: '/mc/apps/app-1/containers',
    call: (o) =>
      createContainersClient({ ...o, fetch: withoutKey }).POST('/mc/apps/{appId}/containers', {
        params: { path: { appId: 'app-1' } },
        body: { name: 'web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1.27', imageRegistryId: '1' },
      }),
    body: { status: 401 },
  },
  {
    name: 'storage 400 (StorageError)',
    area: 'storage',
    operationId: 'listStorageZones',
    status: 400,
    errorClass: StorageApiError,
    method: 'GET',
    path: '/storagezone',
    call: (o) => createStorageClient(o).GET('/storagezone', { params: { query: { page: 1, perPage: 4 } } }),
    body: { Field: 'perPage' },
  },
  {
    name: 'storage 401 (no body)',
    area: 'storage',
    operationId: 'listStorageZones',
    status: 401,
    errorClass: StorageApiError,
    method: 'GET',
    path: '/storagezone',
    call: (o) => createStorageClient({ ...o, fetch: withoutKey }).GET('/storagezone'),
    body: undefined,
  },
  {
    name: 'dns 400 ({ErrorKey, Field, Message})',
    area: 'dns',
    operationId: 'importDnsRecords',
    status: 400,
    errorClass: DnsApiError,
    method: 'POST',
    path: '/dnszone/12345/import',
    call: (o) => importDnsRecords(createDnsClient(o), 12345, ''),
    body: { Field: 'body' },
  },
  {
    name: 'dns 401 (no body)',
    area: 'dns',
    operationId: 'importDnsRecords',
    status: 401,
    errorClass: DnsApiError,
    method: 'POST',
    path: '/dnszone/12345/import',
    call: (o) => importDnsRecords(createDnsClient({ ...o, fetch: withoutKey }), 12345, 'www 3600 IN A 192.0.2.10'),
    body: undefined,
  },
];

/** Every way an error can be shown. */
const renderings = (error: unknown) => [
  String(error),
  (error as Error).message,
  (error as Error).stack ?? '',
  inspect(error, { depth: Infinity, showHidden: true }),
  JSON.stringify(error),
];

describe.each(cases)('$name', ({ area, operationId, status, errorClass, method, path, call, body }) => {
  it("yields the area error with the documented body, method, path and the server's request id, if any", async () => {
    const result = await call({ accessKey: SECRET, baseUrl: mock.url, fetch: mock.fetch });
    const { failure } = result;
    const sentId = (result as { response?: Response }).response?.headers.get('x-request-id') ?? undefined;
    expect(failure).toBeInstanceOf(errorClass);
    expect(failure).toBeInstanceOf(PlatformApiError);
    const error = failure as PlatformApiError;
    expect(error).toMatchObject({ area, status, method, path });
    expect(error.requestId).toBe(sentId);
    if (sentId === undefined) expect(error.message).not.toContain('(request ');
    expect(validateAnswer(area, operationId, status, error.body)).toEqual([]);
    if (body === undefined) expect(error.body).toBeUndefined();
    else expect(error.body).toMatchObject(body);
    // An empty body still gives a message that says what happened.
    expect(error.message).toContain(`${method} ${path} answered ${status}: `);
    expect(error.message.length).toBeGreaterThan(`${method} ${path} answered ${status}: `.length + 5);
  });

  it('throws the same error with throwOnError', async () => {
    const thrown = await call({ accessKey: SECRET, baseUrl: mock.url, fetch: mock.fetch, throwOnError: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(errorClass);
    expect(thrown).toMatchObject({ status, method, path });
  });

  it('never shows the access key', async () => {
    const { failure } = await call({ accessKey: SECRET, baseUrl: mock.url, fetch: mock.fetch });
    const thrown = await call({ accessKey: SECRET, baseUrl: mock.url, fetch: mock.fetch, throwOnError: true }).catch((e: unknown) => e);
    for (const text of [...renderings(failure), ...renderings(thrown)]) expect(text).not.toContain(SECRET);
  });
});

describe('errors without an answer, and secrets echoed by a server', () => {
  it('a refused connection is a PlatformRequestError without the key', async () => {
    const video = createVideoClient({ accessKey: SECRET, baseUrl: 'http://127.0.0.1:9', retry: false });
    const error = await video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformRequestError);
    expect(error).toMatchObject({ method: 'GET', path: '/library/1/collections' });
    expect(error).not.toHaveProperty('requestId'); // no answer, so no request id to quote
    for (const text of renderings(error)) expect(text).not.toContain(SECRET);
  });

  it('an error body that echoes the key is redacted', async () => {
    const echoing: typeof fetch = async (_input, init) =>
      new Response(JSON.stringify({ success: false, statusCode: 400, message: `bad header AccessKey: ${new Headers(init?.headers).get('AccessKey')}` }), {
        status: 400,
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-123' },
      });
    const video = createVideoClient({ accessKey: SECRET, baseUrl: 'http://api.test', fetch: echoing });
    const { failure } = await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    expect(failure?.requestId).toBe('req-123');
    expect(failure?.status === 400 && failure.body.message).toBe('bad header AccessKey: [redacted]');
    for (const text of renderings(failure)) expect(text).not.toContain(SECRET);
  });

  it('a status the contract does not document still yields the area error, with the body as sent', async () => {
    const gateway: typeof fetch = async () => new Response('Bad Gateway', { status: 502 });
    const storage = createStorageClient({ accessKey: SECRET, baseUrl: 'http://api.test', fetch: gateway, retry: false });
    const { failure } = await storage.GET('/storagezone');
    expect(failure).toBeInstanceOf(StorageApiError);
    expect(failure).toMatchObject({ status: 502, body: 'Bad Gateway', requestId: undefined, message: 'GET /storagezone answered 502: Bad Gateway' });
  });
});
