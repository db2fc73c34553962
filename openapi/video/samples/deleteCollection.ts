import { createVideoClient } from '@platform-contracts/client';

const video = createVideoClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, response } = await video.DELETE('/library/{libraryId}/collections/{collectionId}', {
  params: { path: { libraryId: 42, collectionId: '3c9a7d2e-1f0b-4e6a-b5c4-d3e2f1a0b9c8' } },
});
console.log(response.status, data?.success);
