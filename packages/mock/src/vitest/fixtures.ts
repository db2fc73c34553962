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
import { afterAll, test as base, beforeAll, expect, inject, type TestAPI } from 'vitest';
import { HEALTH_PATH, type MockNamespace } from '../controls/protocol.ts';
import type { RequestEntry } from '../journal/journal.ts';
import { type PlatformMatchers, platformMatchers } from '../journal/matchers.ts';
import { describeViolation, violationError } from '../journal/violation-report.ts';
import type { NamespaceDatabase } from '../mock/area-suites.ts';
import { createMock, type Mock } from '../mock/mock.ts';
import { type MockOptions, VIOLATION_MODES, type ViolationMode } from '../mock/options.ts';
import { startMock } from '../mock/start-mock.ts';
import { areaClient, areaFixture } from './area-fixture.ts';
// The worker's mock reports to the running test (vitest/bridge.ts registers itself).
import './bridge.ts';
import { connectNamespace } from './remote-namespace.ts';
import { warmUpAreas } from './warm-up.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The URL of the mock a globalSetup (`@platform-contracts/mock/vitest/global-setup`) started for the whole run. */
    platformMockUrl?: string;
  }
  interface Assertion<T = any> extends PlatformMatchers<void> {}
}

expect.extend(platformMatchers);

/** The worker's mock: where it answers and the fetch that reaches it. */
export interface MockConnection {
  /** Base URL for clients (in process: `http://platform-mock.invalid`, which only `fetch` reaches). */
  url: string;
  /** The fetch to give clients: `mock.fetch` in process, the global fetch over HTTP. */
  fetch: typeof globalThis.fetch;
  /** The mock itself when this worker runs it (not when a globalSetup shares one). */
  mock?: Mock;
}

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

async function connect(options: MockTestOptions<unknown>): Promise<MockConnection> {
  const shared = inject('platformMockUrl');
  if (shared) return { url: shared, fetch: (input, init) => globalThis.fetch(input, init) };
  // The fixtures tell each violation to the test whose namespace made it: the mock itself tells none.
  const mockOptions: MockOptions = { ...options.mock, onViolation: 'off' };
  const mock = options.http ? await startMock({ port: 0, ...mockOptions }) : await createMock(mockOptions);
  const connection: MockConnection = { url: mock.url, fetch: options.http ? (input, init) => globalThis.fetch(input, init) : mock.fetch, mock };
  // While the areas warm up (the database's engine starts on its own threads), this one readies
  // what the first test would otherwise wait for: every operation's validators, and the fetch the tests get.
  const ready = Promise.all([
    warmUpAreas(mock),
    Promise.resolve().then(() => {
      mock.prepareValidators();
      return checkDoor(connection);
    }),
  ]);
  await ready.catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  return connection;
}

/**
 * The mock's health through the fetch the tests get. Node loads its fetch (undici, web streams)
 * on the first Request, Headers or Response, 50 to 150 ms on a busy machine: paid here, in the
 * setup, as MSW's `server.listen()` pays it, rather than by the first test.
 */
async function checkDoor(connection: MockConnection): Promise<void> {
  const response = await connection.fetch(`${connection.url}${HEALTH_PATH}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`the mock did not answer its health check (${response.status}): ${text}`);
}

/** How long the suite's setup may take to start the worker's mock and its database engine. */
const SETUP_TIMEOUT_MS = 120_000;

/**
 * The test API, which on its first use in a file (a test defined, `test.for`, `test.concurrent`
 * ...) adds `start` to that file's hooks, so a file that never uses it starts nothing.
 */
function startingEarly<T extends object>(api: T, start: () => void): T {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    try {
      start();
    } catch {
      // Not while vitest collects a file (no suite to add hooks to): the fixture starts the mock when a test asks for it.
    }
  };
  return new Proxy(api, {
    apply(target, thisArg, args) {
      once();
      return Reflect.apply(target as (...args: unknown[]) => unknown, thisArg, args);
    },
    get(target, property) {
      once();
      return Reflect.get(target, property);
    },
  });
}

/** The namespace `accessKey` of the worker's mock: in process when this worker runs it, else over HTTP (the same handle). */
const namespaceOf = (connection: MockConnection, accessKey: string): MockNamespace =>
  connection.mock ? connection.mock.namespace(accessKey) : connectNamespace(connection.url, accessKey, connection.fetch);

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
  const connection = () => (connecting ??= connect(options as MockTestOptions<unknown>));
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
