// `@platform-contracts/mock/vitest`: the platform mock as vitest fixtures, so that a suite's setup is
// one line. A mock per worker (in process by default, over HTTP when asked, or the one a
// globalSetup shared through `provide`); per test, a namespace of its own (a fresh access key)
// with its clock and faults, database tokens and a `@libsql/client` on them, and a reset once the
// test ends. Everything a test touches is its namespace's, so `test.concurrent` is safe.
//
// The dependency direction (contracts -> client and mock, never client <-> mock) holds: this
// module does not import the client. A suite that wants the typed platform client hands its
// factory over, `createMockTest({ createPlatformClient })`, and gets a `platform` fixture bound
// to the test's namespace; `clientOptions` suits every `create<Area>Client`.
import { randomUUID } from 'node:crypto';
import type { Client as LibsqlClient } from '@libsql/client';
import { afterAll, test as base, beforeAll, expect, type TestAPI } from 'vitest';
import type { MockNamespace } from '../controls/protocol.ts';
import type { RequestEntry } from '../journal/journal.ts';
import { type PlatformMatchers, platformMatchers } from '../journal/matchers.ts';
import { describeViolation, violationError } from '../journal/violation-report.ts';
import type { NamespaceDatabase } from '../mock/area-suites.ts';
import { type MockOptions, VIOLATION_MODES, type ViolationMode } from '../mock/options.ts';
import { areaClient, areaFixture } from './area-fixture.ts';
// The worker's mock reports to the running test (vitest/bridge.ts registers itself).
import './bridge.ts';
import { startingEarly } from './starting-early.ts';
import { connectWorkerMock, type MockConnection, namespaceOf } from './worker-mock.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The URL of the mock a globalSetup (`@platform-contracts/mock/vitest/global-setup`) started for the whole run. */
    platformMockUrl?: string;
  }
  interface Assertion<T = any> extends PlatformMatchers<void> {}
}

expect.extend(platformMatchers);

export type { MockConnection } from './worker-mock.ts';

/** Options for any `create<Area>Client` of `@platform-contracts/client`, bound to the test's namespace. */
export interface TestClientOptions {
  accessKey: string;
  baseUrl: string;
  fetch: typeof globalThis.fetch;
}

/** Options for `createPlatformClient`, bound to the test's namespace and its database. */
export interface TestPlatformOptions {
  accessKey: string;
  apiBaseUrl: string;
  videoBaseUrl: string;
  fetch: typeof globalThis.fetch;
  database: { url: string; authToken: string };
}

/** The test's namespace: its MockNamespace handle, and the test's say on its violations. */
export interface TestNamespace extends MockNamespace {
  /** This test sends requests that break the contract on purpose: they do not fail it (onViolation). */
  allowViolations(): void;
}

export interface MockFixtures<Platform> {
  /** The worker's mock (worker-scoped). */
  platformMock: MockConnection;
  /** The test's own namespace: its access key, clock, faults, state and requests. Reset when the test ends. */
  namespace: TestNamespace;
  clientOptions: TestClientOptions;
  /** A database of the namespace and tokens issued for it through the API. */
  database: NamespaceDatabase;
  /** `@libsql/client` on the namespace's database (Full Access token), through the mock's fetch. */
  db: LibsqlClient;
  platformOptions: TestPlatformOptions;
  /** The platform client (from the factory given to createMockTest) bound to the namespace; each area is `platform.<area>`. */
  platform: Platform;
}

export interface MockTestOptions<Platform> {
  /** Options of the worker's mock (areas, seed, ...). */
  mock?: MockOptions;
  /** Serve the worker's mock over HTTP (on a free port of 127.0.0.1) instead of in process. */
  http?: boolean;
  /** `createPlatformClient` of `@platform-contracts/client`, for the `platform` fixture. */
  createPlatformClient?: (options: TestPlatformOptions) => Platform;
  /** The database the `database` and `db` fixtures issue tokens for. Default `my-database`. */
  databaseId?: string;
  /**
   * A request of the test's namespace that matches no operation or breaks the contract, or an
   * answer that breaks it: `fail` (the default) fails the test that sent it when it ends, even
   * when its client ignored the 4xx; `warn` prints it; `off` lets it be.
   */
  onViolation?: ViolationMode;
}

/** How long the suite's setup may take to start the worker's mock and its database engine. */
const SETUP_TIMEOUT_MS = 120_000;

/** What broke the contract in the namespace: the first violating requests the journal keeps, and how many there were. */
async function violationsOf(namespace: MockNamespace): Promise<{ entries: RequestEntry[]; count: number }> {
  const [entries, { violations: count }] = await Promise.all([namespace.requests({ violations: true, limit: 100 }), namespace.journalCounts()]);
  return { entries, count };
}

