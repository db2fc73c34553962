// Starts the mock in process on a free port for a test file.
import { afterAll, beforeAll } from 'vitest';
import { startMock, type RunningMock } from '@platform/mock';

/** Starts one mock for the current test file; read `.url` inside tests. */
export function useMock(): { readonly url: string } {
  let mock: RunningMock | undefined;
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
  });
  afterAll(async () => {
    await mock?.close();
  });
  return {
    get url() {
      if (!mock) throw new Error('the mock has not started');
      return mock.url;
    },
  };
}
