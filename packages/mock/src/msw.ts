// `@platform-contracts/mock/msw`: the MSW door (doors/msw/), handlers that send the platform's
// requests to a mock made by `createMock()`, beside a team's own in `setupServer(...)` or
// `setupWorker(...)`.
// biome-ignore lint/style/useImportType: a value-style import keeps etc/mock.api.md's `import { HttpHandler }` as it was before the door moved
import { type HttpHandler } from 'msw';
import { mswHandlers, type PlatformHandlerOptions } from './doors/msw/msw-handlers.ts';
import type { Mock } from './mock/mock.ts';

export type { PlatformHandlerOptions };

/** MSW handlers answering every request under the base URLs with the mock (`createMock()`). */
export function platformHandlers(mock: Pick<Mock, 'fetch' | 'url'>, options: PlatformHandlerOptions = {}): HttpHandler[] {
  return mswHandlers(mock, options);
}
