// The same suite on hand-written MSW handlers, as a team would write them: in-memory state for
// the endpoints the service calls, reset after each test. No contract, no validation, no SQL.
import { randomUUID } from 'node:crypto';
import { createPlatformClient, type PlatformClient } from '@platform-contracts/client';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, test as base, beforeAll } from 'vitest';
import { newCollection } from '../team/msw-handlers.ts';
import { definePublishingTests } from './cases.ts';

const API = 'https://api.platform.example';
let state = { collections: [] as ReturnType<typeof newCollection>[], learningMode: false };

const server = setupServer(
  http.get(`${API}/library/:libraryId/collections`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('itemsPerPage') ?? 100);
    const items = state.collections.slice((page - 1) * size, page * size);
    return HttpResponse.json({ totalItems: state.collections.length, currentPage: page, itemsPerPage: size, items });
  }),
  http.post(`${API}/library/:libraryId/collections`, async ({ request, params }) => {
    const collection = newCollection(Number(params.libraryId), ((await request.json()) as { name: string }).name);
    state.collections.push(collection);
    return HttpResponse.json(collection);
  }),
  http.post(`${API}/library/:libraryId/videos`, async ({ request, params }) => {
    const { title } = (await request.json()) as { title: string };
    return HttpResponse.json({ videoLibraryId: Number(params.libraryId), guid: randomUUID(), title, dateUploaded: new Date().toISOString(), status: 0 });
  }),
  http.patch(`${API}/shield/shield-zone`, async ({ request }) => {
    const body = (await request.json()) as { shieldZoneId: number; shieldZone: { learningMode?: boolean } };
    state.learningMode = body.shieldZone.learningMode ?? state.learningMode;
    return HttpResponse.json({ data: { shieldZoneId: body.shieldZoneId, shieldZone: { learningMode: state.learningMode } } });
  }),
  http.get(`${API}/shield/shield-zones`, () =>
    HttpResponse.json({ data: [{ shieldZoneId: 1024, learningMode: state.learningMode }], page: { pageIndex: 1, pageSize: 100, totalCount: 1 } }),
  ),
  http.post(`${API}/dnszone/:zoneId/import`, async ({ request }) => {
    const lines = (await request.text()).split('\n').filter((line) => line.trim() !== '');
    return HttpResponse.json({ RecordsSuccessful: lines.length, RecordsFailed: 0, RecordsSkipped: 0 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const test = base.extend<{ platform: PlatformClient<true> }>({
  platform: async ({}, use) => {
    await use(createPlatformClient({ accessKey: 'msw', apiBaseUrl: API, videoBaseUrl: API, throwOnError: true }));
    state = { collections: [], learningMode: false };
  },
});
definePublishingTests(test);
