// Memory per namespace stays bounded (issue 23): snapshots keep only the contract's fields, a
// namespace holds at most maxStateBytes of state (writes and snapshots beyond it answer the area's
// documented 400 error), and the defaults (namespaces × cap) fit Node's default heap. The heap
// itself is measured once: 20 snapshots as large as the cap lets in grow it by no more than 20
// caps (the cap counts heap, not JSON text: small objects cost far more than their text).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMock, type DoorRequest, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heapBytes } from '../../../packages/mock/src/engine/heap-bytes.ts';
import { DEFAULT_MAX_STATE_BYTES } from '../../../packages/mock/src/engine/namespaces.ts';
import { loadBundle, parameterExample } from '../../support/openapi.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const send = async (mock: Mock, request: DoorRequest) => {
  const answer = await mock.handle(request);
  return { status: answer.status, body: answer.body === undefined ? undefined : JSON.parse(String(answer.body)) };
};
const putState = (mock: Mock, namespace: string, snapshot: unknown) =>
  send(mock, { method: 'PUT', target: `/_mock/state?namespace=${namespace}`, headers: JSON_HEADERS, body: Buffer.from(JSON.stringify(snapshot)) });
const getState = (mock: Mock, namespace: string) => send(mock, { method: 'GET', target: `/_mock/state?namespace=${namespace}`, headers: {} });

describe("snapshots keep only the contract's fields", () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await createMock({ areas: ['storage', 'dns', 'video'] });
  });
  afterAll(async () => mock?.close());

  it('drops fields the contract does not name from storage zones and their pull zones', async () => {
    const zone: Record<string, unknown> = {
      ...structuredClone((await mock.exportState()).areas.storage as { zones: Record<string, unknown>[] }).zones[0]!,
      Parked: 'x'.repeat(1000),
    };
    (zone.PullZones as Record<string, unknown>[])[0]!.AlsoParked = { deep: [1, 2, 3] };
    expect((await putState(mock, 'fields', { version: 1, areas: { storage: { zones: [zone] } } })).status).toBe(200);
    const [kept] = (await getState(mock, 'fields')).body.areas.storage.zones;
    const contractFields = Object.keys(loadBundle('storage').components.schemas.StorageZone.properties);
    expect(Object.keys(kept).every((field) => contractFields.includes(field))).toBe(true);
    expect(kept).not.toHaveProperty('Parked');
    expect(kept.PullZones[0]).not.toHaveProperty('AlsoParked');
    expect(kept.Name).toBe(zone.Name);
    expect(kept.PullZones[0].Name).toBe((zone.PullZones as { Name: string }[])[0]!.Name);
  });

  it("keeps a DNS record's name, type and data only, and a collection's contract fields", async () => {
    const snapshot = {
      version: 1,
      areas: {
        dns: { zones: { 7: { records: [{ name: 'a.example.com.', type: 'A', data: '192.0.2.1', parked: 'x' }] } } },
        video: {
          libraries: {
            42: {
              collections: [
                { videoLibraryId: 42, guid: 'g', name: 'n', videoCount: 0, totalSize: 0, previewVideoIds: null, previewImageUrls: null, parked: 'x' },
              ],
            },
          },
        },
      },
    };
    expect((await putState(mock, 'fields-2', snapshot)).status).toBe(200);
    const { areas } = (await getState(mock, 'fields-2')).body;
    expect(areas.dns.zones[7].records).toEqual([{ name: 'a.example.com.', type: 'A', data: '192.0.2.1' }]);
    expect(areas.video.libraries[42].collections[0]).not.toHaveProperty('parked');
    expect(areas.video.libraries[42].collections[0]).toMatchObject({ guid: 'g', name: 'n' });
  });
});

describe('pruning keeps everything the mock itself writes', () => {
  it('round-trips a snapshot of every area after writes to each, unchanged', async () => {
    const mock = await createMock({});
    try {
      const key = { accesskey: 'round-trip', ...JSON_HEADERS };
      const containers = loadBundle('containers').components;
      const writes: DoorRequest[] = [
        { method: 'POST', target: '/library/42/collections', headers: key, body: Buffer.from('{"name":"kept"}') },
        {
          method: 'PATCH',
          target: '/shield/shield-zone',
          headers: key,
          body: Buffer.from(JSON.stringify({ shieldZoneId: 4242, shieldZone: { learningMode: true } })),
        },
        {
          method: 'POST',
          target: `/mc/apps/${parameterExample('containers', 'ContainersAppId')}/containers`,
          headers: key,
          body: Buffer.from(JSON.stringify(containers.examples.ContainerTemplateRequestMinimal.value)),
        },
        {
          method: 'POST',
          target: `/dnszone/${parameterExample('dns', 'DnsZoneId')}/import`,
          headers: { accesskey: 'round-trip', 'content-type': 'text/plain' },
          body: Buffer.from('a.example.com. 300 IN A 192.0.2.1'),
        },
        { method: 'POST', target: '/database/my-database/tokens', headers: key, body: Buffer.from('{}') },
      ];
      for (const write of writes) expect([write.target, (await mock.handle(write)).status < 300]).toEqual([write.target, true]);
      const exported = await mock.exportState('round-trip');
      await mock.importState(exported, 'round-trip');
      expect((await mock.exportState('round-trip')).areas).toEqual(exported.areas);
      // Put into another namespace, the same state, but its database tokens give no authority there (they belong to the first).
      await mock.importState(exported, 'round-trip-copy');
      const copied = (await mock.exportState('round-trip-copy')).areas as typeof exported.areas & {
        database: { databases: Record<string, { tokens: { invalidated: boolean }[] }> };
      };
      const { database: copiedDatabase, ...copiedRest } = copied;
      const { database: exportedDatabase, ...exportedRest } = exported.areas as typeof copied;
      expect(copiedRest).toEqual(exportedRest);
      const invalidated = structuredClone(exportedDatabase);
      for (const entry of Object.values(invalidated.databases)) for (const token of entry.tokens) token.invalidated = true;
      expect(copiedDatabase).toEqual(invalidated);
    } finally {
      await mock.close();
    }
  });
});

