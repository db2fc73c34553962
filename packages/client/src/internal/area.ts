// The one factory behind every area authenticated with the `AccessKey` header: an area is its
// name, its factory's name, the variable holding its base URL, its error class, its paged
// operations and where its int64 fields are; `defineClientArea` turns that into the area's
// `create<Area>Client` (each area's module is generated from its contract by `pnpm generate`).
import type { ClientOptions } from 'openapi-fetch';
import type { ApiErrorInit } from './api-error.js';
import type { AreaErrorKey } from './area-errors.js';
import type { ExactJson } from './exact-int64.js';
import { type Int64Mode, parseJsonNumbers } from './int64.js';
import { ClientConfigError, requireBaseUrl, requireString } from './options.js';
import type { PaginationTable } from './pagination-table.js';
import { createRetryingFetch } from './transport.js';
import { type ClientBehaviour, wrapClient } from './typed-client.js';
import { USER_AGENT } from './version.js';

/** Options of every area authenticated with the `AccessKey` header. */
export interface AccessKeyClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> extends ClientBehaviour<ThrowOnError> {
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
  /**
   * How int64 fields (IDs, counters, sizes) are typed and read: `number` (the default; an answer
   * holding an integer beyond 2^53 throws a PlatformRequestError rather than round it) or
   * `bigint` (every int64 field a bigint with its exact digits, both ways).
   */
  int64?: Int64;
}

export interface ClientAreaDefinition<Area extends AreaErrorKey, Paged extends PaginationTable> {
  area: Area;
  /** The area's factory, named in configuration errors. */
  factory: string;
  /** The environment variable holding the base URL. */
  baseUrlEnv: string;
  /** The area's error class. */
  Error: new (
    init: ApiErrorInit<number, unknown>,
  ) => Error;
  /** The area's paged operations, as their `x-pagination` describes them. */
  pagination: Paged;
  /** The area's JSON with exact int64 fields, for `int64: 'bigint'` only: loaded on first use, so that other clients do not bundle it. */
  exactJson: () => Promise<{ default: ExactJson }>;
}

/**
 * The factory of an area's client: a failure status gives the area's error, as `failure` or (with
 * `throwOnError`) thrown. Its caller gives it its precise type (`paths<Int64Of<Int64>>` for each
 * int64 mode, which a generic function cannot name): `defineClientArea({...}) as VideoClientFactory`.
 */
export function defineClientArea<Area extends AreaErrorKey, Paged extends PaginationTable>(definition: ClientAreaDefinition<Area, Paged>) {
  const { area, factory, baseUrlEnv, Error: AreaError, pagination } = definition;
  return (options: AccessKeyClientOptions<boolean, Int64Mode>): unknown => {
    const accessKey = requireString(factory, 'accessKey', options?.accessKey, 'Pass the API key sent in the AccessKey header.');
    const baseUrl = requireBaseUrl({ factory, option: 'baseUrl', env: baseUrlEnv }, options.baseUrl);
    const fetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const { int64 = 'number' } = options;
    if (int64 !== 'number' && int64 !== 'bigint') throw new ClientConfigError(`${factory}: option "int64" must be "number" or "bigint".`);
    let exact: ExactJson | undefined;
    let loading: Promise<unknown> | undefined;
    const ready = () => (loading ??= definition.exactJson().then((module) => (exact = module.default)));
    const headers = { 'User-Agent': USER_AGENT, ...options.headers, AccessKey: accessKey };
    // A header fetch refuses fails here, as when openapi-fetch's client was made up front (with the access key redacted).
    try {
      new Headers(Object.entries(headers).filter(([, value]) => value != null));
    } catch (error) {
      throw new ClientConfigError(`${factory}: ${(error as Error).message.split(accessKey).join('[redacted]')}`);
    }
    const shared = {
      baseUrl,
      fetch: createRetryingFetch(fetch as typeof globalThis.fetch, options.retry),
      headers,
      // With int64: 'bigint', bigints in bodies are written with their exact digits.
      bodySerializer: int64 === 'bigint' ? (body: unknown) => (body instanceof FormData ? body : exact!.stringify(body)) : undefined,
    };
    // Calls with middleware (or another of openapi-fetch's options) go through openapi-fetch's client (made on the first such call), the others direct.
    const client = wrapClient<{}, Area, boolean, Paged>(shared as ClientOptions, {
      area,
      createError: (init) => new AreaError(init),
      fetch: fetch as typeof globalThis.fetch,
      secrets: [accessKey],
      behaviour: options,
      pagination,
      // The direct path and openapi-fetch's serializers, loaded by the first call (a chunk of their own in a bundle).
      direct: () => import('./direct-call.js').then((module) => module.createDirectCall(shared)),
      ...(int64 === 'bigint'
        ? { ready, decode: (text, method, path, status) => exact!.parse(text, `${method} ${path}`, status) }
        : { decode: parseJsonNumbers }),
    });
    if (options.middleware?.length) client.use(...options.middleware);
    return client;
  };
}
