// How the team's suite reaches the platform, chosen by TEAM_BACKEND for a whole run (bench/lib/team-suite.ts):
// - `msw`: the team's hand-written MSW handlers (msw-handlers.ts), state kept per access key;
// - `mock`: `createMock()` in process, one per test file (in beforeAll), clients on `mock.fetch`;
// - `http`: `platform-mock` over HTTP, started once for the run (global-setup.ts).
// Every file calls `usePlatform()` at its top, as a team's test helper would: a fresh access key
// per test, a platform client bound to it, that key's state reset after each test.
// Each backend's modules are imported only by the runs that use it, as a team's suite imports
// only its own (MSW's interceptors take about 50 ms a file to load, the mock's modules about as long).
import { randomUUID } from 'node:crypto';
import { createPlatformClient, type PlatformClient } from '@platform-contracts/client';
import type { Mock } from '@platform-contracts/mock';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export type Backend = 'msw' | 'mock' | 'http';
export const BACKEND = (process.env.TEAM_BACKEND ?? 'mock') as Backend;
const MSW_URL = 'https://api.platform.example';

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

export function usePlatform(): TestPlatform {
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
    } else if (BACKEND === 'mock') {
      const { createMock } = await import('@platform-contracts/mock');
      baseUrl = (mock = await createMock()).url;
    } else baseUrl = inject('mockUrl');
  });
  afterAll(async () => {
    server?.close();
    await mock?.close();
  });

  const current = { client: undefined as unknown as PlatformClient<true>, accessKey: '' };
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
