// The MSW door (`@platform-contracts/mock/msw`, src/msw.ts): for teams already on MSW, handlers
// that send the platform's requests to the mock in process (contract validation, state, faults,
// real SQL), to put beside their own handlers in `setupServer(...)` or `setupWorker(...)`. MSW hands
// a standard Request, so the door is the fetch door (doors/fetch/) put into MSW's handlers: it takes
// the mock's `fetch`, which answers with the one handler. A network fault of the mock becomes MSW's
// network error (`HttpResponse.error()`), as a reset connection would.
import { type HttpHandler, HttpResponse, http } from 'msw';

/** What the MSW door takes: the fetch door's `fetch` and the mock's own base URL. */
interface MswDoorTarget {
  fetch: typeof globalThis.fetch;
  url: string;
}

export interface PlatformHandlerOptions {
  /**
   * The base URLs the application calls the platform on: its management API, video API and
   * database URL (`libsql://` URLs are matched as https, as the client sends them). Default: the
   * mock's own `url`.
   */
  baseUrls?: string[];
}

/** The origin and path prefix a base URL's requests start with. */
function prefixOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  const scheme = url.protocol === 'libsql:' ? (['localhost', '127.0.0.1'].includes(url.hostname) ? 'http:' : 'https:') : url.protocol;
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** MSW handlers answering every request under the base URLs with the mock's fetch. */
export function mswHandlers(mock: MswDoorTarget, options: PlatformHandlerOptions = {}): HttpHandler[] {
  return (options.baseUrls ?? [mock.url]).map((baseUrl) => {
    const prefix = prefixOf(baseUrl);
    const pathPrefix = new URL(prefix).pathname.replace(/\/+$/, '');
    return http.all(`${prefix}/*`, async ({ request }) => {
      const url = new URL(request.url);
      // The mock serves the platform's paths: a base URL's own path prefix is not part of them.
      url.pathname = url.pathname.slice(pathPrefix.length) || '/';
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      try {
        return await mock.fetch(url, { method: request.method, headers: request.headers, body, signal: request.signal });
      } catch {
        // A reset connection, or a hung call the client gave up on (it no longer listens).
        return HttpResponse.error();
      }
    });
  });
}
