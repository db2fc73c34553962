// The worker's mock for the vitest fixtures: the one a globalSetup shared (`inject`), else one this
// worker starts (in process, or over HTTP when asked), readied before the first test (the areas
// warmed up, every validator prepared, the fetch the tests get loaded); and a namespace of it, in
// process when this worker runs it, else over HTTP (the same handle).
import { inject } from 'vitest';
import { HEALTH_PATH, type MockNamespace } from '../controls/protocol.ts';
import { createMock, type Mock } from '../mock/mock.ts';
import type { MockOptions } from '../mock/options.ts';
import { startMock } from '../mock/start-mock.ts';
import { connectNamespace } from './remote-namespace.ts';
import { warmUpAreas } from './warm-up.ts';

/** The worker's mock: where it answers and the fetch that reaches it. */
export interface MockConnection {
  /** Base URL for clients (in process: `http://platform-mock.invalid`, which only `fetch` reaches). */
  url: string;
  /** The fetch to give clients: `mock.fetch` in process, the global fetch over HTTP. */
  fetch: typeof globalThis.fetch;
  /** The mock itself when this worker runs it (not when a globalSetup shares one). */
  mock?: Mock;
}

/** The worker's mock: the shared one, else one started with these options (over HTTP with `http`). */
export async function connectWorkerMock(options: { mock?: MockOptions; http?: boolean }): Promise<MockConnection> {
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

/** The namespace `accessKey` of the worker's mock: in process when this worker runs it, else over HTTP (the same handle). */
export const namespaceOf = (connection: MockConnection, accessKey: string): MockNamespace =>
  connection.mock ? connection.mock.namespace(accessKey) : connectNamespace(connection.url, accessKey, connection.fetch);
