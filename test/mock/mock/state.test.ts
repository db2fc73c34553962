// The mock's state, area by area: a write then a read shows the write; unknown ids answer the
// documented not-found; each access key sees its own platform; reset, snapshot and restore; the
// virtual clock; faults that a client's retry gets past; and every cap. One table row per area,
// each with the area's own write and read, in process (mock.fetch). The CLI's --state FILE and
// the caps' flags are in test/mock/cli/cli.test.ts.
import { createStorageClient } from '@platform-contracts/client';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAreas, loadBundle, operationsOf, parameterExample, sourceOf, validateAnswer } from '../../support/openapi.ts';

/** The mock's real clock, fixed: only the virtual clock moves, and only when a test moves it. */
const START = Date.UTC(2030, 0, 1);
const CAPS = {
  video: { maxCollectionsPerLibrary: 4, maxLibraries: 2 },
  shield: { maxShieldZones: 3 },
  dns: { maxRecordsPerZone: 5 },
  containers: { maxTemplatesPerApp: 2 },
};

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({ areas: ['video', 'shield', 'dns', 'containers', 'storage'], now: () => START, ...CAPS });
});
afterAll(async () => {
  await mock?.close();
});

let keys = 0;
/** An access key no other test uses, so a namespace of its own. */
const freshKey = (label = 'state') => `${label}-${++keys}`;

