// A call without middleware, made as openapi-fetch's own `coreFetch` makes it, with its serializers
// (createFinalURL, by way of path-url.ts, mergeHeaders, the body serializer), but without what only middleware needs:
// no per-call copy and merge of the client's options, no Request built here for fetch to build
// again (fetch(url, init) builds the only one). typed-client.ts sends a call here when it has no
// middleware and none of openapi-fetch's other per-call options; test/client/direct-call.test.ts
// holds both paths to the same requests and answers.
import { defaultBodySerializer, mergeHeaders } from 'openapi-fetch';
import { createDefaultQuerySerializer, createPathUrl } from './path-url.js';
import type { ClientFetch } from './transport.js';

/** The result of a call as openapi-fetch gives it with `parseAs: 'text'` (here a failure's body too is its text: failure.ts parses it). */
export interface RawResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A body serializer as openapi-fetch calls it: with the call's headers (its types name the body only). */
type Serializer = (body: unknown, headers?: Headers) => unknown;

export interface DirectSetup {
  baseUrl: string;
  headers: Record<string, string>;
  bodySerializer?: Serializer | undefined;
  fetch: ClientFetch;
}

type Options = {
  params?: { path?: Record<string, unknown>; query?: {}; header?: {} };
  body?: unknown;
  headers?: {};
  signal?: AbortSignal;
  fetch?: ClientFetch;
};

/**
 * Sends a call and gives fetch's own promise of its answer: no async function of its own (its
 * frame, promise and result object were some 570 bytes a call). typed-client.ts reads the body
 * as text, as openapi-fetch's `parseAs: 'text'`.
 */
export type DirectCall = (method: string, path: string, options?: Options) => Promise<Response>;

export function createDirectCall({ baseUrl, headers: baseHeaders, bodySerializer = defaultBodySerializer as Serializer, fetch }: DirectSetup): DirectCall {
  const urlOf = createPathUrl(baseUrl, createDefaultQuerySerializer()); // made once, not per call
  const plain = Object.fromEntries(mergeHeaders(baseHeaders) as unknown as Iterable<[string, string]>); // names in lower case, as a Headers holds them: `user-agent` replaces `User-Agent`
  return (method: string, path: string, { params = {}, body, headers, signal, fetch: send = fetch }: Options = {}): Promise<Response> => {
    // As coreFetch: a JSON body's Content-Type is the lowest-priority header, and the serializer
    // sees the call's headers. A call with no body and no headers of its own sends the client's.
    const merged =
      body === undefined && !headers && !params.header
        ? { ...plain }
        : mergeHeaders(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }, baseHeaders, headers, params.header);
    return send(urlOf(path, params), {
      method,
      signal: signal as AbortSignal,
      body: (body === undefined ? body : bodySerializer(body, merged as Headers)) as BodyInit | undefined,
      headers: merged,
    });
  };
}