/**
 * A vitest `test` with the mock's fixtures; pass `createPlatformClient` for the `platform` fixture.
 * Used in a test file, it also starts the worker's mock and its database engine before the file's
 * tests (a `beforeAll`, with its own time limit), so that no test's time pays for them.
 */
export function createMockTest<Platform = never>(options: MockTestOptions<Platform> = {}): TestAPI<MockFixtures<Platform>> {
  const databaseId = options.databaseId ?? 'my-database';
  const onViolation = options.onViolation ?? 'fail';
  if (!VIOLATION_MODES.includes(onViolation)) throw new Error(`onViolation is one of ${VIOLATION_MODES.join(', ')} (got ${JSON.stringify(onViolation)})`);
  if (onViolation !== 'off' && options.mock?.journal === false)
    throw new Error(`onViolation: '${onViolation}' reads the request journal: leave journal on, or set onViolation: 'off'`);
  /** The worker's mock, once started: by the file's `beforeAll`, or by the first test that asks for it. */
  let connecting: Promise<MockConnection> | undefined;
  /** Whether the worker fixture holds the mock (it then closes it when the worker ends). */
  let held = false;
  const connection = () => (connecting ??= connectWorkerMock(options));
  const api = base.extend<MockFixtures<Platform>>({
    platformMock: [
      async ({}, use) => {
        const connected = await connection();
        held = true;
        try {
          await use(connected);
        } finally {
          connecting = undefined;
          held = false;
          await connected.mock?.close();
        }
      },
      { scope: 'worker' },
    ],
    namespace: async ({ platformMock }, use) => {
      let allowed = false;
      const namespace: TestNamespace = { ...namespaceOf(platformMock, `test-${randomUUID()}`), allowViolations: () => void (allowed = true) };
      await use(namespace);
      const found = onViolation === 'off' || allowed ? undefined : await violationsOf(namespace);
      await namespace.reset();
      if (!found || found.count === 0) return;
      if (onViolation === 'fail') throw violationError(namespace.accessKey, found.entries, found.count - found.entries.length);
      for (const entry of found.entries) console.warn(`platform-mock: ${describeViolation(entry)}`);
    },
    clientOptions: async ({ platformMock, namespace }, use) => {
      await use({ accessKey: namespace.accessKey, baseUrl: platformMock.url, fetch: platformMock.fetch });
    },
    database: async ({ platformMock, namespace }, use) => {
      await use(await areaFixture<NamespaceDatabase>(platformMock, 'database', namespace.accessKey, databaseId));
    },
    db: async ({ platformMock, database }, use) => {
      const db = await areaClient<LibsqlClient>('database', database, platformMock.fetch);
      await use(db.client);
      db.close();
    },
    platformOptions: async ({ platformMock, namespace, database }, use) => {
      const { url, fetch } = platformMock;
      await use({
        accessKey: namespace.accessKey,
        apiBaseUrl: url,
        videoBaseUrl: url,
        fetch,
        // Read when the test first uses its platform client's database: a mock without one refuses then, not before.
        database: Object.defineProperties({} as TestPlatformOptions['database'], {
          url: { get: () => database.url, enumerable: true },
          authToken: { get: () => database.fullAccessToken, enumerable: true },
        }),
      });
    },
    platform: async ({ platformOptions }: { platformOptions: TestPlatformOptions }, use: (platform: Platform) => Promise<void>) => {
      if (!options.createPlatformClient)
        throw new Error('the platform fixture needs createMockTest({ createPlatformClient }) (from @platform-contracts/client)');
      await use(options.createPlatformClient(platformOptions));
    },
  });
  return startingEarly(api, () => {
    // A failure to start is each test's that asks for the mock (the fixture awaits the same promise).
    beforeAll(
      () =>
        connection().then(
          () => undefined,
          () => undefined,
        ),
      SETUP_TIMEOUT_MS,
    );
    // Started for a file whose tests never asked for it: closed with the file.
    afterAll(async () => {
      if (held || !connecting) return;
      const started = connecting;
      connecting = undefined;
      await (await started.catch(() => undefined))?.mock?.close();
    });
  });
}

/** The fixtures with a mock in process and no platform client: `clientOptions` suits every `create<Area>Client`. */
export const test: TestAPI<MockFixtures<never>> = createMockTest();
export type { RequestEntry } from '../journal/journal.ts';
export { type CallExpectation, type PlatformMatchers, platformMatchers, type SqlExpectation } from '../journal/matchers.ts';
export { ContractViolationError } from '../journal/violation-report.ts';
export type { NamespaceDatabase } from '../mock/area-suites.ts';
export { connectNamespace, type JournalCounts, MockControlError, type MockNamespace, type NamespaceControl } from './remote-namespace.ts';
