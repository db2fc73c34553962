// What every entry point exports besides its area: configuration and call errors, paging, options types.

export type { Middleware } from 'openapi-fetch';
export { type CallInfo, PlatformApiError } from './api-error.js';
export type { AccessKeyClientOptions } from './area.js';
export { enumName } from './enums.js';
export { type PaginationStop, PlatformPaginationError, PlatformRequestError, PlatformTimeoutError } from './errors.js';
export { ClientConfigError } from './options.js';
export { type PageDescriptor, type PageItem, type PageOptions, type PaginationTable, paginate } from './paging.js';
export type { RetryOptions, RetrySetting } from './transport.js';
export type { CallOptions, CallResult, ClientBehaviour, FailureOf, FailureStatus, HelperCallOptions, PlatformHttpClient } from './typed-client.js';
