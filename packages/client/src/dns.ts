import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { PlatformApiError } from './internal/errors.js';
import type { HelperCallOptions, PlatformHttpClient } from './internal/typed-client.js';
import type { paths } from '@platform-contracts/contracts/dns';

export type * from '@platform-contracts/contracts/dns';
export * from './internal/public.js';

/** A failure answer of the DNS API: `body` is `{ErrorKey, Field, Message}` for 400, and undefined for 401, 404 and 500 (no body). */
export class DnsApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'DnsApiError';
  readonly area = 'dns';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    dns: DnsApiError<Status, Body>;
  }
}

export type DnsClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type DnsClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'dns', ThrowOnError>;

/** A client for the DNS API. Import records with {@link importDnsRecords}. */
export const createDnsClient: <ThrowOnError extends boolean = false>(options: DnsClientOptions<ThrowOnError>) => DnsClient<ThrowOnError> = defineClientArea<paths, 'dns'>({
  area: 'dns',
  factory: 'createDnsClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: DnsApiError,
  pagination: {},
});

/**
 * Imports the records of a BIND-style zone file into a DNS zone. The zone file is sent as
 * it is, as a `text/plain` body (openapi-fetch would otherwise send it as a JSON string).
 * `options` are a raw call's: headers (added to the client's), middleware, signal, timeoutMs, retry.
 */
export function importDnsRecords<ThrowOnError extends boolean>(
  client: DnsClient<ThrowOnError>,
  zoneId: number,
  zoneFile: string,
  options: HelperCallOptions = {},
) {
  return client.POST('/dnszone/{zoneId}/import', {
    ...options,
    params: { path: { zoneId } },
    body: zoneFile,
    bodySerializer: (text: string) => text,
    headers: { ...options.headers, 'Content-Type': 'text/plain' },
  });
}

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean> {
    readonly dns: DnsClient<ThrowOnError>;
  }
}

/** The `dns` property of createPlatformClient (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'dns'> = { dns: (context) => createDnsClient(context.api()) };
