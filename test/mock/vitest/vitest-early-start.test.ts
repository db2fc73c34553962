// @platform-contracts/mock/vitest starts the worker's mock before the file's first test (in a
// beforeAll, as MSW's server.listen()), so that the first test neither waits for it nor counts its
// start against the test timeout; the fixture then uses that mock; a test API a file never uses
// starts nothing. Each mock's start is seen on the engine's diagnostics channel (its database
// engine reports `starting` once per mock). The same setup readies what the first test would
// otherwise wait for: every operation's validators, and Node's fetch (which Node loads on first use).
import diagnostics from 'node:diagnostics_channel';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { beforeEach, expect, test as plain } from 'vitest';
import { ENGINE_CHANNEL, type EngineEvent } from '../../../packages/mock/src/areas/database/sql/index.ts';
import { validatorsMade } from '../../../packages/mock/src/engine/validation.ts';

/** Whether Node loaded its fetch implementation (undici) in this process. */
const nodeFetchLoaded = () => (process as unknown as { moduleLoadList: string[] }).moduleLoadList.some((name) => name.includes('undici'));
const fetchLoadedAtImport = nodeFetchLoaded();
let atFirstTest: { made: ReturnType<typeof validatorsMade>; fetchLoaded: boolean } | undefined;
beforeEach(() => {
  atFirstTest ??= { made: validatorsMade(), fetchLoaded: nodeFetchLoaded() };
});

const starts: string[] = [];
diagnostics.subscribe(ENGINE_CHANNEL, (message) => {
  if ((message as EngineEvent).event === 'starting') starts.push(expect.getState().currentTestName ?? 'outside any test');
});

const test = createMockTest({ mock: { areas: ['video', 'database'] } });
// Made, never used: it starts nothing.
createMockTest({ mock: { areas: ['database'] } });

test("finds the worker's mock started before it ran, though it asks for no fixture", () => {
  expect(starts).toEqual(['outside any test']);
});

test('gets that mock from the fixture: no other starts', async ({ platformMock }) => {
  const response = await platformMock.fetch(`${platformMock.url}/library/42/videos`, {
    method: 'POST',
    headers: { AccessKey: 'early', 'content-type': 'application/json' },
    body: '{"title":"Keynote"}',
  });
  expect(response.status).toBe(200);
  expect(starts).toEqual(['outside any test']);
});

test("found Node's fetch loaded and every validator made before the first test: its calls made none", async ({ platformMock }) => {
  expect(fetchLoadedAtImport).toBe(false);
  expect(atFirstTest?.fetchLoaded).toBe(true);
  expect(atFirstTest?.made.precompiled).toBeGreaterThan(20);
  const response = await platformMock.fetch(`${platformMock.url}/library/42/collections`, {
    method: 'POST',
    headers: { AccessKey: 'early', 'content-type': 'application/json' },
    body: '{"name":"Talks"}',
  });
  expect(response.status).toBe(200);
  expect(validatorsMade()).toEqual(atFirstTest?.made);
});

plain('a test of plain vitest in the same file starts nothing either', () => {
  expect(starts).toHaveLength(1);
});
