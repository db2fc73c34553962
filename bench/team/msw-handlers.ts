// The team's hand-written MSW handlers for the endpoints its suite calls: in-memory state per
// access key, reset after each test. No contract, no validation.
import { randomUUID } from 'node:crypto';
import { HttpResponse, http } from 'msw';

const API = 'https://api.platform.example';
interface Collection {
  videoLibraryId: number;
  guid: string;
  name: string;
  videoCount: number;
  totalSize: number;
  previewVideoIds: string | null;
  previewImageUrls: string[] | null;
}
interface Zone {
  shieldZoneId: number;
  learningMode: boolean;
}
interface State {
  collections: Collection[];
  zones: Zone[];
}
/** What every key starts with on the platform (its documented examples), copied by hand. */
const seed = (): State => ({
  collections: [
    {
      videoLibraryId: 42,
      guid: '0d5d8ab4-5a4e-4d4f-8a3c-2c8a9a0b1f11',
      name: 'Conference talks',
      videoCount: 12,
      totalSize: 3120044851,
      previewVideoIds: '8f2c1a6e-3b1d-4c5e-9f7a-1a2b3c4d5e6f,5b7e0c1d-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
      previewImageUrls: null,
    },
    {
      videoLibraryId: 42,
      guid: '3c9a7d2e-1f0b-4e6a-b5c4-d3e2f1a0b9c8',
      name: 'Tutorials',
      videoCount: 3,
      totalSize: 510339012,
      previewVideoIds: null,
      previewImageUrls: null,
    },
  ],
  zones: [
    { shieldZoneId: 1024, learningMode: false },
    { shieldZoneId: 1031, learningMode: false },
  ],
});
const DNS_ZONES = [12345];
const states = new Map<string, State>();
const stateOf = (request: Request): State => {
  const key = request.headers.get('accesskey') ?? '';
  let state = states.get(key);
  if (!state) states.set(key, (state = seed()));
  return state;
};
export const resetKey = (key: string) => states.delete(key);

/** A collection as the platform creates it (also bench/suites/msw.suite.ts's). */
export const newCollection = (videoLibraryId: number, name: string): Collection => ({
  ...{ videoLibraryId, guid: randomUUID(), name },
  ...{ videoCount: 0, totalSize: 0, previewVideoIds: null, previewImageUrls: null },
});

const ok = { success: true, message: 'OK', statusCode: 200 };
const success = { success: true, message: null, errorKey: null };

export const handlers = [
  http.get(`${API}/library/:libraryId/collections`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('itemsPerPage') ?? 100);
    const search = query.get('search')?.toLowerCase();
    const matching = stateOf(request).collections.filter((c) => !search || c.name.toLowerCase().includes(search));
    return HttpResponse.json({ totalItems: matching.length, currentPage: page, itemsPerPage: size, items: matching.slice((page - 1) * size, page * size) });
  }),
  http.post(`${API}/library/:libraryId/collections`, async ({ request, params }) => {
    const collection = newCollection(Number(params.libraryId), ((await request.json()) as { name: string }).name);
    stateOf(request).collections.unshift(collection);
    return HttpResponse.json(collection);
  }),
  http.get(`${API}/library/:libraryId/collections/:collectionId`, ({ request, params }) => {
    const found = stateOf(request).collections.find((c) => c.guid === params.collectionId);
    return found ? HttpResponse.json(found) : new HttpResponse(null, { status: 404 });
  }),
  http.post(`${API}/library/:libraryId/collections/:collectionId`, async ({ request, params }) => {
    const found = stateOf(request).collections.find((c) => c.guid === params.collectionId);
    if (!found) return new HttpResponse(null, { status: 404 });
    found.name = ((await request.json()) as { name: string }).name;
    return HttpResponse.json(ok);
  }),
  http.delete(`${API}/library/:libraryId/collections/:collectionId`, ({ request, params }) => {
    const state = stateOf(request);
    if (!state.collections.some((c) => c.guid === params.collectionId)) return new HttpResponse(null, { status: 404 });
    state.collections = state.collections.filter((c) => c.guid !== params.collectionId);
    return HttpResponse.json(ok);
  }),
  http.post(`${API}/library/:libraryId/videos`, async ({ request, params }) => {
    const { title, collectionId } = (await request.json()) as { title: string; collectionId?: string };
    const guid = randomUUID();
    if (collectionId) {
      const collection = stateOf(request).collections.find((c) => c.guid === collectionId);
      if (!collection) return new HttpResponse(null, { status: 404 });
      collection.videoCount += 1;
      collection.previewVideoIds = [guid, ...(collection.previewVideoIds?.split(',') ?? [])].slice(0, 4).join(',');
    }
    return HttpResponse.json({
      videoLibraryId: Number(params.libraryId),
      guid,
      title,
      collectionId: collectionId ?? null,
      dateUploaded: new Date().toISOString(),
      status: 0,
    });
  }),
  http.patch(`${API}/shield/shield-zone`, async ({ request }) => {
    const { shieldZoneId, shieldZone } = (await request.json()) as { shieldZoneId: number; shieldZone: { learningMode?: boolean } };
    const state = stateOf(request);
    let zone = state.zones.find((z) => z.shieldZoneId === shieldZoneId);
    const created = !zone;
    if (!zone) state.zones.push((zone = { shieldZoneId, learningMode: false }));
    zone.learningMode = shieldZone.learningMode ?? zone.learningMode;
    return HttpResponse.json({ data: { shieldZoneId, shieldZone: { ...zone } }, error: success }, { status: created ? 202 : 200 });
  }),
  http.get(`${API}/shield/shield-zones`, ({ request }) => {
    const zones = stateOf(request).zones;
    return HttpResponse.json({ data: zones, page: { totalCount: zones.length, totalPages: 1, currentPage: 1, nextPage: 0, pageSize: 10 } });
  }),
  http.get(`${API}/shield/waf/custom-rules/:shieldZoneId`, ({ request, params }) => {
    if (!stateOf(request).zones.some((z) => z.shieldZoneId === Number(params.shieldZoneId)))
      return HttpResponse.json({ error: { success: false, message: 'not found', errorKey: 'not_found' } }, { status: 404 });
    return HttpResponse.json({ data: [], page: { totalCount: 0, totalPages: 0, currentPage: 1, nextPage: 0, pageSize: 10 }, error: success });
  }),
  http.post(`${API}/dnszone/:zoneId/import`, async ({ request, params }) => {
    if (!DNS_ZONES.includes(Number(params.zoneId))) return new HttpResponse(null, { status: 404 });
    const lines = (await request.text()).split('\n').filter((line) => line.trim() !== '');
    return HttpResponse.json({ RecordsSuccessful: lines.length, RecordsFailed: 0, RecordsSkipped: 0 });
  }),
];
