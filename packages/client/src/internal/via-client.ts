// A call through openapi-fetch's client (a call with middleware or another of openapi-fetch's
// options), loaded by the first such call: the client is made then, once per typed client, and
// the typed client's middleware is given to each call before the call's own, which is the order
// openapi-fetch's own `use` runs them in.
import createClient, { type Client, type ClientOptions, createQuerySerializer, type Middleware } from 'openapi-fetch';
import type { RawResult } from './direct-call.js';

/** What a typed client keeps for openapi-fetch's client: its options, its middleware, and the client once made. */
export interface LazyClient {
  options: ClientOptions;
  middlewares: Middleware[];
  client?: Client<{}>;
}

type RawCall = (url: string, init?: Record<string, unknown>) => Promise<RawResult>;

/** Sends the call, its answer read as text (for typed-client.ts to parse) unless the call sets `parseAs`. */
export function sendViaClient(lazy: LazyClient, method: string, url: string, options: Record<string, unknown>): Promise<RawResult> {
  const call = ((lazy.client ??= createClient({ ...lazy.options, querySerializer: createQuerySerializer() })) as unknown as Record<string, RawCall>)[method]!;
  const middleware = [...lazy.middlewares, ...((options.middleware as Middleware[] | undefined) ?? [])];
  return call(url, { ...options, ...(options.parseAs === undefined && { parseAs: 'text' }), middleware });
}
