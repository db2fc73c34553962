// What every entry point exports besides its area: configuration and call errors, paging, options types.
export { ClientConfigError } from './options.js';
export { type CallInfo, PlatformApiError } from './api-error.js';
export { PlatformPaginationError, PlatformRequestError, PlatformTimeoutError, type PaginationStop } from './errors.js';
export { enumName } from './enums.js';
export { paginate, type PageDescriptor, type PageItem, type PageOptions, type PaginationTable } from './paging.js';
export type { RetryOptions, RetrySetting } from './transport.js';
export type { CallOptions, CallResult, HelperCallOptions, ClientBehaviour, FailureOf, FailureStatus, PlatformHttpClient } from './typed-client.js';
export type { AccessKeyClientOptions } from './area.js';
export type { Middleware } from 'openapi-fetch';
