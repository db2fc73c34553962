import { type AccessKeyClientOptions, defineClientArea } from './internal/area.js';
import type { PlatformProperties } from './internal/platform-areas.js';
import { enumeration } from './internal/enums.js';
import { PlatformApiError } from './internal/errors.js';
import type { PlatformHttpClient } from './internal/typed-client.js';
import type { ContainerImagePullPolicy as PullPolicy, paths } from '@platform-contracts/contracts/containers';

export type * from '@platform-contracts/contracts/containers';
export * from './internal/public.js';

/**
 * A failure answer of the containers API: `body` is a problem object; for 400 it lists the
 * invalid fields in `errors` (`{field, message}`), for 401 it is the plain problem object.
 */
export class ContainersApiError<Status extends number = number, Body = unknown> extends PlatformApiError<Status, Body> {
  override name = 'ContainersApiError';
  readonly area = 'containers';
}

declare module './internal/area-errors.js' {
  interface AreaErrors<Status extends number, Body> {
    containers: ContainersApiError<Status, Body>;
  }
}

export type ContainersClientOptions<ThrowOnError extends boolean = boolean> = AccessKeyClientOptions<ThrowOnError>;
export type ContainersClient<ThrowOnError extends boolean = false> = PlatformHttpClient<paths, 'containers', ThrowOnError>;

/** A client for the containers API (general management API): container templates of an application. */
export const createContainersClient: <ThrowOnError extends boolean = false>(options: ContainersClientOptions<ThrowOnError>) => ContainersClient<ThrowOnError> = defineClientArea<
  paths,
  'containers'
>({ area: 'containers', factory: 'createContainersClient', baseUrlEnv: 'PLATFORM_API_BASE_URL', Error: ContainersApiError, pagination: {} });

export const ContainerImagePullPolicy = enumeration<PullPolicy>()({ Always: 'always', IfNotPresent: 'ifNotPresent' });
export type ContainerImagePullPolicy = PullPolicy;

declare module './internal/platform-areas.js' {
  interface PlatformAreas<ThrowOnError extends boolean> {
    readonly containers: ContainersClient<ThrowOnError>;
  }
}

/** The `containers` property of createPlatformClient (read by createPlatformClient; not for direct use). */
export const platformProperties: PlatformProperties<'containers'> = { containers: (context) => createContainersClient(context.api()) };
