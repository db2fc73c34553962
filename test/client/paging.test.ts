// The paging helpers walk every page of a listing against the mock. Each page's answer is
// checked against the contract; the expected items come from one big page of the same listing.
import { describe, expect, it } from 'vitest';
import {
  createShieldClient,
  createStorageClient,
  createVideoClient,
  listAllCollections,
  listAllCustomWafRules,
  listAllShieldZones,
  listAllStorageZones,
  ShieldApiError,
  VideoApiError,
} from '@platform/client';
import { useMock } from '../support/mock.ts';
import { validateAnswer } from '../support/openapi.ts';

const mock = useMock(['video', 'shield', 'storage']);

/** A fetch that checks every 200 answer against the operation's contract and counts the pages. */
function checking(area: string, operationId: string) {
  const pages: number[] = [];
  const problems: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    if (response.status === 200) problems.push(...validateAnswer(area, operationId, 200, await response.clone().json()));
    pages.push(Number(new URL(request.url).searchParams.get('page')));
    return response;
  };
  return { fetch: fetchImpl, pages, problems };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('listAllCollections', () => {
  it('walks every page of a library and stops after totalItems', async () => {
    const libraryId = 7001;
    const setup = createVideoClient({ accessKey: 'k', baseUrl: mock.url, throwOnError: true });
    for (let i = 0; i < 7; i++) await setup.POST('/library/{libraryId}/collections', { params: { path: { libraryId } }, body: { name: `talks ${i}` } });
    const { data: everything } = await setup.GET('/library/{libraryId}/collections', { params: { path: { libraryId }, query: { itemsPerPage: 1000 } } });

    const check = checking('video', 'listCollections');
    const video = createVideoClient({ accessKey: 'k', baseUrl: mock.url, fetch: check.fetch });
    const walked = await collect(listAllCollections(video, libraryId, { itemsPerPage: 3 }));
    expect(walked.map((c) => c.guid)).toEqual(everything.items.map((c) => c.guid));
    expect(check.pages).toEqual(Array.from({ length: Math.ceil(everything.totalItems / 3) }, (_, i) => i + 1));
    expect(check.problems).toEqual([]);
  });

  it('passes the search on and throws the VideoApiError of a failed page', async () => {
    const video = createVideoClient({ accessKey: 'k', baseUrl: mock.url });
    const found = await collect(listAllCollections(video, 7002, { search: 'no collection is called this' }));
    expect(found).toEqual([]);
    const error = await collect(listAllCollections(video, 7002, { itemsPerPage: -1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(error).toMatchObject({ status: 400 });
  });
});

describe.each([
  {
    name: 'listAllCustomWafRules',
    operationId: 'listCustomWafRules',
    walk: (client: ReturnType<typeof createShieldClient>, size: number) => listAllCustomWafRules(client, 1024, { pageSize: size }),
    everything: async (client: ReturnType<typeof createShieldClient>) =>
      (await client.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 1024 }, query: { pageSize: 1000 } } })).data!,
  },
  {
    name: 'listAllShieldZones',
    operationId: 'listShieldZones',
    walk: (client: ReturnType<typeof createShieldClient>, size: number) => listAllShieldZones(client, { perPage: size }),
    everything: async (client: ReturnType<typeof createShieldClient>) =>
      (await client.GET('/shield/shield-zones', { params: { query: { perPage: 100 } } })).data!,
  },
])('$name', ({ operationId, walk, everything }) => {
  it('walks every page until the last one', async () => {
    const all = await everything(createShieldClient({ accessKey: 'k', baseUrl: mock.url }));
    expect(all.page.totalPages).toBe(1);
    const check = checking('shield', operationId);
    const size = Math.max(1, Math.ceil(all.page.totalCount / 3));
    const walked = await collect(walk(createShieldClient({ accessKey: 'k', baseUrl: mock.url, fetch: check.fetch }), size));
    expect(walked).toEqual(all.data);
    expect(check.pages).toEqual(Array.from({ length: Math.ceil(all.page.totalCount / size) }, (_, i) => i + 1));
    expect(check.problems).toEqual([]);
  });

  it('throws the ShieldApiError of a failed page', async () => {
    const error = await collect(walk(createShieldClient({ accessKey: 'k', baseUrl: mock.url }), 0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShieldApiError);
    expect(error).toMatchObject({ status: 400 });
  });
});

describe('listAllStorageZones', () => {
  it('works with a client that throws on errors too', async () => {
    const storage = createStorageClient({ accessKey: 'k', baseUrl: mock.url, throwOnError: true });
    const { data: all } = await storage.GET('/storagezone');
    expect(Array.isArray(all)).toBe(true);
    const walked = await collect(listAllStorageZones(storage, { perPage: 5 }));
    expect(walked.map((zone) => zone.Id)).toEqual((all as { Id: number }[]).map((zone) => zone.Id));
  });
});
