import { describe, expect } from 'vitest';
import { it, usePlatform } from './backend.ts';

const platform = usePlatform();
/** The collections every library starts with (the platform's documented example). */
const SEEDED = ['Conference talks', 'Tutorials'];
const library = { params: { path: { libraryId: 42 } } } as const;
const create = (name: string) => platform.client.video.POST('/library/{libraryId}/collections', { ...library, body: { name } }).then((r) => r.data);
const get = (collectionId: string) =>
  platform.client.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 42, collectionId } } });

describe('collections', () => {
  it.each(['Talks', 'Keynotes', 'Workshops', 'Interviews', 'Trailers', 'Éditions spéciales'])('creates the collection %s', async (name) => {
    const created = await create(name);
    expect(created.name).toBe(name);
    expect(created.videoCount).toBe(0);
    expect((await get(created.guid!)).data.name).toBe(name);
  });

  it.each(['Renamed', 'Archive 2024', 'Best of'])('renames a collection to %s', async (name) => {
    const created = await create('Draft');
    await platform.client.video.POST('/library/{libraryId}/collections/{collectionId}', {
      params: { path: { libraryId: 42, collectionId: created.guid! } },
      body: { name },
    });
    expect((await get(created.guid!)).data.name).toBe(name);
  });

  it.each([1, 2, 3])('deletes one of %i collections', async (count) => {
    const created = await Promise.all(Array.from({ length: count }, (_, i) => create(`Old ${i}`)));
    await platform.client.video.DELETE('/library/{libraryId}/collections/{collectionId}', {
      params: { path: { libraryId: 42, collectionId: created[0]!.guid! } },
    });
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', library);
    expect(data.totalItems).toBe(SEEDED.length + count - 1);
    expect(data.items?.map((c) => c.guid)).not.toContain(created[0]!.guid);
  });

  it.each(['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'])(
    'answers 404 for the unknown collection %s',
    async (collectionId) => {
      await expect(get(collectionId)).rejects.toThrow();
    },
  );

  it.each(['zebra talk', 'ZEBRA KEY', 'bra work'])('finds collections by a search for %s', async (search) => {
    for (const name of ['Zebra talks', 'Zebra keynotes', 'Zebra workshops']) await create(name);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', { params: { path: { libraryId: 42 }, query: { search } } });
    expect(data.items).toHaveLength(1);
  });

  it('starts from the documented collections for every test (its own access key)', async () => {
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', library);
    expect(data.items?.map((c) => c.name)).toEqual(SEEDED);
  });

  it('lists what it created before the documented collections, newest first', async () => {
    await create('First');
    await create('Second');
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', library);
    expect(data.items?.map((c) => c.name)).toEqual(['Second', 'First', ...SEEDED]);
  });

  it("does not see an earlier test's collections", async () => {
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', library);
    expect(data.items?.map((c) => c.name)).not.toContain('First');
  });
});
