// Type tests, checked by `tsc -p tsconfig.json`: response bodies, error bodies narrowed by
// status, required path parameters, and the contracts' oneOf variants. The calls never run
// (the clients point nowhere); vitest only sees that the file loads.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createDatabaseClient,
  createDnsClient,
  createShieldClient,
  createStorageClient,
  createVideoClient,
  type Containers,
  type ContainersApiError,
  type Database,
  type Dns,
  type Shield,
  type Storage,
  type Video,
  type VideoApiError,
  type ContainersClient,
} from '@platform/client';

const options = { accessKey: 'k', baseUrl: 'http://127.0.0.1:1' };
const never = false as boolean; // keeps the calls from running while tsc checks them

describe('types', () => {
  it('type response bodies', async () => {
    if (never) {
      const video = createVideoClient(options);
      const { data } = await video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 1 } }, body: { title: 't' } });
      expectTypeOf(data).toEqualTypeOf<Video.VideoModel | undefined>();
      const dns = createDnsClient({ ...options, throwOnError: true });
      const imported = await dns.POST('/dnszone/{zoneId}/import', { params: { path: { zoneId: 1 } }, body: 'www 60 IN A 192.0.2.1' });
      expectTypeOf(imported.data).toEqualTypeOf<Dns.DnsImportResult>(); // throwOnError: data is always there
      expectTypeOf<(typeof imported)['failure']>().toEqualTypeOf<undefined>();
    }
  });

  it('narrow the error body by status', async () => {
    if (never) {
      const video = createVideoClient(options);
      const { failure } = await video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 'c' } } });
      if (failure?.status === 400) expectTypeOf(failure.body).toEqualTypeOf<Video.StatusModel>();
      if (failure?.status === 404) expectTypeOf(failure.body).toEqualTypeOf<undefined>();
      if (failure?.status === 401) expectTypeOf(failure).toEqualTypeOf<VideoApiError<401, undefined>>();
      if (failure?.status === 502) expectTypeOf(failure.body).toBeUnknown(); // a status the contract does not document

      const shield = createShieldClient(options);
      const zones = await shield.GET('/shield/shield-zones');
      if (zones.failure?.status === 400) expectTypeOf(zones.failure.body).toEqualTypeOf<Shield.ShieldErrorEnvelope>();
      if (zones.failure?.status === 401) expectTypeOf(zones.failure.body).toEqualTypeOf<Shield.ShieldFailure>();

      const containers = {} as ContainersClient;
      const added = await containers.POST('/mc/apps/{appId}/containers', { params: { path: { appId: 'a' } }, body: { name: 'web', imageName: 'nginx', imageNamespace: 'library', imageTag: '1', imageRegistryId: '1' } });
      if (added.failure?.status === 400) expectTypeOf(added.failure.body.errors).toEqualTypeOf<Containers.ContainerProblemDetails['errors']>();
      if (added.failure?.status === 401) expectTypeOf(added.failure).toEqualTypeOf<ContainersApiError<401, Containers.ContainerProblem>>();

      const dns = createDnsClient(options);
      const imported = await dns.POST('/dnszone/{zoneId}/import', { params: { path: { zoneId: 1 } }, body: '' });
      if (imported.failure?.status === 400) expectTypeOf(imported.failure.body).toEqualTypeOf<Dns.DnsError>();

      const storage = createStorageClient(options);
      const listed = await storage.GET('/storagezone');
      if (listed.failure?.status === 400) expectTypeOf(listed.failure.body).toEqualTypeOf<Storage.StorageError>();
      if (!listed.failure) expectTypeOf(listed.data).toExtend<Storage.StorageZoneList>();
    }
  });

  it('require path parameters', async () => {
    if (never) {
      const video = createVideoClient(options);
      // @ts-expect-error libraryId is a required path parameter
      await video.GET('/library/{libraryId}/collections', { params: { path: {} } });
      // @ts-expect-error the params are required at all
      await video.GET('/library/{libraryId}/collections');
      // @ts-expect-error collectionId is a string
      await video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 2 } } });
    }
  });

  it('tell oneOf variants apart', async () => {
    if (never) {
      // Storage: page 0 answers a plain array, a page above 0 the envelope.
      const { data } = await createStorageClient(options).GET('/storagezone', { params: { query: { page: 1 } } });
      if (Array.isArray(data)) {
        expectTypeOf(data).toExtend<Storage.StorageZone[]>();
        expectTypeOf(data).not.toExtend<Storage.StorageZonePage>();
      } else if (data) {
        expectTypeOf(data).toExtend<Storage.StorageZonePage>();
        expectTypeOf(data.Items).toExtend<Storage.StorageZone[]>();
      }

      // Shield update: two shapes of data.
      const updated = await createShieldClient(options).PATCH('/shield/shield-zone', { body: { shieldZoneId: 1, shieldZone: {} } });
      const result = updated.data?.data;
      if (result && 'pullZoneId' in result) {
        expectTypeOf(result).toExtend<Shield.ShieldZoneUpdateResultWithAccessLists>();
        expectTypeOf(result.pullZoneId).toEqualTypeOf<number>();
      } else if (result) {
        expectTypeOf(result).toExtend<Shield.ShieldZoneUpdateResult>();
        expectTypeOf(result.shieldZoneId).toEqualTypeOf<number>();
      }

      // Database pipeline results narrow on `type`.
      const { results } = await createDatabaseClient({ url: 'libsql://db.example.invalid', authToken: 't' }).pipeline([{ type: 'close' }]);
      const first = results[0]!;
      if (first.type === 'error') expectTypeOf(first).toEqualTypeOf<Database.StreamResultError>();
      if (first.type === 'ok') expectTypeOf(first).toEqualTypeOf<Database.StreamResultOk>();
      if (first.type === 'ok' && first.response.type === 'execute') expectTypeOf(first.response.result).toEqualTypeOf<Database.components['schemas']['StmtResult']>();
    }
  });
});
