// What every entry point exports besides its area: configuration and call errors, options types.
export { ClientConfigError } from './options.js';
export { PlatformApiError, PlatformRequestError, PlatformTimeoutError, type CallInfo } from './errors.js';
export { enumName } from './enums.js';
export type { RetryOptions, RetrySetting } from './transport.js';
export type { CallOptions, CallResult, ClientBehaviour, FailureOf, FailureStatus, PlatformHttpClient } from './typed-client.js';
export type { AccessKeyClientOptions } from './access-key-client.js';
