import { createVideoClient } from '@platform/client';

const video = createVideoClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: 'http://127.0.0.1:4010' });

const { data, error, response } = await video.POST('/library/{libraryId}/collections', {
  params: { path: { libraryId: 42 } },
  body: { name: 'Conference talks' },
});
if (!data) throw new Error(`could not create the collection (${response.status}): ${error?.message ?? 'no body'}`);
console.log(`created collection ${data.guid}`);
