/**
 * Generated from openapi/shield/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/shield.ts) and run `pnpm bundle && pnpm generate`.
 */

import { defineClientArea } from './internal/area.js';
import { PlatformApiError } from './internal/api-error.js';
import type { Int64Mode } from './internal/int64.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { pagination, type ShieldClient, type ShieldClientOptions } from './generated/client-types/shield.js';

export type * from '@platform-contracts/contracts/shield';
export * from './internal/public.js';
export {
  ShieldPlanType,
  ShieldExecutionMode,
  ShieldBodyLimitAction,
  ShieldDDoSSensitivity,
} from './generated/enums/shield.js';

/** A failure answer of the Shield API: `body` is `ShieldErrorEnvelope` for 400 and 404 and `ShieldFailure` for 401 and 500. */
export class ShieldApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'ShieldApiError';
  readonly area = 'shield';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    'shield': ShieldApiError<Status, Body>;
  }
}

export type { ShieldClientOptions, ShieldClient };

/**
 * A client for the Shield API: per-zone security configuration (WAF, DDoS, learning mode), custom firewall rules and a review of triggered rules. The base URL is `baseUrl`, else the
 * environment variable `PLATFORM_API_BASE_URL`; int64 fields are numbers unless `int64: 'bigint'`.
 */
export const createShieldClient = defineClientArea({
  area: 'shield',
  factory: 'createShieldClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: ShieldApiError,
  pagination,
  exactJson: () => import('./generated/int64/shield.js'),
}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(options: ShieldClientOptions<ThrowOnError, Int64>) => ShieldClient<ThrowOnError, Int64>;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {
    readonly shield: ShieldClient<ThrowOnError, Int64>;
  }
}

/** The `shield` property of createPlatformClient, on its `apiBaseUrl` (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'shield'> = { shield: (context) => createShieldClient(context.on('apiBaseUrl')) };
