// `paginate`: one paging mechanism for every listing, driven by each operation's x-pagination.
// Against the mock (every page checked against the contract, the expected items from one big
// page), and against scripted servers that page wrongly: it must stop and say why, never loop.

import {
  createShieldClient,
  createStorageClient,
  createVideoClient,
  PlatformPaginationError,
  paginate,
  ShieldApiError,
  StorageApiError,
  VideoApiError,
} from '@platform-contracts/client';
import { AREAS } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { loadBundle, validateAnswer } from '../support/openapi.ts';

const mock = useMock(['video', 'shield', 'storage']);

/** A fetch that checks every 200 answer against the operation's contract and records the pages asked for. */
function checking(area: string, operationId: string) {
  const pages: number[] = [];
  const problems: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await mock.fetch(request);
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

const pagesUpTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('paginate against the mock', () => {
  it("walks every page of a library's collections and stops after totalItems", async () => {
    const libraryId = 7001;
    const setup = createVideoClient({ accessKey: 'k', baseUrl: mock.url, fetch: mock.fetch, throwOnError: true });
    for (let i = 0; i < 7; i++) await setup.POST('/library/{libraryId}/collections', { params: { path: { libraryId } }, body: { name: `talks ${i}` } });
    const { data: everything } = await setup.GET('/library/{libraryId}/collections', { params: { path: { libraryId }, query: { itemsPerPage: 1000 } } });
    expect(everything.items.length).toBeGreaterThanOrEqual(7);

    const check = checking('video', 'listCollections');
    const video = createVideoClient({ accessKey: 'k', baseUrl: mock.url, fetch: check.fetch });
    const walked = await collect(paginate(video, '/library/{libraryId}/collections', { params: { path: { libraryId }, query: { itemsPerPage: 3 } } }));
    expect(walked.map((c) => c.guid)).toEqual(everything.items.map((c) => c.guid));
    expect(check.pages).toEqual(pagesUpTo(Math.ceil(Number(everything.totalItems) / 3)));
    expect(check.problems).toEqual([]);
  });

  it.each([
    { path: '/shield/shield-zones', operationId: 'listShieldZones', size: 'perPage', params: {} },
    { path: '/shield/waf/custom-rules/{shieldZoneId}', operationId: 'listCustomWafRules', size: 'pageSize', params: { path: { shieldZoneId: 1024 } } }, // a zone every access key starts with
  ] as const)('walks $path to its last page (page.totalPages)', async ({ path, operationId, size, params }) => {
    const shield = createShieldClient({ accessKey: 'k', baseUrl: mock.url, fetch: mock.fetch, throwOnError: true });
    type Listing = { data: unknown[]; page: { totalPages: number; totalCount: number } };
    const { data: all } = (await shield.GET(path as '/shield/shield-zones', { params: { ...params, query: { [size]: 100 } } } as never)) as unknown as {
      data: Listing;
    };
    expect(all.page.totalPages).toBe(1);
    expect(all.data.length).toBeGreaterThan(1);
    const perPage = Math.ceil(all.data.length / 3);
    const check = checking('shield', operationId);
    const client = createShieldClient({ accessKey: 'k', baseUrl: mock.url, fetch: check.fetch });
    const walked = await collect(paginate(client, path as '/shield/shield-zones', { params: { ...params, query: { [size]: perPage } } } as never));
    expect(walked).toEqual(all.data);
    expect(check.pages).toEqual(pagesUpTo(Math.ceil(all.page.totalCount / perPage)));
    expect(check.problems).toEqual([]);
  });

  it('walks the storage zones from page 1 (page 0 answers a plain array) until HasMoreItems is false', async () => {
    const storage = createStorageClient({ accessKey: 'k', baseUrl: mock.url, fetch: mock.fetch, throwOnError: true });
    const { data: all } = await storage.GET('/storagezone');
    if (!Array.isArray(all)) throw new Error('page 0 answers an array');
    const check = checking('storage', 'listStorageZones');
    const walked = await collect(
      paginate(createStorageClient({ accessKey: 'k', baseUrl: mock.url, fetch: check.fetch }), '/storagezone', { params: { query: { perPage: 5 } } }),
    );
    expect(walked.map((zone) => zone.Id)).toEqual(all.map((zone) => zone.Id));
    expect(check.pages[0]).toBe(1);
    expect(check.problems).toEqual([]);
  });

  it('stops at limit without reading further pages', async () => {
    const check = checking('storage', 'listStorageZones');
    const storage = createStorageClient({ accessKey: 'k', baseUrl: mock.url, fetch: check.fetch });
    const walked = await collect(paginate(storage, '/storagezone', { params: { query: { perPage: 5 } }, limit: 7 }));
    expect(walked).toHaveLength(7);
    expect(check.pages).toEqual([1, 2]);
  });

  it.each([
    [
      'video',
      () =>
        paginate(createVideoClient({ accessKey: 'k', baseUrl: mock.url, fetch: mock.fetch }), '/library/{libraryId}/collections', {
          params: { path: { libraryId: 1 }, query: { itemsPerPage: -1 } },
        }),
      VideoApiError,
    ],
    [
      'shield',
      () =>
        paginate(createShieldClient({ accessKey: 'k', baseUrl: mock.url, fetch: mock.fetch }), '/shield/shield-zones', { params: { query: { perPage: 0 } } }),
      ShieldApiError,
    ],
    [
      'storage',
      () =>
        paginate(createStorageClient({ accessKey: 'k', baseUrl: mock.url, fetch: mock.fetch, throwOnError: true }), '/storagezone', {
          params: { query: { perPage: 1 } },
        }),
      StorageApiError,
    ],
  ] as const)('throws the %s area error of a failed page', async (_area, walk, errorClass) => {
    const error = await collect(walk() as AsyncIterable<unknown>).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toMatchObject({ status: 400 });
  });
});

/** A storage API whose pages are scripted: `answer(page)` gives the body for `?page=`. */
function scriptedStorage(answer: (page: number) => unknown) {
  const pages: number[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const page = Number(new URL(new Request(input, init).url).searchParams.get('page'));
    pages.push(page);
    if (pages.length > 50) throw new Error('paginate kept going');
    return Response.json(answer(page));
  };
  return { client: createStorageClient({ accessKey: 'k', baseUrl: 'http://api.test', fetch: fetchImpl }), pages };
}
const zone = (Id: number) => ({ Id, Name: `zone-${Id}` });

describe('paginate against a server that pages wrongly', () => {
  it('stops with a repeated-page PlatformPaginationError when the server ignores page', async () => {
    const server = scriptedStorage(() => ({ Items: [zone(1), zone(2)], TotalItems: 99, HasMoreItems: true }));
    const seen: number[] = [];
    const error = await (async () => {
      for await (const item of paginate(server.client, '/storagezone')) seen.push(Number(item.Id));
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformPaginationError);
    expect(error).toMatchObject({ reason: 'repeated-page', page: 2, method: 'GET', path: '/storagezone' });
    expect((error as Error).message).toMatch(/page 2: the service answered the items of page 1 again \(it ignores "page"\)/);
    expect(seen).toEqual([1, 2]);
    expect(server.pages).toEqual([1, 2]);
  });

  it('stops with a no-progress PlatformPaginationError when the answer is another page than the one asked for', async () => {
    let counter = 0;
    const server = scriptedStorage(() => ({ Items: [zone(++counter)], CurrentPage: 1, TotalItems: 99, HasMoreItems: true }));
    const error = await collect(paginate(server.client, '/storagezone')).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PlatformPaginationError', reason: 'no-progress', page: 2 });
    expect(server.pages).toEqual([1, 2]);
  });

  it('stops with not-a-page when the answer has no items where x-pagination says', async () => {
    const server = scriptedStorage(() => [zone(1)]);
    await expect(collect(paginate(server.client, '/storagezone'))).rejects.toMatchObject({ reason: 'not-a-page', page: 1 });
  });

  it('stops at an empty page even when the counters say more follow', async () => {
    const server = scriptedStorage((page) => ({ Items: page === 1 ? [zone(1)] : [], CurrentPage: page, TotalItems: 99, HasMoreItems: true }));
    expect((await collect(paginate(server.client, '/storagezone'))).map((z) => z.Id)).toEqual([1]);
    expect(server.pages).toEqual([1, 2]);
  });

  it('stops when the signal aborts, with its reason', async () => {
    const controller = new AbortController();
    const server = scriptedStorage((page) => ({ Items: [zone(page)], CurrentPage: page, TotalItems: 99, HasMoreItems: true }));
    const seen: number[] = [];
    const error = await (async () => {
      for await (const item of paginate(server.client, '/storagezone', { signal: controller.signal })) {
        seen.push(Number(item.Id));
        if (item.Id === 3) controller.abort(new Error('enough'));
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'enough' });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('starts at the page given in the query', async () => {
    const server = scriptedStorage((page) => ({ Items: [zone(page)], CurrentPage: page, TotalItems: 5, HasMoreItems: page < 5 }));
    expect((await collect(paginate(server.client, '/storagezone', { params: { query: { page: 4 } } }))).map((z) => z.Id)).toEqual([4, 5]);
  });
});

describe("the clients' paging tables", () => {
  it.each(AREAS.map((area) => [area]))('%s: are the x-pagination of the contract, operation for operation', async (area) => {
    const bundle = loadBundle(area) as { paths: Record<string, Record<string, { 'x-pagination'?: unknown }>> };
    const fromContract = Object.fromEntries(
      Object.entries(bundle.paths).flatMap(([path, item]) => (item.get?.['x-pagination'] ? [[path, item.get['x-pagination']]] : [])),
    );
    const module: Record<string, unknown> = await import(`@platform-contracts/client/${area}`);
    const clients = Object.entries(module)
      .filter(([name]) => /^create\w+Client$/.test(name))
      .map(([, create]) =>
        (create as (options: object) => { pagination?: unknown })({
          accessKey: 'k',
          baseUrl: 'http://api.test',
          url: 'libsql://db.example.invalid',
          authToken: 't',
        }),
      )
      .filter((client) => client.pagination !== undefined);
    expect(clients.length).toBeGreaterThan(0);
    for (const client of clients) expect(client.pagination).toEqual(fromContract);
  });

  it('has paged operations to walk', () => {
    expect(AREAS.filter((area) => JSON.stringify(loadBundle(area).paths).includes('x-pagination')).length).toBeGreaterThanOrEqual(3);
  });
});
