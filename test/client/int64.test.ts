// How int64 fields (`format: int64`) arrive through the client. By default they are numbers:
// every value up to 2^53 is exact, and an answer holding a larger integer throws a
// PlatformRequestError naming it (never a rounded number). A client made with `int64: 'bigint'`
// reads every int64 field as a bigint with its exact digits (and only those fields: the others
// stay numbers), and writes bigints in paths, queries and bodies with their digits. Against the
// in-process mock, which keeps the digits too.

import { createPlatformClient, createShieldClient, createVideoClient, PlatformRequestError, paginate } from '@platform-contracts/client';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ areas: ['video', 'shield'] });
});
afterAll(async () => {
  await mock?.close();
});

const MAX = 2n ** 63n - 1n;
const baseUrl = 'http://127.0.0.1:4010';
let keys = 0;
const accessKey = () => `int64-client-${++keys}`;
const sent: string[] = [];
const recording: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  sent.push(`${request.url} ${request.body ? await request.clone().text() : ''}`);
  return mock.fetch(request);
};
/** A fetch that answers every request with this JSON text. */
const answering =
  (text: string): typeof fetch =>
  async () =>
    new Response(text, { headers: { 'content-type': 'application/json' } });

describe('by default (int64: number)', () => {
  it('reads int64 fields as numbers', async () => {
    const video = createVideoClient({ accessKey: accessKey(), baseUrl, fetch: recording });
    const { data } = await video.POST('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } }, body: { name: 'small' } });
    expect(data!.videoLibraryId).toBe(42);
    expect(typeof data!.videoCount).toBe('number');
  });

  it.each([MAX, 2n ** 53n, -(2n ** 53n) - 1n])('refuses an answer holding %s, naming it, rather than round it', async (big) => {
    const key = accessKey();
    const exact = createShieldClient({ accessKey: key, baseUrl, fetch: recording, int64: 'bigint' });
    expect((await exact.PATCH('/shield/shield-zone', { body: { shieldZoneId: big, shieldZone: { wafEnabled: true } } })).failure).toBeUndefined();
    const shield = createShieldClient({ accessKey: key, baseUrl, fetch: recording });
    await expect(shield.GET('/shield/shield-zones', { params: { query: { perPage: 1000 } } })).rejects.toThrow(
      new PlatformRequestError(
        { method: 'GET', path: '/shield/shield-zones' },
        `the answer holds the integer ${big}, outside ±(2^53 - 1): a number cannot hold it exactly (create the client with int64: 'bigint' to read int64 fields as bigint)`,
      ),
    );
    const zones = await exact.GET('/shield/shield-zones', { params: { query: { perPage: 1000 } } });
    expect(zones.data!.data!.map((zone) => zone.shieldZoneId)).toContain(big);
  });

  it('says which integer and what to do', async () => {
    const video = createVideoClient({
      accessKey: accessKey(),
      baseUrl,
      fetch: answering('{"videoLibraryId":9007199254740993,"guid":"g","name":"n","videoCount":0,"totalSize":0}'),
    });
    await expect(video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 'g' } } })).rejects.toThrow(
      "GET /library/1/collections/g failed: the answer holds the integer 9007199254740993, outside ±(2^53 - 1): a number cannot hold it exactly (create the client with int64: 'bigint' to read int64 fields as bigint)",
    );
  });

  it.each([
    ['the largest safe integer', '{"totalSize":9007199254740991}', { totalSize: 9007199254740991 }],
    ['long digits in a string', '{"name":"12345678901234567890","totalSize":1}', { name: '12345678901234567890', totalSize: 1 }],
    [
      'a string with an escaped quote before long digits',
      '{"name":"a\\"12345678901234567890","totalSize":1}',
      { name: 'a"12345678901234567890', totalSize: 1 },
    ],
    ['a fraction with many digits', '{"totalSize":0.12345678901234567890}', { totalSize: 0.12345678901234568 }],
  ])('reads %s as it is', async (_name, text, expected) => {
    const video = createVideoClient({ accessKey: accessKey(), baseUrl, fetch: answering(text) });
    const { data } = await video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 'g' } } });
    expect(data).toEqual(expected);
  });

  it('refuses an answer that is not JSON with a PlatformRequestError', async () => {
    const video = createVideoClient({ accessKey: accessKey(), baseUrl, fetch: answering('{"guid":') });
    await expect(video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 'g' } } })).rejects.toThrow(
      /^GET \/library\/1\/collections\/g failed: the answer is not JSON \(/,
    );
  });

  it('refuses another mode, naming the option', () => {
    expect(() => createVideoClient({ accessKey: 'k', baseUrl, int64: 'string' as never })).toThrow(
      'createVideoClient: option "int64" must be "number" or "bigint".',
    );
  });
});

describe("with int64: 'bigint'", () => {
  it.each([MAX, -(2n ** 63n), 2n ** 53n + 1n, 42n])('libraryId %s goes out and comes back with the same digits, as a bigint', async (libraryId) => {
    const video = createVideoClient({ accessKey: accessKey(), baseUrl, fetch: recording, int64: 'bigint' });
    const { data, failure } = await video.POST('/library/{libraryId}/collections', { params: { path: { libraryId } }, body: { name: 'big' } });
    expect(failure).toBeUndefined();
    expect(sent.at(-1)).toContain(`/library/${libraryId}/collections`);
    expect(data!.videoLibraryId).toBe(libraryId);
  });

  it('reads every int64 field as a bigint, and the other numbers as numbers', async () => {
    const shield = createShieldClient({ accessKey: accessKey(), baseUrl, fetch: recording, int64: 'bigint' });
    const { data } = await shield.GET('/shield/shield-zones', { params: { query: { page: 1, perPage: 5 } } });
    const zone = data!.data![0]!;
    expect(typeof zone.shieldZoneId).toBe('bigint');
    expect(typeof zone.planType).toBe('number'); // an int32 enumeration
  });

  it('writes a bigint in a body and a query with its digits; the answer echoes them, the page gives the size it used', async () => {
    const shield = createShieldClient({ accessKey: accessKey(), baseUrl, fetch: recording, int64: 'bigint' });
    const { data } = await shield.PATCH('/shield/shield-zone', { body: { shieldZoneId: MAX, shieldZone: { wafEnabled: true } } });
    expect(sent.at(-1)).toContain(`"shieldZoneId":${MAX}`);
    const updated = data!.data!;
    expect('shieldZoneId' in updated && updated.shieldZoneId).toBe(MAX);
    const rules = await shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId: 1024n }, query: { pageSize: MAX } } });
    expect(sent.at(-1)).toContain(`pageSize=${MAX}`);
    // The page size used: as asked for up to 2^53 - 1 (a page beyond any list the mock holds).
    expect(rules.data!.page!.pageSize).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('pages through a listing (createPlatformClient takes the option too)', async () => {
    const platform = createPlatformClient({ accessKey: accessKey(), apiBaseUrl: baseUrl, fetch: recording, int64: 'bigint' });
    const ids = [];
    for await (const zone of paginate(platform.shield, '/shield/shield-zones', { params: { query: { perPage: 1 } }, limit: 3 })) ids.push(zone.shieldZoneId);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => typeof id === 'bigint')).toBe(true);
  });
});
