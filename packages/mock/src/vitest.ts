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
import { inject, test as base, type TestAPI } from 'vitest';
import { startDatabaseEngine } from './engine-warm-up.ts';
import { startMock } from './http-server.ts';
import { createMock, IN_PROCESS_URL, type Mock, type MockOptions } from './mock.ts';
import { connectNamespace, type NamespaceControl } from './remote-namespace.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The URL of the mock a globalSetup (`@platform-contracts/mock/vitest/global-setup`) started for the whole run. */
    platformMockUrl?: string;
  }
}

/** The worker's mock: where it answers and the fetch that reaches it. */
export interface MockConnection {
  /** Base URL for clients (in process: `http://platform-mock.invalid`, which only `fetch` reaches). */
  url: string;
  /** The fetch to give clients: `mock.fetch` in process, the global fetch over HTTP. */
  fetch: typeof globalThis.fetch;
  /** The mock itself when this worker runs it (not when a globalSetup shares one). */
  mock?: Mock;
}

/** A database of the test's namespace: its URL and a pair of tokens issued for it. */
export interface NamespaceDatabase {
  databaseId: string;
  /** The database URL for `@libsql/client` and the platform client: the one the token answer gives, or in process the mock's URL. */
  url: string;
  fullAccessToken: string;
  readOnlyToken: string;
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

export interface MockFixtures<Platform> {
  /** The worker's mock (worker-scoped). */
  platformMock: MockConnection;
  /** The test's own namespace: its access key, clock, faults and state. Reset when the test ends. */
  namespace: NamespaceControl;
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
}

type IssuedTokens = { database_url: string; tokens: { kind: string; token: string }[] };

async function connect(options: MockTestOptions<unknown>): Promise<MockConnection> {
  const shared = inject('platformMockUrl');
  if (shared) return { url: shared, fetch: (input, init) => globalThis.fetch(input, init) };
  const mock = options.http ? await startMock({ port: 0, ...options.mock }) : await createMock(options.mock);
  await startDatabaseEngine(mock).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  return { url: mock.url, fetch: options.http ? (input, init) => globalThis.fetch(input, init) : mock.fetch, mock };
}

async function issueTokens(connection: MockConnection, accessKey: string, databaseId: string): Promise<NamespaceDatabase> {
  const response = await connection.fetch(`${connection.url}/database/${encodeURIComponent(databaseId)}/tokens`, {
    method: 'POST',
    headers: { AccessKey: accessKey, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`the mock did not issue database tokens (${response.status}): ${await response.text()}`);
  const issued = (await response.json()) as IssuedTokens;
  const tokenOf = (kind: string) => issued.tokens.find((token) => token.kind === kind)!.token;
  // In process the database is reached at the mock's own URL (through its fetch); over HTTP at the URL the answer gives.
  const url = connection.url === IN_PROCESS_URL ? connection.url : issued.database_url;
  return { databaseId, url, fullAccessToken: tokenOf('full_access'), readOnlyToken: tokenOf('read_only') };
}

/** How long the suite's setup may take to start the worker's mock and its database engine. */
const SETUP_TIMEOUT_MS = 120_000;

/**
 * A vitest `test` with the mock's fixtures; pass `createPlatformClient` for the `platform` fixture.
 * Called in a test file, it also starts the worker's mock and its database engine before the
 * file's tests (a `beforeAll`, with its own time limit), so that no test's time pays for them.
 */
export function createMockTest<Platform = never>(options: MockTestOptions<Platform> = {}): TestAPI<MockFixtures<Platform>> {
  const databaseId = options.databaseId ?? 'my-database';
  const test = base.extend<MockFixtures<Platform>>({
    platformMock: [
      // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from its first parameter
      async ({}, use) => {
        const connection = await connect(options as MockTestOptions<unknown>);
        await use(connection);
        await connection.mock?.close();
      },
      { scope: 'worker' },
    ],
    namespace: async ({ platformMock }, use) => {
      const namespace = connectNamespace(platformMock.url, `test-${randomUUID()}`, platformMock.fetch);
      await use(namespace);
      await namespace.reset();
    },
    clientOptions: async ({ platformMock, namespace }, use) => {
      await use({ accessKey: namespace.accessKey, baseUrl: platformMock.url, fetch: platformMock.fetch });
    },
    database: async ({ platformMock, namespace }, use) => {
      await use(await issueTokens(platformMock, namespace.accessKey, databaseId));
    },
    db: async ({ platformMock, database }, use) => {
      const { createClient } = await import('@libsql/client');
      const db = createClient({ url: database.url, authToken: database.fullAccessToken, fetch: platformMock.fetch });
      await use(db);
      db.close();
    },
    platformOptions: async ({ platformMock, namespace, database }, use) => {
      const { url, fetch } = platformMock;
      await use({ accessKey: namespace.accessKey, apiBaseUrl: url, videoBaseUrl: url, fetch, database: { url: database.url, authToken: database.fullAccessToken } });
    },
    platform: async ({ platformOptions }: { platformOptions: TestPlatformOptions }, use: (platform: Platform) => Promise<void>) => {
      if (!options.createPlatformClient) throw new Error('the platform fixture needs createMockTest({ createPlatformClient }) (from @platform-contracts/client)');
      await use(options.createPlatformClient(platformOptions));
    },
  });
  // Suite hooks with worker fixtures came with vitest 4; with an older vitest the first test starts the mock.
  const withHooks = test as unknown as { beforeAll?: (fn: (fixtures: { platformMock: MockConnection }) => Promise<void>, timeout?: number) => void };
  if (typeof withHooks.beforeAll === 'function') {
    try {
      withHooks.beforeAll(async ({ platformMock }) => void platformMock, SETUP_TIMEOUT_MS);
    } catch {
      // Not called while a test file is collected (a setup module, say): the first test starts the mock.
    }
  }
  return test;
}

/** The fixtures with a mock in process and no platform client: `clientOptions` suits every `create<Area>Client`. */
export const test: TestAPI<MockFixtures<never>> = createMockTest();
export { connectNamespace, type NamespaceControl } from './remote-namespace.ts';
