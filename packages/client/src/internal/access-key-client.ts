import createClient, { type Client } from 'openapi-fetch';
import { requireBaseUrl, requireString } from './options.js';

/** Options shared by every area authenticated with the `AccessKey` header. */
export interface AccessKeyClientOptions {
  /** API key sent in the `AccessKey` header of every request. */
  accessKey: string;
  /** Base URL of the API, for example `http://127.0.0.1:4010` for `pnpm mock`. */
  baseUrl: string;
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

export function createAccessKeyClient<Paths extends {}>(factory: string, options: AccessKeyClientOptions): Client<Paths> {
  const accessKey = requireString(factory, 'accessKey', options?.accessKey, 'Pass the API key sent in the AccessKey header.');
  const baseUrl = requireBaseUrl(factory, options?.baseUrl);
  return createClient<Paths>({
    baseUrl,
    fetch: options.fetch,
    headers: { ...options.headers, AccessKey: accessKey },
  });
}
