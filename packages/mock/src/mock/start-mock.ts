// `startMock()`: createMock() (mock.ts) behind the HTTP door (doors/http/), which takes the mock's
// one handler and logs each request itself. Only the assembly lives here; what needs a socket is
// the door's.
// biome-ignore lint/style/useImportType: a value-style import keeps etc/mock.api.md's `import { IncomingMessage }` as it was before the door moved
import { type IncomingMessage } from 'node:http';
import { HEALTH_PATH } from '../controls/control.ts';
import type { AccessOptions } from '../doors/http/access.ts';
import { type HttpDoor, HttpDoorStartError, httpDoorOptionError, listenHttpDoor } from '../doors/http/http-door.ts';
import { keepTickObjectMaps } from '../doors/http/tick-maps.ts';
import { createMock, doorHandlerOf, type Mock } from './mock.ts';
import { type MockOptions, MockStartError } from './options.ts';

export { HEALTH_PATH };

export interface StartMockOptions extends MockOptions, AccessOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  host?: string;
  /** Folder of the reference site served at /docs/. */
  docsDir?: string;
  /**
   * A connection that sends nothing for this long is closed (one that never sends a byte too),
   * and a request's headers must arrive within it; a whole request within twice it. Default 30 s.
   */
  socketTimeoutMs?: number;
}

/** A mock behind an HTTP server: `url` is where it listens; `close()` also stops the server. */
export interface RunningMock extends Mock {
  /**
   * Why the HTTP door refuses a request (Host, Origin; the authority of an absolute-form target
   * `url`), or undefined: what every request goes through, and what a WebSocket upgrade goes
   * through before any area sees it.
   */
  refusal(req: Pick<IncomingMessage, 'headers'> & { url?: string }): string | undefined;
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  // First, before the mock's set-up allocates (and the collector may run): the door's streams' ticks stay cheap (tick-maps.ts).
  keepTickObjectMaps();
  const optionError = httpDoorOptionError(options);
  if (optionError) throw new MockStartError(optionError);
  // The door logs each request once it is sent (the site's files and refused bodies included).
  const mock = await createMock({ ...options, onRequest: undefined });
  let door: HttpDoor;
  try {
    door = await listenHttpDoor(doorHandlerOf(mock), options);
  } catch (error) {
    await mock.close();
    throw error instanceof HttpDoorStartError ? new MockStartError(error.message) : error;
  }
  return {
    ...mock,
    url: door.url,
    refusal: door.refusal,
    close: () =>
      door.close().then(
        () => mock.close(),
        (error: unknown) => mock.close().then(() => Promise.reject(error)),
      ),
  };
}
