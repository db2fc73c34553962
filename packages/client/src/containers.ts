/**
 * Generated from openapi/containers/ by `pnpm generate`. Do not edit: change the contract (or the
 * area's own code, packages/client/src/domain/containers.ts) and run `pnpm bundle && pnpm generate`.
 */

import { defineClientArea } from './internal/area.js';
import { PlatformApiError } from './internal/api-error.js';
import type { Int64Mode } from './internal/int64.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { pagination, type ContainersClient, type ContainersClientOptions } from './generated/client-types/containers.js';

export type * from '@platform-contracts/contracts/containers';
export * from './internal/public.js';
export {
  ContainerImagePullPolicy,
} from './generated/enums/containers.js';

/** A failure answer of the Containers API: `body` is `ContainerProblemDetails` for 400, 403, 404 and 500 and `ContainerProblem` for 401. */
export class ContainersApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'ContainersApiError';
  readonly area = 'containers';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    'containers': ContainersApiError<Status, Body>;
  }
}

export type { ContainersClientOptions, ContainersClient };

/**
 * A client for the Containers API: add container templates to an application. The base URL is `baseUrl`, else the
 * environment variable `PLATFORM_API_BASE_URL`; int64 fields are numbers unless `int64: 'bigint'`.
 */
export const createContainersClient = defineClientArea({
  area: 'containers',
  factory: 'createContainersClient',
  baseUrlEnv: 'PLATFORM_API_BASE_URL',
  Error: ContainersApiError,
  pagination,
  exactJson: () => import('./generated/int64/containers.js'),
}) as <ThrowOnError extends boolean = false, Int64 extends Int64Mode = 'number'>(options: ContainersClientOptions<ThrowOnError, Int64>) => ContainersClient<ThrowOnError, Int64>;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean, Int64 extends Int64Mode> {
    readonly containers: ContainersClient<ThrowOnError, Int64>;
  }
}

/** The `containers` property of createPlatformClient, on its `apiBaseUrl` (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'containers'> = { containers: (context) => createContainersClient(context.on('apiBaseUrl')) };
