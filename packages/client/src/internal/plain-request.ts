// openapi-fetch builds a Request and hands it to fetch, which builds a second one from it. For
// a call without middleware, the client gives openapi-fetch this plain description instead, and
// fetch builds the only Request: about 12 µs less per call (of ~180 µs on a local server).

/** What openapi-fetch and the client's fetch read of a request. */
export class PlainRequest {
  // Declared only (the constructor sets them): no class field code in the up-front bundle.
  declare readonly method: string;
  declare readonly headers: Headers;
  declare readonly body: BodyInit | null;
  declare readonly signal: AbortSignal | undefined;

  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    this.method = init.method ?? 'GET';
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.body = init.body ?? null;
    this.signal = init.signal ?? undefined;
  }
}

/** A request as openapi-fetch passes it: a real Request (with middleware) or a plain one. */
export type AnyRequest = Request | PlainRequest;

/** Sends a request with fetch(url, init) or fetch(request). */
export function send(fetchImpl: typeof globalThis.fetch, request: AnyRequest): Promise<Response> {
  return request instanceof PlainRequest ? fetchImpl(request.url, request.init) : fetchImpl(request);
}
