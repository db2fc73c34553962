import { describe, expect } from 'vitest';
import { it, usePlatform } from './backend.ts';

const platform = usePlatform();
const library = { params: { path: { libraryId: 42 } } } as const;

/** The team's own code: publishes a talk into its event's collection, creating the collection when missing. */
async function publishTalk(event: string, title: string) {
  const { data: found } = await platform.client.video.GET('/library/{libraryId}/collections', {
    params: { path: { libraryId: 42 }, query: { search: event } },
  });
  const existing = found.items?.find((c) => c.name === event);
  const collectionId =
    existing?.guid ?? (await platform.client.video.POST('/library/{libraryId}/collections', { ...library, body: { name: event } })).data.guid!;
  const { data: video } = await platform.client.video.POST('/library/{libraryId}/videos', { ...library, body: { title, collectionId } });
  return { collectionId, videoId: video.guid! };
}

describe('publishing talks', () => {
  it.each(['Conf 2025', 'Meetup #12', 'Summit', 'Workshop day', 'Hack night'])('publishes a talk of %s into a new collection', async (event) => {
    const published = await publishTalk(event, 'Opening');
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections/{collectionId}', {
      params: { path: { libraryId: 42, collectionId: published.collectionId } },
    });
    expect(data.name).toBe(event);
    expect(data.videoCount).toBe(1);
  });

  it.each([2, 3, 4, 5, 6])('publishes %i talks of one event into one collection', async (count) => {
    const ids = new Set<string>();
    for (let i = 0; i < count; i++) ids.add((await publishTalk('Conf', `Talk ${i}`)).collectionId);
    expect(ids.size).toBe(1);
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', library);
    expect(data.items?.[0]?.videoCount).toBe(count);
  });

  it.each([
    ['Conf A', 'Conf B'],
    ['Spring', 'Autumn'],
    ['Day 1', 'Day 2'],
    ['North', 'South'],
    ['Live', 'Replay'],
  ])('keeps the talks of %s and %s apart', async (first, second) => {
    await publishTalk(first, 'Talk');
    await publishTalk(second, 'Talk');
    const { data } = await platform.client.video.GET('/library/{libraryId}/collections', library);
    expect(data.items?.filter((c) => c.name === first || c.name === second).map((c) => c.videoCount)).toEqual([1, 1]);
  });

  it.each(['Keynote', 'Closing', 'Panel', 'Demo', 'Recap'])('turns learning mode on before publishing %s', async (title) => {
    await platform.client.shield.PATCH('/shield/shield-zone', { body: { shieldZoneId: 1024, shieldZone: { learningMode: true } } });
    const published = await publishTalk('Protected', title);
    expect(published.videoId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
