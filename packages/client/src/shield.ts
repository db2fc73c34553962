import type { Client } from 'openapi-fetch';
import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import type { paths } from './generated/shield.js';

export type * from './generated/shield.js';
export type ShieldClientOptions = AccessKeyClientOptions;
export type ShieldClient = Client<paths>;

/** A client for the shield API: shield zones, custom WAF rules and triggered-rule reviews. */
export function createShieldClient(options: ShieldClientOptions): ShieldClient {
  return createAccessKeyClient<paths>('createShieldClient', options);
}