interface Answer {
  status: number;
  body: any;
}
async function call(key: string, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const response = await mock.fetch(`${mock.url}${path}`, {
    method,
    headers: { AccessKey: key, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}
async function control(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await mock.fetch(`${mock.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

const examples = (area: string) => loadBundle(area).components;
const LIBRARY = 42;
const ZONE_ID: number = parameterExample('dns', 'DnsZoneId') as number;
const APP_ID: string = parameterExample('containers', 'ContainersAppId') as string;
const SHIELD_ZONE_ID: number = examples('shield').examples.ShieldZoneListPage.value.data[0].shieldZoneId;
const TEMPLATE = examples('containers').examples.ContainerTemplateRequestMinimal.value;

/** The operation each area's cap answers for. */
const operationOf = (area: string) =>
  ({ video: 'createCollection', shield: 'updateShieldZone', dns: 'importDnsRecords', containers: 'addContainerTemplate' })[area] ?? area;

interface AreaCase {
  area: string;
  /** A write that changes what `read` shows; `n` makes each write distinct. */
  write(key: string, n: number): Promise<Answer>;
  /** What the area shows of the writes (through its own operations where it has a read). */
  read(key: string): Promise<unknown>;
  /** Whether `read`'s result shows write n. */
  shows(read: any, n: number): boolean;
  unknownId: { operationId: string; call(key: string): Promise<Answer>; status: number };
  cap: {
    name: string;
    /** How many more writes fit besides what the seed already holds. */
    room: number;
    message: RegExp;
    /** A write that adds a resource, when `write` only changes one. */
    add?(key: string, n: number): Promise<Answer>;
  };
}

const cases: AreaCase[] = [
  {
    area: 'video',
    write: (key, n) => call(key, 'POST', `/library/${LIBRARY}/collections`, { name: `written ${n}` }),
    read: async (key) => (await call(key, 'GET', `/library/${LIBRARY}/collections?itemsPerPage=1000`)).body.items.map((c: { name: string }) => c.name),
    shows: (names: string[], n) => names.includes(`written ${n}`),
    unknownId: { operationId: 'getCollection', call: (key) => call(key, 'GET', `/library/${LIBRARY}/collections/no-such-collection`), status: 404 },
    cap: {
      name: 'maxCollectionsPerLibrary',
      room: 2,
      message: /at most 4 collections in one library per access key \(option video\.maxCollectionsPerLibrary, flag --max-collections-per-library\)/,
    },
  },
  {
    area: 'shield',
    write: (key, n) => call(key, 'PATCH', '/shield/shield-zone', { shieldZoneId: SHIELD_ZONE_ID, shieldZone: { wafProfileId: 100 + n } }),
    read: async (key) =>
      (await call(key, 'GET', '/shield/shield-zones')).body.data.find((z: { shieldZoneId: number }) => z.shieldZoneId === SHIELD_ZONE_ID).wafProfileId,
    shows: (profile: number, n) => profile === 100 + n,
    unknownId: { operationId: 'listCustomWafRules', call: (key) => call(key, 'GET', '/shield/waf/custom-rules/999999'), status: 404 },
    cap: {
      name: 'maxShieldZones',
      room: 1,
      message: /at most 3 shield zones per access key \(option shield\.maxShieldZones, flag --max-shield-zones\)/,
      add: (key, n) => call(key, 'PATCH', '/shield/shield-zone', { shieldZoneId: 5000 + n, shieldZone: { wafProfileId: 100 + n } }),
    },
  },
  {
    area: 'dns',
    write: (key, n) => call(key, 'POST', `/dnszone/${ZONE_ID}/import`, `host${n}.example.com. IN A 192.0.2.${n % 250}`, 'text/plain'),
    // The import is the only operation: a record the zone holds is skipped when imported again.
    read: async (key) => {
      const held = (await mock.exportState(key)).areas.dns as { zones: Record<string, { records: { name: string }[] }> };
      return held.zones[ZONE_ID]!.records.map((record) => record.name);
    },
    shows: (names: string[], n) => names.includes(`host${n}.example.com.`),
    unknownId: {
      operationId: 'importDnsRecords',
      call: (key) => call(key, 'POST', `/dnszone/${ZONE_ID + 1}/import`, 'www IN A 192.0.2.1', 'text/plain'),
      status: 404,
    },
    cap: {
      name: 'maxRecordsPerZone',
      room: 5,
      message: /at most 5 records in one DNS zone per access key \(option dns\.maxRecordsPerZone, flag --max-records-per-zone\)/,
    },
  },
  {
    area: 'containers',
    write: (key, n) => call(key, 'POST', `/mc/apps/${APP_ID}/containers`, { ...TEMPLATE, name: `written-${n}` }),
    // No operation reads templates back: the state export is what shows them.
    read: async (key) =>
      ((await mock.exportState(key)).areas.containers as { apps: Record<string, { templates: { name: string }[] }> }).apps[APP_ID]!.templates.map(
        (t) => t.name,
      ),
    shows: (names: string[], n) => names.includes(`written-${n}`),
    unknownId: { operationId: 'addContainerTemplate', call: (key) => call(key, 'POST', '/mc/apps/no-such-app/containers', TEMPLATE), status: 404 },
    cap: {
      name: 'maxTemplatesPerApp',
      room: 2,
      message: /at most 2 container templates in one application per access key \(option containers\.maxTemplatesPerApp, flag --max-templates-per-app\)/,
    },
  },
];

describe.each(cases)('$area state', ({ area, write, read, shows, unknownId, cap }) => {
  it('shows a write in the next read', async () => {
    const key = freshKey();
    expect(shows(await read(key), 1)).toBe(false);
    expect((await write(key, 1)).status).toBeLessThan(300);
    expect(shows(await read(key), 1)).toBe(true);
  });

  it(`answers ${unknownId.status} for an id the state does not hold, as documented`, async () => {
    const { status, body } = await unknownId.call(freshKey());
    expect(status).toBe(unknownId.status);
    expect(validateAnswer(area, unknownId.operationId, status, body ?? '')).toEqual([]);
  });

  it('keeps each access key to its own state', async () => {
    const [a, b] = [freshKey('a'), freshKey('b')];
    await Promise.all([write(a, 1), write(b, 2)]);
    expect([shows(await read(a), 1), shows(await read(a), 2)]).toEqual([true, false]);
    expect([shows(await read(b), 1), shows(await read(b), 2)]).toEqual([false, true]);
  });

  it.each([
    ['POST /_mock/reset?namespace=KEY', (key: string) => control('POST', `/_mock/reset?namespace=${key}`).then(({ status }) => expect(status).toBe(200))],
    ['the handle: mock.reset(key)', async (key: string) => mock.reset(key)],
    ['POST /_mock/reset (every namespace)', (_key: string) => control('POST', '/_mock/reset').then(({ status }) => expect(status).toBe(200))],
  ])('forgets the writes on reset by %s, and only that key when one is named', async (_how, reset) => {
    const [key, other] = [freshKey(), freshKey()];
    await Promise.all([write(key, 1), write(other, 1)]);
    await reset(key);
    expect(shows(await read(key), 1)).toBe(false);
    // Naming a key leaves the others; resetting every namespace forgets them too.
    expect(shows(await read(other), 1)).toBe(!_how.includes('every namespace'));
  });

  it('gives back a snapshot: snapshot, change, restore', async () => {
    const key = freshKey();
    await write(key, 1);
    const snapshot = await control('GET', `/_mock/state?namespace=${key}`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toMatchObject({ version: 1 });
    expect(JSON.stringify(snapshot.body)).not.toContain(key); // the access key stays out of a snapshot meant for a file
    const before = await read(key);
    await write(key, 2);
    expect(shows(await read(key), 2)).toBe(true);
    expect((await control('PUT', `/_mock/state?namespace=${key}`, snapshot.body)).status).toBe(200);
    expect(await read(key)).toEqual(before);
    expect((await control('GET', `/_mock/state?namespace=${key}`)).body).toEqual(snapshot.body);
  });

  it('restores a snapshot into another key (the handle), leaving the first as it is', async () => {
    const [key, copy] = [freshKey(), freshKey()];
    await write(key, 1);
    await mock.importState(await mock.exportState(key), copy);
    expect(shows(await read(copy), 1)).toBe(true);
    await write(copy, 2);
    expect(shows(await read(key), 2)).toBe(false);
  });

  it(`answers the documented 400 naming the option once ${cap.name} is reached`, async () => {
    const key = freshKey();
    const add = cap.add ?? write;
    for (let n = 1; n <= cap.room; n++) expect((await add(key, n)).status, `write ${n}`).toBeLessThan(300);
    const before = (await mock.exportState(key)).areas[area];
    const refused = await add(key, cap.room + 1);
    expect(refused.status).toBe(400);
    expect(validateAnswer(area, refused.status === 400 ? operationOf(area) : '', 400, refused.body)).toEqual([]);
    expect(JSON.stringify(refused.body)).toMatch(cap.message);
    expect((await mock.exportState(key)).areas[area]).toEqual(before);
  });
});

describe('x-mock-state', () => {
  // Not-found statuses the text promises must be ones the operation documents.
  it.each(
    listAreas()
      .flatMap((area) => operationsOf(area))
      .map((entry) => [entry.operationId, entry] as const),
  )('%s says what the mock does with state, and documents the statuses it names', (_id, { source: operation, area, path, method }) => {
    const text = operation['x-mock-state'];
    expect(typeof text, `${operation.operationId} has no x-mock-state: add it in ${sourceOf(area, path, method)}`).toBe('string');
    expect(text.length).toBeGreaterThan(40);
    for (const status of text.match(/\b[45]\d\d\b/g) ?? []) expect(Object.keys(operation.responses)).toContain(status);
  });
});

describe('state the areas write together', () => {
  it('counts a video created into a collection in its videoCount and previews', async () => {
    const key = freshKey();
    const created = await call(key, 'POST', `/library/${LIBRARY}/collections`, { name: 'Launch' });
    const path = `/library/${LIBRARY}/collections/${created.body.guid}`;
    const videos = [];
    for (let n = 0; n < 5; n++)
      videos.push((await call(key, 'POST', `/library/${LIBRARY}/videos`, { title: `clip ${n}`, collectionId: created.body.guid })).body.guid);
    const read = await call(key, 'GET', `${path}?includeThumbnails=true`);
    expect(validateAnswer('video', 'getCollection', 200, read.body)).toEqual([]);
    expect(read.body).toMatchObject({ videoCount: 5, previewVideoIds: videos.slice(1).reverse().join(',') });
    expect(read.body.previewImageUrls).toHaveLength(4);
    expect(read.body.previewImageUrls[0]).toContain(videos[4]);
    const other = await call(freshKey(), 'GET', path);
    expect(other.status).toBe(404);
  });

  it('answers 404 for a video created into a collection the library does not hold', async () => {
    const { status } = await call(freshKey(), 'POST', `/library/${LIBRARY}/videos`, { title: 'x', collectionId: 'no-such-collection' });
    expect(status).toBe(404);
  });

  it.each([
    ['date', ['Zeta', 'Alpha', 'Mid']],
    ['title', ['Alpha', 'Mid', 'Zeta']],
  ])('orders collections by %s', async (orderBy, expected) => {
    const key = freshKey();
    const library = 7;
    for (const id of (await call(key, 'GET', `/library/${library}/collections`)).body.items.map((c: { guid: string }) => c.guid)) {
      await call(key, 'DELETE', `/library/${library}/collections/${id}`);
    }
    for (const name of ['Mid', 'Alpha', 'Zeta']) await call(key, 'POST', `/library/${library}/collections`, { name });
    const { body } = await call(key, 'GET', `/library/${library}/collections?orderBy=${orderBy}`);
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(expected);
  });

  it.each(['colour', 'name'])("answers 400 for orderBy=%s, which the contract's enum does not list", async (orderBy) => {
    const { status, body } = await call(freshKey(), 'GET', `/library/${LIBRARY}/collections?orderBy=${orderBy}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/orderBy: must be equal to one of the allowed values: date, title/);
  });

  it('answers 400 naming maxLibraries once a key has written to that many libraries', async () => {
    const key = freshKey();
    for (const library of [1, 2]) expect((await call(key, 'POST', `/library/${library}/collections`, { name: 'x' })).status).toBe(200);
    const refused = await call(key, 'POST', '/library/3/collections', { name: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/option video\.maxLibraries/);
    expect((await call(key, 'GET', '/library/3/collections')).status).toBe(200);
  });

  it('keeps the storage zones of an imported snapshot for that key only', async () => {
    const [key, other] = [freshKey(), freshKey()];
    const snapshot = await mock.exportState(key);
    const zones = (snapshot.areas.storage as { zones: { Name: string }[] }).zones;
    snapshot.areas = { storage: { zones: zones.slice(0, 2).map((zone, n) => ({ ...zone, Name: `imported-${n}` })) } };
    await mock.importState(snapshot, key);
    const storage = (k: string) => createStorageClient({ accessKey: k, baseUrl: mock.url, fetch: mock.fetch });
    const names = async (k: string) => ((await storage(k).GET('/storagezone')).data as { Name?: string }[]).map((zone) => zone.Name);
    expect(await names(key)).toEqual(['imported-0', 'imported-1']);
    expect((await names(other)).length).toBe(zones.filter((zone) => !(zone as { Deleted?: boolean }).Deleted).length);
  });
});

describe('the virtual clock', () => {
  const zones = async (key: string) =>
    (await call(key, 'GET', '/shield/shield-zones')).body.data.find((z: { shieldZoneId: number }) => z.shieldZoneId === SHIELD_ZONE_ID);

  it('ends learning mode once it passes learningModeUntil', async () => {
    const key = freshKey();
    const until = new Date(mock.clock.now() + 3_600_000).toISOString();
    await call(key, 'PATCH', '/shield/shield-zone', { shieldZoneId: SHIELD_ZONE_ID, shieldZone: { learningMode: true, learningModeUntil: until } });
    expect(await zones(key)).toMatchObject({ learningMode: true, learningModeUntil: until });
    const advanced = await control('POST', '/_mock/clock/advance', { ms: 3_600_000 });
    expect(advanced.body.now).toBe(until);
    expect(await zones(key)).toMatchObject({ learningMode: false, learningModeUntil: until });
  });

  it('gives learning mode turned on without an end 7 days from the virtual clock', async () => {
    const key = freshKey();
    mock.clock.advance(86_400_000);
    const now = mock.clock.now();
    expect(now).toBeGreaterThanOrEqual(START + 86_400_000);
    await call(key, 'PATCH', '/shield/shield-zone', { shieldZoneId: SHIELD_ZONE_ID, shieldZone: { learningMode: false } });
    const { body } = await call(key, 'PATCH', '/shield/shield-zone', { shieldZoneId: SHIELD_ZONE_ID, shieldZone: { learningMode: true } });
    expect(body.data.shieldZone).toMatchObject({ learningMode: true, learningModeUntil: new Date(now + 7 * 86_400_000).toISOString() });
    mock.clock.advance(7 * 86_400_000);
    expect(await zones(key)).toMatchObject({ learningMode: false });
  });

  it('stamps a created video with the virtual time', async () => {
    mock.clock.set(new Date('2031-05-06T07:08:09.000Z'));
    const { body } = await call(freshKey(), 'POST', `/library/${LIBRARY}/videos`, { title: 'x' });
    expect(body.dateUploaded).toBe('2031-05-06T07:08:09.000Z');
    expect((await control('GET', '/_mock/clock')).body.now).toBe('2031-05-06T07:08:09.000Z');
  });
});

describe('faults', () => {
  it.each([
    [
      'POST /_mock/faults',
      async () => expect((await control('POST', '/_mock/faults', { operationId: 'listStorageZones', status: 500, count: 1 })).status).toBe(201),
    ],
    ['the handle: mock.fault()', async () => void mock.fault({ operationId: 'listStorageZones', status: 500, count: 1 })],
  ])('a fault set by %s makes the client retry, and the retry succeeds', async (_how, setFault) => {
    await setFault();
    expect((await control('GET', '/_mock/faults')).body.faults).toHaveLength(1);
    const attempts: number[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await mock.fetch(input, init);
      attempts.push(response.status);
      return response;
    };
    const storage = createStorageClient({ accessKey: freshKey(), baseUrl: mock.url, fetch: fetchImpl, retry: { retries: 2, baseDelayMs: 0 } });
    const { data, response } = await storage.GET('/storagezone');
    expect(response.status).toBe(200);
    expect(Array.isArray(data)).toBe(true);
    expect(attempts).toEqual([500, 200]);
    expect((await control('GET', '/_mock/faults')).body.faults).toEqual([]);
  });

  it('applies a fault to the named namespace only, and answers the documented error body', async () => {
    const [key, other] = [freshKey(), freshKey()];
    mock.fault({ operationId: 'listShieldZones', status: 500, namespace: key });
    try {
      const failed = await call(key, 'GET', '/shield/shield-zones');
      expect(failed.status).toBe(500);
      expect(validateAnswer('shield', 'listShieldZones', 500, failed.body)).toEqual([]);
      expect((await call(other, 'GET', '/shield/shield-zones')).status).toBe(200);
    } finally {
      mock.clearFaults();
    }
  });
});

describe('control endpoints refuse bad input with a clear 400', () => {
  it.each([
    ['a state that is not JSON', 'PUT', '/_mock/state?namespace=x', '{not json', /not JSON/],
    ['a state of another version', 'PUT', '/_mock/state?namespace=x', { version: 99, areas: {} }, /"version": 1/],
    ['a state for an area not served', 'PUT', '/_mock/state?namespace=x', { version: 1, areas: { weather: {} } }, /weather/],
    [
      'a DNS state of the wrong shape',
      'PUT',
      '/_mock/state?namespace=x',
      { version: 1, areas: { dns: { zones: { abc: {} } } } },
      /dns state cannot be imported/,
    ],
    [
      'a storage state of the wrong shape',
      'PUT',
      '/_mock/state?namespace=x',
      { version: 1, areas: { storage: { zones: 'none' } } },
      /storage state cannot be imported/,
    ],
    [
      'a video state of the wrong shape',
      'PUT',
      '/_mock/state?namespace=x',
      { version: 1, areas: { video: { libraries: { 42: {} } } } },
      /video state cannot be imported/,
    ],
    [
      'a shield state of the wrong shape',
      'PUT',
      '/_mock/state?namespace=x',
      { version: 1, areas: { shield: { zones: [{}] } } },
      /shield state cannot be imported/,
    ],
    [
      'a containers state of the wrong shape',
      'PUT',
      '/_mock/state?namespace=x',
      { version: 1, areas: { containers: { apps: null } } },
      /containers state cannot be imported/,
    ],
    [
      'a state over a cap',
      'PUT',
      '/_mock/state?namespace=x',
      { version: 1, areas: { dns: { zones: { 1: { records: Array(6).fill({ name: 'a.', type: 'A', data: '192.0.2.1' }) } } } } },
      /at most 5 records/,
    ],
    ['a negative clock advance', 'POST', '/_mock/clock/advance', { ms: -5 }, /whole number/],
    ['a clock time that is not a time', 'PUT', '/_mock/clock', { now: 'soon' }, /ISO 8601/],
    ['a fault for an unknown operation', 'POST', '/_mock/faults', { operationId: 'brewCoffee', status: 500 }, /brewCoffee/],
    ['a fault with a status no HTTP answer has', 'POST', '/_mock/faults', { operationId: 'listStorageZones', status: 1000 }, /from 200 to 599/],
    [
      'a fault with an unknown network fault',
      'POST',
      '/_mock/faults',
      { operationId: 'listStorageZones', network: 'explode' },
      /network is one of reset, hang, truncate/,
    ],
    ['a clock advance for a namespace that is not a number', 'POST', '/_mock/clock/advance?namespace=x', { ms: 'soon' }, /whole number/],
    ['a fault without an operationId', 'POST', '/_mock/faults', { status: 500 }, /operationId/],
  ])('%s', async (_name, method, path, body, detail) => {
    const { status, body: problem } = await control(method, path, body);
    expect(status).toBe(400);
    expect(problem).toMatchObject({ status: 400 });
    expect(problem.detail).toMatch(detail);
  });

  it('keeps the namespace as it was when an import is refused', async () => {
    const key = freshKey();
    await cases[0]!.write(key, 1);
    await control('PUT', `/_mock/state?namespace=${key}`, { version: 1, areas: { video: { libraries: {} }, dns: { zones: 'bad' } } });
    expect(cases[0]!.shows(await cases[0]!.read(key), 1)).toBe(true);
  });
});
