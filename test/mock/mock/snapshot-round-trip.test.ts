// A snapshot the mock gives can always be put back: a namespace filled to its caps (the state
// size cap, with strings that take 6 bytes of JSON per byte counted, and a database at its
// largest snapshot image) is exported, and PUT /_mock/state takes it back, although it is many
// times the mock-wide body limit; the limit PUT /_mock/state reports is the one it applies.
import { readFileSync } from 'node:fs';
import { createMock, type Mock } from '@platform-contracts/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAX_BODY_BYTES = 16 * 1024;
const MAX_STATE_BYTES = 32 * 1024;
const MAX_IMAGE_BYTES = 256 * 1024;
const TOKEN = 'round-trip-full-access-token';

let mock: Mock;
beforeAll(async () => {
  mock = await createMock({
    areas: ['video', 'storage', 'database'],
    maxBodyBytes: MAX_BODY_BYTES,
    maxStateBytes: MAX_STATE_BYTES,
    database: { fullAccessToken: TOKEN, readOnlyToken: 'round-trip-read-only-token', maxSnapshotBytes: MAX_IMAGE_BYTES, maxDatabaseBytes: MAX_IMAGE_BYTES },
  });
});
afterAll(() => mock?.close());

const putState = (body: string) =>
  mock.fetch(`${mock.url}/_mock/state?namespace=default`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
const getState = async () => (await mock.fetch(`${mock.url}/_mock/state?namespace=default`)).text();

describe('a snapshot at the caps', () => {
  let snapshot: string;

  it('fills the state to its cap and the database to its largest image', async () => {
    // Collection names of control characters: 1 byte counted each, 6 bytes of JSON.
    const statuses: number[] = [];
    for (let i = 0; statuses.at(-1) !== 400 && i < 1000; i++) {
      const response = await mock.fetch(`${mock.url}/library/42/collections`, {
        method: 'POST',
        headers: { AccessKey: 'default', 'content-type': 'application/json' },
        body: JSON.stringify({ name: `\u0001${'\u0002'.repeat(150)}${i}` }),
      });
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses.at(-1)).toBe(400);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(10);

    const run = async (sql: string) => {
      const response = await mock.fetch(`${mock.url}/v2/pipeline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] }),
      });
      return ((await response.json()) as { results: { type: string; error?: { code: string } }[] }).results[0]!;
    };
    expect((await run('CREATE TABLE filler (b BLOB)')).type).toBe('ok');
    let last;
    for (let i = 0; i < 100 && (last = await run('INSERT INTO filler SELECT randomblob(3000) FROM (VALUES (1), (2), (3), (4))')).type === 'ok'; i++);
    expect(last).toMatchObject({ type: 'error', error: { code: 'SQLITE_FULL' } });

    snapshot = await getState();
    const image = Buffer.from(JSON.parse(snapshot).areas.database.databases['my-database'].data, 'base64');
    expect(image.byteLength).toBeGreaterThan(MAX_IMAGE_BYTES - 16 * 1024);
    expect(snapshot.length).toBeGreaterThan(20 * MAX_BODY_BYTES);
  });

  it('is taken back by PUT /_mock/state, and gives the same snapshot again', async () => {
    const put = await putState(snapshot);
    expect(await put.json()).toEqual({ imported: '****' });
    expect(put.status).toBe(200);
    expect(await getState()).toBe(snapshot);
  });

  it('PUT /_mock/state takes bodies up to the limit it names, and answers 413 past it', async () => {
    const refused = await putState(`${snapshot}${' '.repeat(4 * 1024 * 1024)}`);
    expect(refused.status).toBe(413);
    const { detail } = (await refused.json()) as { detail: string };
    expect(detail).toMatch(/the largest snapshot the options allow \(maxStateBytes, --max-state-bytes; the database's maxSnapshotBytes and maxDatabases\)/);
    const limit = Number(/at most (\d+) bytes/.exec(detail)![1]);
    expect(limit).toBeGreaterThanOrEqual(snapshot.length);
    // The caps allow: 6 bytes of JSON per byte of state counted, one database image in base64, and its tokens.
    expect(limit).toBeGreaterThanOrEqual(6 * MAX_STATE_BYTES + (4 / 3) * MAX_IMAGE_BYTES);
    const padded = (length: number) => `${snapshot}${' '.repeat(length - Buffer.byteLength(snapshot))}`;
    expect((await putState(padded(limit))).status).toBe(200);
    expect((await putState(padded(limit + 1))).status).toBe(413);
  });

  it('other control writes keep the mock-wide limit', async () => {
    const response = await mock.fetch(`${mock.url}/_mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationId: 'listStorageZones', body: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.status).toBe(413);
  });
});

it('the README states the limit the default caps give', async () => {
  const defaults = await createMock();
  try {
    const stated = /([\d,]+) bytes with the defaults/.exec(readFileSync('README.md', 'utf8'))?.[1];
    expect(Number(stated?.replace(/,/g, ''))).toBe(defaults.bodyLimit('PUT', '/_mock/state').bytes);
  } finally {
    await defaults.close();
  }
});
