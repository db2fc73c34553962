import type { Client } from 'openapi-fetch';
import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import type { paths } from './generated/containers.js';

export type * from './generated/containers.js';
export type ContainersClientOptions = AccessKeyClientOptions;
export type ContainersClient = Client<paths>;

/** A client for the containers API (general management API): container templates of an application. */
export function createContainersClient(options: ContainersClientOptions): ContainersClient {
  return createAccessKeyClient<paths>('createContainersClient', options);
}
