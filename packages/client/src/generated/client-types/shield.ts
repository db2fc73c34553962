/**
 * Generated from openapi/shield/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/shield.ts) and run `pnpm bundle && pnpm generate`.
 */

import type { AccessKeyClientOptions } from '../../internal/area.js';
import type { Int64Mode, Int64Of } from '../../internal/int64.js';
import type { PaginationTable } from '../../internal/pagination-table.js';
import type { PlatformHttpClient } from '../../internal/typed-client.js';
import type { paths } from '@platform-contracts/contracts/shield';

/** How the Shield API's listings page: each paged operation's `x-pagination`, read by `paginate`. */
export const pagination = {
  '/shield/shield-zones': {
    page: 'page',
    size: 'perPage',
    items: '/data',
    totalPages: '/page/totalPages',
    currentPage: '/page/currentPage'
  },
  '/shield/waf/custom-rules/{shieldZoneId}': {
    page: 'page',
    size: 'pageSize',
    items: '/data',
    totalPages: '/page/totalPages',
    currentPage: '/page/currentPage'
  }
} as const satisfies PaginationTable;

export type ShieldClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<ThrowOnError, Int64>;
export type ShieldClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<paths<Int64Of<Int64>>, 'shield', ThrowOnError, typeof pagination>;
