import { createPlatformClient } from '@platform-contracts/client';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { expect } from 'vitest';

const test = createMockTest({ createPlatformClient });

test('matchers pass', async ({ platform, namespace, db }) => {
  await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: 'Keynote' } });
  await expect(namespace).toHaveCalled('createVideo', { body: { title: 'Keynote' }, times: 1 });
  await db.execute('CREATE TABLE audit (what TEXT)');
  await expect(namespace).toHaveRunSql('CREATE TABLE audit (what TEXT)');
  console.log(JSON.stringify(await namespace.requests()).slice(0, 2000));
});

test('matcher fails', async ({ platform, namespace }) => {
  await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: 'Keynot' } });
  await platform.video.POST('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } }, body: { name: 'x' } });
  await expect(namespace).toHaveCalled('createVideo', { body: { title: 'Keynote' }, times: 1 });
});

test('violation swallowed', async ({ platform }) => {
  await platform.video.POST('/library/{libraryId}/videos', { params: { path: { libraryId: 42 } }, body: { title: 5 as never } });
});
