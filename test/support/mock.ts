// Starts the mock in process on a free port for a test file.
import { afterAll, beforeAll } from 'vitest';
import { startMock, type RunningMock, type StartMockOptions } from '@platform-contracts/mock';

/** Starts one mock for the current test file (every area, or the ones named); read `.url` inside tests. */
export function useMock(areas?: string[], options: StartMockOptions = {}): { readonly url: string; readonly database: RunningMock['areas']['database'] } {
  let mock: RunningMock | undefined;
  beforeAll(async () => {
    mock = await startMock({ port: 0, areas, ...options });
  });
  afterAll(async () => {
    await mock?.close();
  });
  return {
    get url() {
      if (!mock) throw new Error('the mock has not started');
      return mock.url;
    },
    /** The database area's tokens. */
    get database() {
      if (!mock) throw new Error('the mock has not started');
      return mock.areas.database;
    },
  };
}
