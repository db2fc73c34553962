// The one factory behind every area authenticated with the `AccessKey` header: an area is its
// name, its factory's name, the variable holding its base URL, its error class and its paged
// operations; `defineClientArea` turns that into the area's `create<Area>Client`.
import createClient, { createQuerySerializer } from 'openapi-fetch';
import type { AreaErrorKey } from './area-errors.js';
import { type ApiErrorInit, secretForms } from './errors.js';
import { stringifyExactJson } from '@platform-contracts/contracts/exact-json';
import { requireBaseUrl, requireString } from './options.js';
import type { PaginationTable } from './paging.js';
import { PlainRequest } from './plain-request.js';
import { createRetryingFetch } from './transport.js';
import { wrapClient, type ClientBehaviour, type PlatformHttpClient } from './typed-client.js';
import { USER_AGENT } from './version.js';

/** Options of every area authenticated with the `AccessKey` header. */
export interface AccessKeyClientOptions<ThrowOnError extends boolean = boolean> extends ClientBehaviour<ThrowOnError> {
  /** API key sent in the `AccessKey` header of every request. */
  accessKey: string;
  /**
   * Base URL of the API, for example `http://127.0.0.1:4010` for `pnpm mock`. Default: the
   * environment variable `PLATFORM_API_BASE_URL` (`PLATFORM_VIDEO_BASE_URL` for the video API).
   */
  baseUrl?: string;
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /** Headers added to every request (a `User-Agent` here replaces the client's). */
  headers?: Record<string, string>;
}

export interface ClientAreaDefinition<Area extends AreaErrorKey, Paged extends PaginationTable> {
  area: Area;
  /** The area's factory, named in configuration errors. */
  factory: string;
  /** The environment variable holding the base URL. */
  baseUrlEnv: string;
  /** The area's error class. */
  Error: new (init: ApiErrorInit<number, unknown>) => Error;
  /** The area's paged operations, as their `x-pagination` describes them. */
  pagination: Paged;
}

/** The factory of an area's client: a failure status gives the area's error, as `failure` or (with `throwOnError`) thrown. */
export function defineClientArea<Paths extends {}, Area extends AreaErrorKey, Paged extends PaginationTable = {}>(definition: ClientAreaDefinition<Area, Paged>) {
  const { area, factory, baseUrlEnv, Error: AreaError, pagination } = definition;
  return <ThrowOnError extends boolean = false>(options: AccessKeyClientOptions<ThrowOnError>): PlatformHttpClient<Paths, Area, ThrowOnError, Paged> => {
    const accessKey = requireString(factory, 'accessKey', options?.accessKey, 'Pass the API key sent in the AccessKey header.');
    const baseUrl = requireBaseUrl({ factory, option: 'baseUrl', env: baseUrlEnv }, options.baseUrl);
    const fetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const raw = createClient<Paths>({
      baseUrl,
      fetch: createRetryingFetch(fetch as typeof globalThis.fetch, options.retry) as (request: Request) => Promise<Response>,
      headers: { 'User-Agent': USER_AGENT, ...options.headers, AccessKey: accessKey },
      querySerializer: createQuerySerializer(), // made once, not per call
      // Bodies with int64 values beyond 2^53 (bigints) are written with their exact digits.
      bodySerializer: (body: unknown) => (body instanceof FormData ? body : stringifyExactJson(body)),
      // The typed client switches back to real Requests while middleware is registered.
      Request: PlainRequest as unknown as typeof Request,
    });
    const client = wrapClient<Paths, Area, ThrowOnError, Paged>(raw, {
      area,
      createError: (init) => new AreaError(init),
      fetch: fetch as typeof globalThis.fetch,
      secrets: secretForms([accessKey]),
      behaviour: options,
      pagination,
    });
    if (options.middleware?.length) client.use(...options.middleware);
    return client;
  };
}
