// Type tests (vitest's typechecker): response bodies, error bodies narrowed by status, required
// path parameters, oneOf variants, and what must not compile: a path or method the area lacks,
// an option no call takes, an option of the wrong type. Nothing here runs.

import {
  type Containers,
  type ContainersApiError,
  type ContainersClient,
  createDatabaseClient,
  createDnsClient,
  createPlatformClient,
  createShieldClient,
  createStorageClient,
  createVideoClient,
  type Database,
  type DatabaseTokensClient,
  type Dns,
  type Middleware,
  paginate,
  type Shield,
  type Storage,
  type Video,
  type VideoApiError,
} from '@platform-contracts/client';
import { describe, expectTypeOf, it } from 'vitest';

const options = { accessKey: 'k', baseUrl: 'http://127.0.0.1:1' };
const video = createVideoClient(options);
const shield = createShieldClient(options);
const storage = createStorageClient(options);
const platform = createPlatformClient({ accessKey: 'k' });

describe('answers', () => {
  it('type response bodies', async () => {
    const { data } = await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    expectTypeOf(data).toEqualTypeOf<Video.VideoModel | undefined>();
    const dns = createDnsClient({ ...options, throwOnError: true });
    const imported = await dns.POST('/dnszone/{zoneId}/import', { params: { path: { zoneId: 1 } }, body: 'www 60 IN A 192.0.2.1' });
    expectTypeOf(imported.data).toEqualTypeOf<Dns.DnsImportResult>(); // throwOnError: data is always there
    expectTypeOf<(typeof imported)['failure']>().toEqualTypeOf<undefined>();
  });

  it('narrow the error body by status', async () => {
    const { failure } = await video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 'c' } } });
    if (failure?.status === 400) expectTypeOf(failure.body).toEqualTypeOf<Video.StatusModel>();
    if (failure?.status === 404) expectTypeOf(failure.body).toEqualTypeOf<undefined>();
    if (failure?.status === 401) expectTypeOf(failure).toEqualTypeOf<VideoApiError<401, undefined>>();
    if (failure?.status === 502) expectTypeOf(failure.body).toBeUnknown(); // a status the contract does not document
    expectTypeOf<NonNullable<typeof failure>['requestId']>().toEqualTypeOf<string | undefined>();

    const zones = await shield.GET('/shield/shield-zones');
    if (zones.failure?.status === 400) expectTypeOf(zones.failure.body).toEqualTypeOf<Shield.ShieldErrorEnvelope>();
    if (zones.failure?.status === 401) expectTypeOf(zones.failure.body).toEqualTypeOf<Shield.ShieldFailure>();

    const containers = {} as ContainersClient;
    const added = await containers.POST('/mc/apps/{appId}/containers', {
      params: { path: { appId: 'a' } },
      body: { name: 'web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1', imageRegistryId: '1' },
    });
    if (added.failure?.status === 400) expectTypeOf(added.failure.body.errors).toEqualTypeOf<Containers.ContainerProblemDetails['errors']>();
    if (added.failure?.status === 401) expectTypeOf(added.failure).toEqualTypeOf<ContainersApiError<401, Containers.ContainerProblem>>();

    const listed = await storage.GET('/storagezone');
    if (listed.failure?.status === 400) expectTypeOf(listed.failure.body).toEqualTypeOf<Storage.StorageError>();
    if (!listed.failure) expectTypeOf(listed.data).toExtend<Storage.StorageZoneList>();
  });

  it('tell oneOf variants apart', async () => {
    const { data } = await storage.GET('/storagezone', { params: { query: { page: 1 } } });
    if (Array.isArray(data)) expectTypeOf(data).toExtend<Storage.StorageZone[]>();
    else if (data) expectTypeOf(data.Items).toExtend<Storage.StorageZone[]>();

    const updated = await shield.PATCH('/shield/shield-zone', { body: { shieldZoneId: 1, shieldZone: {} } });
    const result = updated.data?.data;
    if (result && 'pullZoneId' in result) expectTypeOf(result.pullZoneId).toEqualTypeOf<number>();

    const { results } = await createDatabaseClient({ url: 'libsql://db.example.invalid', authToken: 't' }).pipeline([{ type: 'close' }]);
    const first = results[0]!;
    if (first.type === 'error') expectTypeOf(first).toEqualTypeOf<Database.StreamResultError>();
    if (first.type === 'ok') expectTypeOf(first).toEqualTypeOf<Database.StreamResultOk>();
  });

  it('make the identifiers of returned resources required', () => {
    expectTypeOf<Video.Collection['guid']>().toEqualTypeOf<string>();
    expectTypeOf<Shield.ShieldZoneListItem['shieldZoneId']>().toEqualTypeOf<number>();
    expectTypeOf<Shield.ShieldCustomRule['id']>().toEqualTypeOf<number>();
    expectTypeOf<Storage.StorageZone['Id']>().toEqualTypeOf<number>();
    expectTypeOf<Containers.ContainerTemplate['id']>().toEqualTypeOf<string>();
  });
});

