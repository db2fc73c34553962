/**
 * Generated from openapi/dns/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/dns.ts) and run `pnpm bundle && pnpm generate`.
 */

import { defineClientArea } from './internal/area.js';
import { PlatformApiError } from './internal/api-error.js';
import type { Int64Mode } from './internal/int64.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { pagination, type DnsClient, type DnsClientOptions } from './generated/client-types/dns.js';

export type * from '@platform-contracts/contracts/dns';
export * from './internal/public.js';
export {
  importDnsRecords,
  type ImportDnsRecordsResult,
} from './domain/dns.js';

/** A failure answer of the DNS API: `body` is `DnsError` for 400 and undefined for 401, 404 and 500 (no body). */
export class DnsApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'DnsApiError';
  readonly area = 'dns';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    'dns': DnsApiError<Status, Body>;
  }
}

export type { DnsClientOptions, DnsClient };

/**
 * A client for the DNS API: import DNS records into a DNS zone. The base URL is `baseUrl`, else the
 * environment variable `PLATFORM_API_BASE_URL`; int64 fields are numbers unless `int64: 'bigint'`.
 */
export const createDnsClient = defineClientArea({
  area: 'dns',
  factory: 'createDnsClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: DnsApiError,
  pagination,
  exactJson: () => import('./generated/int64/dns.js'),
}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(options: DnsClientOptions<ThrowOnError, Int64>) => DnsClient<ThrowOnError, Int64>;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {
    readonly dns: DnsClient<ThrowOnError, Int64>;
  }
}

/** The `dns` property of createPlatformClient, on its `apiBaseUrl` (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'dns'> = { dns: (context) => createDnsClient(context.on('apiBaseUrl')) };
