// The mock for a test file: in process by default (`createMock().fetch`, no socket), or behind
// its HTTP door on a free port where the door itself is under test (a browser, a WebSocket, the
// site's files, a child process that calls it).

import { createMock, type Mock, type MockOptions, type RunningMock, type StartMockOptions, startMock } from '@platform-contracts/mock';
import { afterAll, beforeAll } from 'vitest';

export interface UsedMock {
  /** The base URL to give clients: with `fetch` below (in process it leads nowhere else). */
  readonly url: string;
  /** The mock's fetch: pass it to clients (`fetch: mock.fetch`) and call it instead of the global one. */
  readonly fetch: typeof globalThis.fetch;
  /** The database area's tokens. */
  readonly database: Mock['areas']['database'];
  /** The mock itself (state, clock, faults). */
  readonly mock: Mock;
}

function use<M extends Mock>(start: () => Promise<M>): UsedMock & { readonly mock: M } {
  let mock: M | undefined;
  beforeAll(async () => {
    mock = await start();
  });
  afterAll(async () => {
    await mock?.close();
  });
  const started = (): M => {
    if (!mock) throw new Error('the mock has not started');
    return mock;
  };
  return {
    get url() {
      return started().url;
    },
    fetch: (input, init) => started().fetch(input, init),
    get database() {
      return started().areas.database;
    },
    get mock() {
      return started();
    },
  };
}

/** One mock in process for the current test file (every area, or the ones named): use `.fetch` and `.url`. */
export function useMock(areas?: string[], options: MockOptions = {}): UsedMock {
  return use(() => createMock({ areas, ...options }));
}

/** One mock behind its HTTP door on a free port, for tests of the door (or of what needs a real URL). */
export function useHttpMock(areas?: string[], options: StartMockOptions = {}): UsedMock & { readonly mock: RunningMock } {
  return use(() => startMock({ port: 0, areas, ...options }));
}