describe('int64 fields', () => {
  it('are numbers by default: a count goes into a number, arithmetic and Math', async () => {
    const { data } = await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    if (!data) return;
    const views: number = data.views;
    expectTypeOf(views + 1).toEqualTypeOf<number>();
    expectTypeOf(Math.max(data.storageSize, data.videoLibraryId)).toEqualTypeOf<number>();
    expectTypeOf<Video.VideoModel['views']>().toEqualTypeOf<number>();
    const platformVideo = await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    if (platformVideo.data) expectTypeOf(platformVideo.data.views).toEqualTypeOf<number>();
  });

  it("are bigints, in and out, for a client made with int64: 'bigint'", async () => {
    const exact = createVideoClient({ ...options, int64: 'bigint' });
    const { data } = await exact.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 9007199254740993n } }, body: { title: 't' } });
    if (data) expectTypeOf(data.views).toEqualTypeOf<bigint>();
    expectTypeOf<Video.VideoModel<bigint>['views']>().toEqualTypeOf<bigint>();
    expectTypeOf(data?.title).toEqualTypeOf<string | undefined>();
    // @ts-expect-error a number where the client takes bigint
    await exact.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
    const platformExact = createPlatformClient({ accessKey: 'k', int64: 'bigint' });
    for await (const zone of paginate(platformExact.shield, '/shield/shield-zones')) expectTypeOf(zone.shieldZoneId).toEqualTypeOf<bigint>();
  });

  it("refuses another mode than 'number' or 'bigint'", () => {
    // @ts-expect-error int64 is 'number' or 'bigint'
    createVideoClient({ ...options, int64: 'string' });
  });
});

describe('what does not compile', () => {
  it('a path the area does not have, or a method the path does not have', async () => {
    // @ts-expect-error no such path in the video contract
    await video.GET('/totally/made-up');
    // @ts-expect-error storage has no DELETE /storagezone (only /storagezone/{id})
    await platform.storage.DELETE('/storagezone');
    // @ts-expect-error a shield path on the video client
    await video.GET('/shield/shield-zones');
  });

  it('a missing or mistyped path parameter', async () => {
    // @ts-expect-error libraryId is a required path parameter
    await video.GET('/library/{libraryId}/collections', { params: { path: {} } });
    // @ts-expect-error the params are required at all
    await video.GET('/library/{libraryId}/collections');
    // @ts-expect-error collectionId is a string
    await video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 2 } } });
  });

  it('an option no call takes, or one of the wrong type', async () => {
    // @ts-expect-error `timeout` is not an option (`timeoutMs` is)
    await shield.GET('/shield/shield-zones', { timeout: 200 });
    // @ts-expect-error throwOnError is set per client, not per call
    await shield.GET('/shield/shield-zones', { throwOnError: true });
    // @ts-expect-error `retrys` is not a retry option
    await shield.GET('/shield/shield-zones', { retry: { retrys: 3 } });
    // @ts-expect-error timeoutMs is a number or false
    await shield.GET('/shield/shield-zones', { timeoutMs: '200' });
    // @ts-expect-error an unknown query parameter
    await shield.GET('/shield/shield-zones', { params: { query: { perPag: 10 } } });
    // the options a call does take
    await shield.GET('/shield/shield-zones', {
      timeoutMs: 200,
      retry: { retries: 3, methods: ['get'] },
      signal: AbortSignal.timeout(1),
      headers: { Prefer: 'code=401' },
    });
    // @ts-expect-error `timeout` is not a client option either
    createShieldClient({ ...options, timeout: 200 });
  });

  it('middleware that is not openapi-fetch middleware', () => {
    const logger: Middleware = { onRequest: ({ request }) => void expectTypeOf(request).toEqualTypeOf<Request>() };
    createShieldClient({ ...options, middleware: [logger] });
    createPlatformClient({ accessKey: 'k', middleware: [logger] });
    void shield.GET('/shield/shield-zones', { middleware: [logger] });
    // @ts-expect-error middleware is a list of { onRequest, onResponse, onError }
    createShieldClient({ ...options, middleware: [() => undefined] });
  });
});

describe('paginate', () => {
  it('gives the items of the listing, typed', async () => {
    for await (const zone of paginate(shield, '/shield/shield-zones', { params: { query: { perPage: 100 } }, limit: 10 })) {
      expectTypeOf(zone).toEqualTypeOf<Shield.ShieldZoneListItem>();
    }
    for await (const rule of paginate(shield, '/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 1 } } })) {
      expectTypeOf(rule).toEqualTypeOf<Shield.ShieldCustomRule>();
    }
    for await (const collection of paginate(platform.video, '/library/{libraryId}/collections', { params: { path: { libraryId: 1 } } })) {
      expectTypeOf(collection).toEqualTypeOf<Video.Collection>();
    }
    for await (const zone of paginate(storage, '/storagezone')) expectTypeOf(zone).toExtend<Storage.StorageZone>();
  });

  it('refuses what is not a paged listing of the area', () => {
    // @ts-expect-error not a paged operation
    paginate(shield, '/shield/shield-zone/{shieldZoneId}', { params: { path: { shieldZoneId: 1 } } });
    // @ts-expect-error the video listing needs its libraryId
    paginate(video, '/library/{libraryId}/collections');
    // @ts-expect-error `limt` is not an option
    paginate(storage, '/storagezone', { limt: 5 });
    // @ts-expect-error the database token client has no paged listing
    paginate({} as DatabaseTokensClient, '/database/{databaseId}/tokens', { params: { path: { databaseId: 'd' } } });
  });
});
