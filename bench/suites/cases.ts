// The 200 tests both benchmark suites run, the same tests on either side: only how the platform
// is faked differs (the mock's vitest fixtures, or hand-written MSW handlers).
import type { PlatformClient } from '@platform-contracts/client';
import type { TestAPI } from 'vitest';
import { collectionNames, importRecords, publish, startLearning } from './service.ts';

export const TESTS = 200;
const KINDS = ['publish', 'paging', 'learning mode', 'dns import'] as const;

export function definePublishingTests(test: TestAPI<{ platform: PlatformClient<true> }>) {
  const rows = Array.from({ length: TESTS }, (_, i) => [i, KINDS[i % KINDS.length]!] as const);
  test.for(rows)('%i: %s', async ([i, kind], { platform, expect }) => {
    switch (kind) {
      case 'publish': {
        const published = await publish(platform, `Talks ${i}`, `Keynote ${i}`);
        expect(published.videoId).toBeTruthy();
        break;
      }
      case 'paging': {
        for (const name of ['a', 'b', 'c'])
          await platform.video.POST('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } }, body: { name: `${name}${i}` } });
        expect(await collectionNames(platform)).toEqual(expect.arrayContaining([`a${i}`, `b${i}`, `c${i}`]));
        break;
      }
      case 'learning mode':
        expect(await startLearning(platform)).toBe(true);
        break;
      case 'dns import':
        expect((await importRecords(platform, `www${i} IN A 192.0.2.1\napi${i} IN A 192.0.2.2`)).RecordsSuccessful).toBe(2);
        break;
    }
  });
}
