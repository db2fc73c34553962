// @platform-contracts/mock/vitest: one line of setup gives each test a namespace of its own
// (access key, clock, faults, database tokens, @libsql/client, the platform client), reset when
// the test ends, safe under test.concurrent; the mock is the worker's, in process.

import { createPlatformClient, createVideoClient } from '@platform-contracts/client';
import { IN_PROCESS_URL } from '@platform-contracts/mock';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { describe, expect } from 'vitest';

const START = Date.UTC(2030, 0, 1);
const test = createMockTest({ createPlatformClient, mock: { now: () => START } });
const LIBRARY = 42;

const seen: { accessKey: string; collections: number }[] = [];

describe('a namespace per test', () => {
  test.concurrent.for(['first', 'second'])("keeps the %s test's writes to itself", async (name, { platform, namespace, expect }) => {
    const path = { params: { path: { libraryId: LIBRARY } } } as const;
    const before = Number((await platform.video.GET('/library/{libraryId}/collections', path)).data!.totalItems); // int64: number | bigint
    await platform.video.POST('/library/{libraryId}/collections', { ...path, body: { name } });
    const after = Number((await platform.video.GET('/library/{libraryId}/collections', path)).data!.totalItems);
    expect(after).toBe(before + 1);
    seen.push({ accessKey: namespace.accessKey, collections: before });
  });

  test('resets each namespace once its test ends', async ({ platformMock }) => {
    expect(seen).toHaveLength(2);
    expect(seen[0]!.accessKey).not.toBe(seen[1]!.accessKey);
    for (const { accessKey, collections } of seen) {
      const client = createVideoClient({ accessKey, baseUrl: platformMock.url, fetch: platformMock.fetch });
      expect((await client.GET('/library/{libraryId}/collections', { params: { path: { libraryId: LIBRARY } } })).data!.totalItems).toBe(collections);
    }
  });

  test("runs the worker's mock in process", ({ platformMock, clientOptions }) => {
    expect(platformMock.url).toBe(IN_PROCESS_URL);
    expect(platformMock.mock).toBeDefined();
    expect(clientOptions).toMatchObject({ baseUrl: IN_PROCESS_URL, fetch: platformMock.fetch });
  });
});

describe('time and faults per test', () => {
  test.concurrent('moves its own clock only', async ({ platform, namespace, platformMock, expect }) => {
    await namespace.clock.advance(86_400_000);
    expect((await namespace.clock.now()).toISOString()).toBe('2030-01-02T00:00:00.000Z');
    expect(platformMock.mock!.clock.now()).toBe(START);
    const { data } = await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: LIBRARY } }, body: { title: 'tomorrow' } });
    expect(data!.dateUploaded).toBe('2030-01-02T00:00:00.000Z');
  });

  test.concurrent("sees the mock's clock while another test moves its own", async ({ platform, expect }) => {
    const { data } = await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: LIBRARY } }, body: { title: 'today' } });
    expect(data!.dateUploaded).toBe('2030-01-01T00:00:00.000Z');
  });

  test.concurrent('answers its own fault: an HTML 502 from a proxy', async ({ platform, namespace, expect }) => {
    await namespace.fault({ operationId: 'listShieldZones', status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const { failure } = await platform.shield.GET('/shield/shield-zones', { retry: false });
    expect(failure?.status).toBe(502);
    expect(failure?.body).toBe('<html>Bad gateway</html>');
  });

  test.concurrent("is not touched by another test's fault", async ({ platform, expect }) => {
    expect((await platform.shield.GET('/shield/shield-zones', { retry: false })).response.status).toBe(200);
  });
});

describe('the database of the namespace', () => {
  test('gives @libsql/client and the platform client the same database', async ({ db, platform, database }) => {
    expect(database.fullAccessToken).not.toBe(database.readOnlyToken);
    await db.batch(['CREATE TABLE audit (what TEXT)', "INSERT INTO audit VALUES ('published')"], 'write');
    expect((await platform.database.execute('SELECT what FROM audit')).rows).toEqual([{ what: 'published' }]);
  });

  test('starts the next test with an empty database', async ({ db }) => {
    await expect(db.execute('SELECT what FROM audit')).rejects.toThrow(/no such table/);
  });
});
