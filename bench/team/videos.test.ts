import { describe, expect } from 'vitest';
import { it, usePlatform } from './backend.ts';

const platform = usePlatform();
const library = { params: { path: { libraryId: 42 } } } as const;

async function collection(name = 'Talks') {
  return (await platform.client.video.POST('/library/{libraryId}/collections', { ...library, body: { name } })).data.guid!;
}
const upload = (title: string, collectionId?: string) =>
  platform.client.video.POST('/library/{libraryId}/videos', { ...library, body: { title, collectionId } }).then((r) => r.data);

describe('videos', () => {
  it.each(['Keynote', 'Opening', 'Panel: the future', 'Q&A', 'Lightning talks', 'Closing'])('uploads %s outside any collection', async (title) => {
    const video = await upload(title);
    expect(video.title).toBe(title);
    expect(video.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(video.collectionId ?? null).toBeNull();
  });

  it.each([1, 2, 3, 4, 5])('counts %i videos uploaded into a collection', async (count) => {
    const collectionId = await collection();
    for (let i = 0; i < count; i++) await upload(`Talk ${i}`, collectionId);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 42, collectionId } } });
    expect(data.videoCount).toBe(count);
  });

  it.each(['Keynote', 'Demo', 'Recap'])('shows the latest upload %s first in the preview', async (title) => {
    const collectionId = await collection();
    await upload('Earlier', collectionId);
    const video = await upload(title, collectionId);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 42, collectionId } } });
    expect(data.previewVideoIds?.split(',')[0]).toBe(video.guid);
  });

  it.each(['33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'])(
    'refuses an upload into the unknown collection %s',
    async (collectionId) => {
      await expect(upload('Lost', collectionId)).rejects.toThrow();
    },
  );

  it.each(['Spring', 'Summer', 'Autumn', 'Winter'])('uploads into its own collection %s only', async (name) => {
    const [mine, other] = [await collection(name), await collection(`${name} (other)`)];
    await upload('Talk', mine);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections/{collectionId}', {
      params: { path: { libraryId: 42, collectionId: other } },
    });
    expect(data.videoCount).toBe(0);
  });
});
