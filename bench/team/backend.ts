// How the team's suite reaches the platform, chosen by TEAM_BACKEND for a whole run (bench/lib/team-suite.ts):
// - `msw`: the team's hand-written MSW handlers (msw-handlers.ts), state kept per access key;
// - `mock`: `createMock({ areas })` in process, one per test file (in beforeAll), clients on
//   `mock.fetch`; the suite uses no database and names its areas, as the mock's README says;
// - `mock-all`: the same with `createMock()` of every area (each file starts the database engine);
// - `http`: `platform-mock` over HTTP, started once for the run (global-setup.ts);
// - `fixture`: the mock's vitest fixtures (`createMockTest({ createPlatformClient })`, as the
//   mock's README shows): the worker's mock, a namespace and a `platform` client per test, reset
//   after it; `it` is then the fixtures' test, whose `platform` each test's client is.
// Every file calls `usePlatform()` at its top, as a team's test helper would: a fresh access key
// per test, a platform client bound to it, that key's state reset after each test; and takes `it`
// from here.
// Each backend's modules are imported only by the runs that use it, as a team's suite imports
// only its own (MSW's interceptors take about 50 ms a file to load, the mock's modules about as long).
import { randomUUID } from 'node:crypto';
import { createPlatformClient, type PlatformClient } from '@platform-contracts/client';
import type { Mock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, beforeEach, inject, it as vitestIt } from 'vitest';

export type Backend = 'msw' | 'mock' | 'mock-all' | 'http' | 'fixture';
export const BACKEND = (process.env.TEAM_BACKEND ?? 'mock') as Backend;
const MSW_URL = 'https://api.platform.example';
/** The areas the suite uses (it uses no database), as createMock takes them. */
const SUITE = { areas: ['video', 'shield', 'dns'] };

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export interface TestPlatform {
  /** The test's client (bound to its own access key). */
  readonly client: PlatformClient<true>;
  readonly accessKey: string;
}

const current = { client: undefined as unknown as PlatformClient<true>, accessKey: '' };

/** The test function of the team's files: vitest's, or with `fixture` the mock's fixtures, each test's `platform` bound to `current`. */
async function fixtureTest(): Promise<typeof vitestIt> {
  const { createMockTest } = await import('@platform-contracts/mock/vitest');
  // The suite uses no database: it names its areas, as the mock's README says.
  const test = createMockTest({
    createPlatformClient: (options) => createPlatformClient<true>({ ...options, throwOnError: true }),
    mock: SUITE,
  }).extend({
    bound: [
      async ({ platform, namespace }, use) => {
        current.client = platform;
        current.accessKey = namespace.accessKey;
        await use(true);
      },
      { auto: true },
    ],
  });
  return test as unknown as typeof vitestIt;
}
export const it: typeof vitestIt = BACKEND === 'fixture' ? await fixtureTest() : vitestIt;

export function usePlatform(): TestPlatform {
  if (BACKEND === 'fixture') return current;
  let mock: Mock | undefined;
  let server: { close(): void } | undefined;
  let resetKey: ((key: string) => void) | undefined;
  let baseUrl = MSW_URL;
  beforeAll(async () => {
    if (BACKEND === 'msw') {
      const [{ setupServer }, msw] = await Promise.all([import('msw/node'), import('./msw-handlers.ts')]);
      const started = setupServer(...msw.handlers);
      started.listen({ onUnhandledRequest: 'error' });
      [server, resetKey] = [started, msw.resetKey];
    } else if (BACKEND === 'mock' || BACKEND === 'mock-all') {
      const { createMock } = await import('@platform-contracts/mock');
      baseUrl = (mock = await createMock(BACKEND === 'mock' ? SUITE : {})).url;
    } else baseUrl = inject('mockUrl');
  });
  afterAll(async () => {
    server?.close();
    await mock?.close();
  });

  beforeEach(() => {
    current.accessKey = `team-${randomUUID()}`;
    current.client = createPlatformClient<true>({
      accessKey: current.accessKey,
      apiBaseUrl: baseUrl,
      videoBaseUrl: baseUrl,
      throwOnError: true,
      fetch: mock?.fetch,
    });
  });
  afterEach(async () => {
    if (resetKey) resetKey(current.accessKey);
    else if (mock) mock.reset(current.accessKey);
    else await fetch(`${baseUrl}/_mock/reset?namespace=${encodeURIComponent(current.accessKey)}`, { method: 'POST' });
  });
  return current;
}
