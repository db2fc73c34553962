// @platform-contracts/mock/vitest starts the worker's mock and its database engine before the
// file's tests, in a hook with its own time limit: the first test that runs SQL does not pay for
// the engine's start within its own time (vitest's 5 s by default). Watched on the engine's
// diagnostics channel: by the time the first test's beforeEach runs, the engine reported ready.
import diagnostics from 'node:diagnostics_channel';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { beforeEach, expect } from 'vitest';
import { ENGINE_CHANNEL, type EngineEvent } from '../../../packages/mock/src/areas/database/sql/index.ts';

const events: string[] = [];
diagnostics.subscribe(ENGINE_CHANNEL, (message) => events.push((message as EngineEvent).event));

const test = createMockTest();
let beforeFirstTest: string[] | undefined;
beforeEach(() => {
  beforeFirstTest ??= [...events];
});

test('finds the database engine started before its own time began, and runs SQL at once', async ({ db }) => {
  expect(beforeFirstTest).toContain('ready');
  expect(beforeFirstTest).not.toContain('failed');
  expect((await db.execute('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
  expect(events).not.toContain('failed');
});
