import { createVideoClient } from '@platform-contracts/client';

const video = createVideoClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, response } = await video.POST('/library/{libraryId}/collections/{collectionId}', {
  params: { path: { libraryId: 42, collectionId: '0d5d8ab4-5a4e-4d4f-8a3c-2c8a9a0b1f11' } },
  body: { name: 'Conference talks 2026' },
});
console.log(response.status, data?.message);
