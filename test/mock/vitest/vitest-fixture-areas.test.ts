// A suite that names its areas (`createMockTest({ mock: { areas } })`) without the database gets a
// worker's mock that never starts the database engine (its threads and SQLite's WebAssembly
// module, about half a second of CPU per test file under vitest's isolation), and a `platform`
// client that works for every area it named; what reads the database says why it is absent.
import diagnostics from 'node:diagnostics_channel';
import { createPlatformClient } from '@platform-contracts/client';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { afterAll, describe, expect } from 'vitest';
import { ENGINE_CHANNEL, type EngineEvent } from '../../../packages/mock/src/areas/database/sql/index.ts';

const engineEvents: string[] = [];
const record = (message: unknown) => void engineEvents.push((message as EngineEvent).event);
diagnostics.subscribe(ENGINE_CHANNEL, record);
afterAll(() => void diagnostics.unsubscribe(ENGINE_CHANNEL, record));

const test = createMockTest({ createPlatformClient, mock: { areas: ['video', 'shield'] } });
const ABSENT = /serves no database .*add 'database' to mock\.areas/;

describe('a mock without the database area', () => {
  test('gives each test a platform client for the areas it serves', async ({ platform }) => {
    const { data, response } = await platform.video.POST('/library/{libraryId}/collections', { params: { path: { libraryId: 42 } }, body: { name: 'Talks' } });
    expect(response.status).toBe(200);
    expect(data?.name).toBe('Talks');
    expect((await platform.shield.GET('/shield/shield-zones')).response.status).toBe(200);
  });

  test("says why when a test reads the database: its fixture's tokens, or the platform client's database", ({ database, platform }) => {
    expect(database.databaseId).toBe('my-database');
    expect(() => database.fullAccessToken).toThrow(ABSENT);
    expect(() => platform.database).toThrow(ABSENT);
  });

  test('never started the database engine', () => {
    expect(engineEvents).toEqual([]);
  });
});
