// Storage: the zones as every zone (page 0) and as a page; a bad page size.
import type { Scenario } from '../scenario.ts';

export const scenarios: Scenario[] = [
  {
    name: 'storage/zones',
    area: 'storage',
    summary: 'lists the storage zones whole (page 0) and as a page of 5, then asks for a page size it refuses (400) and calls without an access key (401)',
    async run({ platform, anonymous }) {
      await anonymous.storage.GET('/storagezone', {});
      await platform.storage.GET('/storagezone', {});
      await platform.storage.GET('/storagezone', { params: { query: { page: 1, perPage: 5 } } });
      await platform.storage.GET('/storagezone', { params: { query: { page: 1, perPage: 0 } } });
    },
  },
];
