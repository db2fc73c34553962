// @platform-contracts/mock/msw: the platform's requests, intercepted by MSW's setupServer, are
// answered by the mock's engine in process (validation, state, faults, SQL), beside a team's own
// handlers; a base URL's path prefix is dropped; a reset connection becomes MSW's network error.
import { createClient as createLibsqlClient } from '@libsql/client';
import { createDatabaseTokens, createDatabaseTokensClient, createPlatformClient, PlatformRequestError, PlatformTimeoutError } from '@platform-contracts/client';
import { createMock, type Mock } from '@platform-contracts/mock';
import { platformHandlers } from '@platform-contracts/mock/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const API = 'https://api.platform.example';
const VIDEO = 'https://video.platform.example/v1';
const DATABASE = 'libsql://my-database.db.platform.example';

let mock: Mock;
let server: ReturnType<typeof setupServer>;
beforeAll(async () => {
  mock = await createMock({ areas: ['video', 'shield', 'database'] });
  server = setupServer(
    ...platformHandlers(mock, { baseUrls: [API, VIDEO, DATABASE] }),
    http.get('https://own.service.example/hello', () => HttpResponse.json({ hello: 'world' })),
  );
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(async () => {
  server?.close();
  await mock?.close();
});

let keys = 0;
const platformFor = (accessKey = `msw-${++keys}`) => createPlatformClient({ accessKey, apiBaseUrl: API, videoBaseUrl: VIDEO, retry: false });

describe('platformHandlers', () => {
  it("answers the platform's calls with the engine, state included, beside the team's own handlers", async () => {
    const platform = platformFor();
    const path = { params: { path: { libraryId: 42 } } } as const;
    const before = Number((await platform.video.GET('/library/{libraryId}/collections', path)).data!.totalItems); // int64: number | bigint
    expect((await platform.video.POST('/library/{libraryId}/collections', { ...path, body: { name: 'Talks' } })).response.status).toBe(200);
    expect((await platform.video.GET('/library/{libraryId}/collections', path)).data!.totalItems).toBe(before + 1);
    expect(await (await fetch('https://own.service.example/hello')).json()).toEqual({ hello: 'world' });
  });

  it('validates requests against the contract', async () => {
    const { failure } = await platformFor().video.POST('/library/{libraryId}/collections', {
      params: { path: { libraryId: 42 } },
      body: { name: 5 as unknown as string },
    });
    expect(failure?.status).toBe(400);
  });

  it('turns a reset connection into a network error', async () => {
    const accessKey = `msw-${++keys}`;
    mock.namespace(accessKey).fault({ operationId: 'listShieldZones', network: 'reset', count: 1 });
    await expect(platformFor(accessKey).shield.GET('/shield/shield-zones')).rejects.toThrow(PlatformRequestError);
  });

  it("leaves a hung call unanswered until the client's timeout", async () => {
    const accessKey = `msw-${++keys}`;
    mock.namespace(accessKey).fault({ operationId: 'listShieldZones', network: 'hang', count: 1 });
    const platform = createPlatformClient({ accessKey, apiBaseUrl: API, videoBaseUrl: VIDEO, retry: false, timeoutMs: 50 });
    await expect(platform.shield.GET('/shield/shield-zones')).rejects.toThrow(PlatformTimeoutError);
  });

  it('reaches the database pipeline for @libsql/client on the database URL', async () => {
    const accessKey = `msw-${++keys}`;
    const issued = await createDatabaseTokens(createDatabaseTokensClient({ accessKey, baseUrl: API }), 'my-database');
    const db = createLibsqlClient({ url: DATABASE, authToken: issued.tokens[0]!.token });
    try {
      expect((await db.execute('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      db.close();
    }
  });
});
