import { createStorageClient, paginate } from '@platform-contracts/client';

const storage = createStorageClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

// One page, with its envelope:
const { data } = await storage.GET('/storagezone', { params: { query: { page: 1, perPage: 100, search: 'media' } } });
if (data && !Array.isArray(data)) console.log(`${data.TotalItems} zones; more: ${data.HasMoreItems}`);

// Or every zone, page by page:
for await (const zone of paginate(storage, '/storagezone', { params: { query: { perPage: 100 } } })) console.log(zone.Name, zone.Region);
