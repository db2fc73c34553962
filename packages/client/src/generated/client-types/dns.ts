/**
 * Generated from openapi/dns/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/dns.ts) and run `pnpm bundle && pnpm generate`.
 */

import type { AccessKeyClientOptions } from '../../internal/area.js';
import type { Int64Mode, Int64Of } from '../../internal/int64.js';
import type { PlatformHttpClient } from '../../internal/typed-client.js';
import type { paths } from '@platform-contracts/contracts/dns';

/** The DNS API has no paged listing (no operation has `x-pagination`). */
export const pagination = {} as const;

export type DnsClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<ThrowOnError, Int64>;
export type DnsClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<paths<Int64Of<Int64>>, 'dns', ThrowOnError, typeof pagination>;
