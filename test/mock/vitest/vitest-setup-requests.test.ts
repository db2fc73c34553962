// The journal is the test's own: what the fixtures send to set a test up (the `database`
// fixture's createDatabaseTokens) is marked `setup: true`, left out of `namespace.requests()`
// unless asked for, not counted by toHaveCalled and not counted in the coverage report.

import type { MockConnection } from '@platform-contracts/mock/vitest';
import { createMockTest } from '@platform-contracts/mock/vitest';
import { describe } from 'vitest';

const test = createMockTest({ mock: { areas: ['storage', 'database'] } });
/** How many times the tests themselves called createDatabaseTokens (the coverage must count these and no more). */
let tokensCalledByTests = 0;

const send = (platformMock: MockConnection, accessKey: string, target: string, init: RequestInit = {}) =>
  platformMock.fetch(`${platformMock.url}${target}`, { ...init, headers: { AccessKey: accessKey, 'content-type': 'application/json' } });
const callsOf = (platformMock: MockConnection, operationId: string) =>
  platformMock.mock!.coverage().operations.find((operation) => operation.operationId === operationId)!.calls;

describe('the requests the fixtures send to set a test up', () => {
  test('are not among a test’s requests: a test that only lists storage zones sees only listStorageZones', async ({
    platformMock,
    namespace,
    database,
    expect,
  }) => {
    expect(database.fullAccessToken).not.toBe('');
    await send(platformMock, namespace.accessKey, '/storagezone');
    expect((await namespace.requests()).map((entry) => entry.operationId)).toEqual(['listStorageZones']);
    await expect(namespace).not.toHaveCalled('createDatabaseTokens');
  });

  test('are listed, marked setup: true, when asked for with { setup: true }', async ({ platformMock, namespace, database, expect }) => {
    expect(database.databaseId).toBe('my-database');
    await send(platformMock, namespace.accessKey, '/storagezone');
    const entries = await namespace.requests({ setup: true });
    expect(entries.map((entry) => [entry.operationId, entry.setup])).toEqual([
      ['createDatabaseTokens', true],
      ['listStorageZones', undefined],
    ]);
  });

  test('do not count for toHaveCalled: the test’s own createDatabaseTokens is called once', async ({ platformMock, namespace, database, expect }) => {
    await send(platformMock, namespace.accessKey, `/database/${database.databaseId}/tokens`, { method: 'POST', body: '{}' });
    tokensCalledByTests++;
    await expect(namespace).toHaveCalled('createDatabaseTokens', { times: 1 });
    await expect(namespace).not.toHaveCalled('createDatabaseTokens', { times: 2 });
  });

  test('do not count in the coverage report: createDatabaseTokens counts only the tests’ own calls', async ({ platformMock, database, expect }) => {
    expect(database.readOnlyToken).not.toBe('');
    // Four tests so far used the database fixture (each one issuing tokens); one test called the operation itself.
    expect(tokensCalledByTests).toBe(1);
    expect(callsOf(platformMock, 'createDatabaseTokens')).toBe(tokensCalledByTests);
    expect(callsOf(platformMock, 'listStorageZones')).toBe(2);
    // The engine's warm-up (SELECT 1 while the mock starts) is setup too; no test here ran SQL.
    expect(callsOf(platformMock, 'runPipeline')).toBe(0);
  });
});
