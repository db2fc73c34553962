import createClient, { createQuerySerializer, type Client } from 'openapi-fetch';
import type { AreaName } from './area-errors.js';
import type { ApiErrorInit } from './errors.js';
import { requireBaseUrl, requireString } from './options.js';
import { PlainRequest } from './plain-request.js';
import { createRetryingFetch } from './transport.js';
import { wrapClient, type ClientBehaviour, type PlatformHttpClient } from './typed-client.js';

/** Options shared by every area authenticated with the `AccessKey` header. */
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
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

export interface AreaSetup {
  area: AreaName;
  /** The area's factory, named in configuration errors. */
  factory: string;
  /** The environment variable holding the base URL. */
  baseUrlEnv: string;
  createError: (init: ApiErrorInit<number, unknown>) => Error;
}

/** An area's typed client: `failure` (or, with `throwOnError`, a thrown error) of the area's error class. */
export function createAccessKeyClient<Paths extends {}, Area extends AreaName, ThrowOnError extends boolean>(
  area: AreaSetup,
  options: AccessKeyClientOptions<ThrowOnError>,
): PlatformHttpClient<Paths, Area, ThrowOnError>;
/** A plain openapi-fetch client (base URL, AccessKey header, retries), for calls not yet given an area error class. */
export function createAccessKeyClient<Paths extends {}>(factory: string, options: AccessKeyClientOptions): Client<Paths>;
export function createAccessKeyClient<Paths extends {}>(setup: AreaSetup | string, options: AccessKeyClientOptions) {
  const area: Pick<AreaSetup, 'factory' | 'baseUrlEnv'> = typeof setup === 'string' ? { factory: setup, baseUrlEnv: 'PLATFORM_API_BASE_URL' } : setup;
  const accessKey = requireString(area.factory, 'accessKey', options?.accessKey, 'Pass the API key sent in the AccessKey header.');
  const baseUrl = requireBaseUrl({ factory: area.factory, option: 'baseUrl', env: area.baseUrlEnv }, options.baseUrl);
  const fetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const raw = createClient<Paths>({
    baseUrl,
    fetch: createRetryingFetch(fetch as typeof globalThis.fetch, options.retry) as (request: Request) => Promise<Response>,
    headers: { ...options.headers, AccessKey: accessKey },
    querySerializer: createQuerySerializer(), // made once, not per call
    // The typed client switches back to real Requests while middleware is registered.
    ...(typeof setup !== 'string' && { Request: PlainRequest as unknown as typeof Request }),
  });
  if (typeof setup === 'string') return raw;
  return wrapClient(raw, { ...setup, fetch: fetch as typeof globalThis.fetch, secrets: [accessKey], behaviour: options });
}
