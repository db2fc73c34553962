/**
 * Generated from openapi/containers/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/containers.ts) and run `pnpm bundle && pnpm generate`.
 */

import type { AccessKeyClientOptions } from '../../internal/area.js';
import type { Int64Mode, Int64Of } from '../../internal/int64.js';
import type { PlatformHttpClient } from '../../internal/typed-client.js';
import type { paths } from '@platform-contracts/contracts/containers';

/** The Containers API has no paged listing (no operation has `x-pagination`). */
export const pagination = {} as const;

export type ContainersClientOptions<ThrowOnError extends boolean = boolean, Int64 extends Int64Mode = Int64Mode> = AccessKeyClientOptions<ThrowOnError, Int64>;
export type ContainersClient<ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'> = PlatformHttpClient<paths<Int64Of<Int64>>, 'containers', ThrowOnError, typeof pagination>;
