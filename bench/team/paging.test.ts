import { paginate } from '@platform-contracts/client';
import { describe, expect } from 'vitest';
import { it, usePlatform } from './backend.ts';

const platform = usePlatform();
/** Collections every library starts with. */
const SEEDED = 2;

async function createMany(count: number) {
  for (let i = 0; i < count; i++)
    await platform.client.video.POST('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } }, body: { name: `Collection ${i}` } });
}

describe('paging through collections', () => {
  it.each([
    [1, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 4],
    [7, 3],
  ])('reads all of %i collections, %i a page', async (count, itemsPerPage) => {
    await createMany(count);
    const names: string[] = [];
    for await (const collection of paginate(platform.client.video, '/library/{libraryId}/collections', {
      params: { path: { libraryId: 42 }, query: { itemsPerPage } },
    }))
      names.push(collection.name ?? '');
    expect(names.filter((name) => name.startsWith('Collection ')).sort()).toEqual(Array.from({ length: count }, (_, i) => `Collection ${i}`).sort());
  });

  it.each([
    [3, 2, 1, 2],
    [3, 2, 2, 2],
    [3, 2, 3, 1],
    [3, 2, 4, 0],
    [1, 10, 1, 3],
    [0, 10, 2, 0],
  ])('of %i collections (and the 2 documented ones), %i a page, page %i holds %i', async (count, itemsPerPage, page, expected) => {
    await createMany(count);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', {
      params: { path: { libraryId: 42 }, query: { itemsPerPage, page } },
    });
    expect(data.items).toHaveLength(expected);
    expect(data.totalItems).toBe(count + SEEDED);
    expect(data.currentPage).toBe(page);
  });

  it.each([2, 3, 4, 5, 6, 8, 10, 12])('counts %i collections on the first page', async (count) => {
    await createMany(count);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } } });
    expect(data.totalItems).toBe(count + SEEDED);
  });
});
