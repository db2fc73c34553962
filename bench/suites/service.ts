// The application a benchmark suite tests: a small publishing service on the platform client
// (collections, videos, paging, shield learning mode, DNS import), as the team wrote it.
import { importDnsRecords, type PlatformClient, paginate } from '@platform-contracts/client';

export const LIBRARY = 42;
export const SHIELD_ZONE = 1024;
export const DNS_ZONE = 12345;

export async function publish(platform: PlatformClient<true>, collection: string, title: string) {
  const library = { params: { path: { libraryId: LIBRARY } } } as const;
  const created = await platform.video.POST('/library/{libraryId}/collections', { ...library, body: { name: collection } });
  const video = await platform.video.POST('/library/{libraryId}/videos', { ...library, body: { title, collectionId: created.data.guid ?? undefined } });
  return { collectionId: created.data.guid, videoId: video.data.guid };
}

export async function collectionNames(platform: PlatformClient<true>): Promise<string[]> {
  const names: string[] = [];
  for await (const collection of paginate(platform.video, '/library/{libraryId}/collections', {
    params: { path: { libraryId: LIBRARY }, query: { itemsPerPage: 2 } },
  })) {
    names.push(collection.name ?? '');
  }
  return names;
}

export async function startLearning(platform: PlatformClient<true>) {
  await platform.shield.PATCH('/shield/shield-zone', { body: { shieldZoneId: SHIELD_ZONE, shieldZone: { learningMode: true } } });
  const { data } = await platform.shield.GET('/shield/shield-zones');
  return data.data.find((zone) => zone.shieldZoneId === SHIELD_ZONE)?.learningMode;
}

export async function importRecords(platform: PlatformClient<true>, records: string) {
  const { data } = await importDnsRecords(platform.dns, DNS_ZONE, records);
  return data;
}
