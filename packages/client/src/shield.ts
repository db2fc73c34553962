import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { enumeration } from './internal/enums.js';
import { PlatformApiError } from './internal/errors.js';
import type { PaginationTable } from './internal/paging.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type * as Shield from '@platform-contracts/contracts/shield';
import type { paths } from '@platform-contracts/contracts/shield';

export type * from '@platform-contracts/contracts/shield';
export * from './internal/public.js';

/** A failure answer of the shield API: `body` is the error envelope `{data, error}` for 400, and `{statusCode}` for 401 and 500. */
export class ShieldApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'ShieldApiError';
  readonly area = 'shield';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    shield: ShieldApiError<Status, Body>;
  }
}

/** The shield contract's `x-pagination` (checked against it by the tests). */
const pagination = {
  '/shield/shield-zones': { page: 'page', size: 'perPage', items: '/data', totalPages: '/page/totalPages', currentPage: '/page/currentPage' },
  '/shield/waf/custom-rules/{shieldZoneId}': { page: 'page', size: 'pageSize', items: '/data', totalPages: '/page/totalPages', currentPage: '/page/currentPage' },
} as const satisfies PaginationTable;

export type ShieldClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type ShieldClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'shield', ThrowOnError, typeof pagination>;

/** A client for the shield API: shield zones, custom WAF rules and triggered-rule reviews. */
export const createShieldClient: <ThrowOnError extends boolean = false>(options: ShieldClientOptions<ThrowOnError>) => ShieldClient<ThrowOnError> = defineClientArea<
  paths,
  'shield',
  typeof pagination
>({ area: 'shield', factory: 'createShieldClient', baseUrlEnv: 'PLATFORM_API_BASE_URL', Error: ShieldApiError, pagination });

export const ShieldPlanType = enumeration<Shield.ShieldPlanType>()({ Basic: 0, Advanced: 1, Business: 2, Enterprise: 3 });
export type ShieldPlanType = Shield.ShieldPlanType;
/** wafExecutionMode and dDoSExecutionMode. */
export const ShieldExecutionMode = enumeration<Shield.ShieldExecutionMode>()({ Log: 0, Block: 1 });
export type ShieldExecutionMode = Shield.ShieldExecutionMode;
/** wafRequestBodyLimitAction and wafResponseBodyLimitAction. */
export const ShieldBodyLimitAction = enumeration<Shield.ShieldBodyLimitAction>()({ Block: 0, Log: 1, Ignore: 2 });
export type ShieldBodyLimitAction = Shield.ShieldBodyLimitAction;
export const ShieldDDoSSensitivity = enumeration<Shield.ShieldDDoSSensitivity>()({ Off: 0, Low: 1, Medium: 2, High: 3, Challenge: 4 });
export type ShieldDDoSSensitivity = Shield.ShieldDDoSSensitivity;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean> {
    readonly shield: ShieldClient<ThrowOnError>;
  }
}

/** The `shield` property of createPlatformClient (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'shield'> = { shield: (context) => createShieldClient(context.api()) };
