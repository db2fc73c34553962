import { createVideoClient } from '@platform-contracts/client';

const video = createVideoClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, error, response } = await video.GET('/library/{libraryId}/collections', {
  params: { path: { libraryId: 42 }, query: { page: 1, itemsPerPage: 100, search: 'talks' } },
});
if (!data) throw new Error(`could not list collections (${response.status}): ${error?.message ?? 'no body'}`);
for (const collection of data.items) console.log(collection.guid, collection.name, collection.videoCount);