describe('the state size cap (maxStateBytes)', () => {
  const CAP = 64 * 1024;
  let mock: Mock;
  beforeAll(async () => {
    mock = await createMock({ areas: ['video', 'storage'], maxStateBytes: CAP });
  });
  afterAll(async () => mock?.close());

  const createCollection = (key: string, name: string) =>
    send(mock, {
      method: 'POST',
      target: '/library/42/collections',
      headers: { accesskey: key, ...JSON_HEADERS },
      body: Buffer.from(JSON.stringify({ name })),
    });

  it("answers writes beyond it with the area's documented 400 error, and takes writes again once data is deleted or reset", async () => {
    const answers = [];
    for (let n = 0; n < 200; n++) {
      const answer = await createCollection('filling', `${n}-${'c'.repeat(1000)}`);
      answers.push(answer);
      if (answer.status !== 200) break;
    }
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(/limit reached: .*about 65536 bytes of state per access key \(option maxStateBytes, flag --max-state-bytes\)/),
      statusCode: 400,
    });
    expect(answers.length).toBeGreaterThan(20); // the cap, not something else, stopped it
    expect(heapBytes((await mock.exportState('filling')).areas.video)).toBeLessThanOrEqual(CAP);

    for (const { body } of answers.slice(0, 3)) {
      expect((await send(mock, { method: 'DELETE', target: `/library/42/collections/${body.guid}`, headers: { accesskey: 'filling' } })).status).toBe(200);
    }
    expect((await createCollection('filling', 'after a delete')).status).toBe(200);
    mock.reset('filling');
    expect((await createCollection('filling', `${'c'.repeat(1000)}`)).status).toBe(200);
    expect((await createCollection('another key', `${'c'.repeat(1000)}`)).status).toBe(200);
  });

  it('refuses a snapshot beyond it with a 400 naming the option, keeping the state it had', async () => {
    const zones = Array.from({ length: 2000 }, (_, n) => ({ Id: n, Name: `zone-${n}` }));
    const answer = await putState(mock, 'big', { version: 1, areas: { storage: { zones } } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/option maxStateBytes, flag --max-state-bytes/);
    expect((await getState(mock, 'big')).body.areas.storage.zones.length).toBeLessThan(2000);
  });

  it('refuses a cap that is not a whole number above 0', async () => {
    await expect(createMock({ areas: ['video'], maxStateBytes: 0 })).rejects.toThrow(/maxStateBytes is a whole number of bytes above 0/);
  });
});

describe('the defaults fit the default heap', () => {
  it('1000 namespaces of the default cap take at most half the heap Node gives by default', () => {
    expect(1000 * DEFAULT_MAX_STATE_BYTES).toBeLessThanOrEqual(getHeapStatistics().heap_size_limit / 2);
  });

  it('20 snapshots as large as the cap lets in grow the heap by at most 20 caps', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const tiny = (count: number) => ({ version: 1, areas: { storage: { zones: Array.from({ length: count }, (_, n) => ({ Id: n, Name: `z${n}` })) } } });
    let count = 1;
    while (heapBytes(tiny(count * 2)) <= DEFAULT_MAX_STATE_BYTES) count *= 2;
    const body = Buffer.from(JSON.stringify(tiny(count)));
    const mock = await createMock({ areas: ['storage'], maxNamespaces: 20 });
    try {
      gc();
      const before = getHeapStatistics().used_heap_size;
      for (let n = 0; n < 20; n++)
        expect((await mock.handle({ method: 'PUT', target: `/_mock/state?namespace=heap-${n}`, headers: JSON_HEADERS, body })).status).toBe(200);
      gc();
      const grown = getHeapStatistics().used_heap_size - before;
      expect(grown).toBeGreaterThan(0);
      expect(grown).toBeLessThanOrEqual(20 * DEFAULT_MAX_STATE_BYTES);
    } finally {
      await mock.close();
    }
  });
});
