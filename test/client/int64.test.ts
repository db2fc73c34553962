// How int64 values arrive through the client: a value within ±2^53 as a number, one beyond as a
// bigint with its exact digits (the types say `number | bigint`); a bigint sent in a path, a
// query or a body reaches the server with the same digits. Against the mock, which keeps them too.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createMock, type Mock } from '@platform-contracts/mock';
import { createShieldClient, createVideoClient, type Video } from '@platform-contracts/client';

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ areas: ['video', 'shield'] });
});
afterAll(async () => {
  await mock?.close();
});

const MAX = 2n ** 63n - 1n;
const sent: string[] = [];
const recording: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  sent.push(`${request.url} ${request.body ? await request.clone().text() : ''}`);
  return mock.fetch(request);
};

describe('int64 values through the client', () => {
  it('the types say number | bigint', () => {
    expectTypeOf<Video.Collection['videoLibraryId']>().toEqualTypeOf<number | bigint>();
    expectTypeOf<Video.VideoModel['views']>().toEqualTypeOf<number | bigint>();
  });

  it.each([MAX, -(2n ** 63n), 2n ** 53n + 1n])('libraryId %s goes out and comes back with the same digits, as a bigint', async (libraryId) => {
    const video = createVideoClient({ accessKey: 'int64-client', baseUrl: mock.url, fetch: recording });
    const { data, failure } = await video.POST('/library/{libraryId}/collections', { params: { path: { libraryId } }, body: { name: 'big' } });
    expect(failure).toBeUndefined();
    expect(sent.at(-1)).toContain(`/library/${libraryId}/collections`);
    expect(data!.videoLibraryId).toBe(libraryId);
    expect(typeof data!.videoLibraryId).toBe('bigint');
  });

  it('a value within 2^53 stays a number', async () => {
    const video = createVideoClient({ accessKey: 'int64-client', baseUrl: mock.url, fetch: mock.fetch });
    const { data } = await video.POST('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } }, body: { name: 'small' } });
    expect(data!.videoLibraryId).toBe(42);
  });

  it('a bigint in a body is written with its digits; the answer and the page echo them', async () => {
    const shield = createShieldClient({ accessKey: 'int64-client', baseUrl: mock.url, fetch: recording });
    const { data } = await shield.PATCH('/shield/shield-zone', { body: { shieldZoneId: MAX, shieldZone: { wafEnabled: true } } });
    expect(sent.at(-1)).toContain(`"shieldZoneId":${MAX}`);
    const updated = data!.data!;
    expect('shieldZoneId' in updated && updated.shieldZoneId).toBe(MAX);
    const rules = await shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 1024 }, query: { pageSize: MAX } } });
    expect(rules.data!.page!.pageSize).toBe(MAX);
  });
});
