import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import { enumeration } from './internal/enums.js';
import { PlatformApiError } from './internal/errors.js';
import { walkPages } from './internal/paging.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type * as Shield from '@platform/contracts/shield';
import type { paths } from '@platform/contracts/shield';

export type * from '@platform/contracts/shield';
export * from './internal/public.js';
export type ShieldClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type ShieldClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'shield', ThrowOnError>;

/** A failure answer of the shield API: `body` is the error envelope `{data, error}` for 400, and `{statusCode}` for 401 and 500. */
export class ShieldApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'ShieldApiError';
  readonly area = 'shield';
}

/** A client for the shield API: shield zones, custom WAF rules and triggered-rule reviews. */
export function createShieldClient<ThrowOnError extends boolean = false>(options: ShieldClientOptions<ThrowOnError>): ShieldClient<ThrowOnError> {
  return createAccessKeyClient<paths, 'shield', ThrowOnError>(
    { area: 'shield', factory: 'createShieldClient', baseUrlEnv: 'PLATFORM_API_BASE_URL', createError: (init) => new ShieldApiError(init) },
    options,
  );
}

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

/** A shield listing's page object says whether more pages follow. */
const isLastPage = (page: Shield.ShieldPage) => page.currentPage >= page.totalPages;

/**
 * Every shield zone, fetched page by page (`perPage` each). Throws the call's `ShieldApiError`
 * when a page cannot be read.
 */
export function listAllShieldZones(client: ShieldClient<boolean>, { perPage }: { perPage?: number } = {}): AsyncGenerator<Shield.ShieldZoneListItem, void, undefined> {
  return walkPages(async (page) => {
    const { data, failure } = await client.GET('/shield/shield-zones', { params: { query: { page, perPage } } });
    if (failure) throw failure;
    return { items: data.data, last: isLastPage(data.page) };
  });
}

/**
 * Every custom WAF rule of a shield zone, fetched page by page (`pageSize` each, default 10).
 * Throws the call's `ShieldApiError` when a page cannot be read.
 *
 * ```ts
 * for await (const rule of listAllCustomWafRules(shield, 12345, { pageSize: 100 })) console.log(rule.ruleName);
 * ```
 */
export function listAllCustomWafRules(
  client: ShieldClient<boolean>,
  shieldZoneId: number,
  { pageSize }: { pageSize?: number } = {},
): AsyncGenerator<Shield.ShieldCustomRule, void, undefined> {
  return walkPages(async (page) => {
    const { data, failure } = await client.GET('/shield/waf/custom-rules/{shieldZoneId}', {
      params: { path: { shieldZoneId }, query: { page, pageSize } },
    });
    if (failure) throw failure;
    return { items: data.data, last: isLastPage(data.page) };
  });
}
