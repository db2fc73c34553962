// @platform-contracts/mock/vitest over HTTP: `createMockTest({ http: true })` serves the worker's
// mock on a free port, and every fixture (namespace, clock, faults, database, @libsql/client)
// works through the socket as it does in process. The globalSetup starts one HTTP mock and
// provides its URL.

import { createPlatformClient } from '@platform-contracts/client';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { createGlobalSetup } from '@platform-contracts/mock/vitest/global-setup';
import { describe, expect } from 'vitest';

// The real clock under the virtual one is fixed: only what a test moves moves.
const test = createMockTest({ createPlatformClient, http: true, mock: { areas: ['video', 'shield', 'database'], now: () => Date.UTC(2030, 0, 1) } });

describe('createMockTest({ http: true })', () => {
  test("serves the worker's mock on a port of 127.0.0.1, reached with the global fetch", async ({ platformMock, namespace }) => {
    expect(platformMock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${platformMock.url}/_mock/health`);
    expect(health.status).toBe(200);
    expect(namespace.accessKey).toMatch(/^test-/);
  });

  test("moves the namespace's clock and sets its faults through the control endpoints", async ({ platform, namespace }) => {
    await namespace.clock.set('2031-05-06T07:08:09Z');
    const { data } = await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: 'later' } });
    expect(data!.dateUploaded).toBe('2031-05-06T07:08:09.000Z');
    await namespace.fault({ operationId: 'listShieldZones', network: 'reset', count: 1 });
    expect(await namespace.faults()).toHaveLength(1);
    await expect(platform.shield.GET('/shield/shield-zones', { retry: false })).rejects.toThrow(/fetch failed|socket|ECONNRESET/i);
  });

  test('runs SQL through @libsql/client on the URL the token answer gives', async ({ db, database }) => {
    expect(database.url).toMatch(/^libsql:\/\/127\.0\.0\.1:\d+/);
    expect((await db.execute('SELECT 40 + 2 AS answer')).rows).toEqual([{ answer: 42 }]);
  });

  test("refuses a bad fault rule with the control endpoint's reason", async ({ namespace }) => {
    await expect(namespace.fault({ operationId: 'brewCoffee', status: 500 })).rejects.toThrow(/brewCoffee/);
  });
});

describe('the globalSetup', () => {
  test('starts one HTTP mock, provides its URL, and closes it on teardown', async () => {
    const provided = new Map<string, string>();
    const teardown = await createGlobalSetup({ areas: ['shield'] })({ provide: (key, value) => provided.set(key, value) });
    const url = provided.get('platformMockUrl')!;
    expect((await (await fetch(`${url}/_mock/health`)).json()).areas).toEqual(['shield']);
    await teardown();
    await expect(fetch(`${url}/_mock/health`)).rejects.toThrow();
  });
});
