import { createVideoClient } from '@platform-contracts/client';

const video = createVideoClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, error, response } = await video.POST('/library/{libraryId}/collections', {
  params: { path: { libraryId: 42 } },
  body: { name: 'Conference talks' },
});
if (!data) throw new Error(`could not create the collection (${response.status}): ${error?.message ?? 'no body'}`);
console.log(`created collection ${data.guid}`);
