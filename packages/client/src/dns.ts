import type { Client } from 'openapi-fetch';
import { type AccessKeyClientOptions, createAccessKeyClient } from './internal/access-key-client.js';
import type { paths } from './generated/dns.js';

export type * from './generated/dns.js';
export type DnsClientOptions = AccessKeyClientOptions;
export type DnsClient = Client<paths>;

/** A client for the DNS API. Import records with {@link importDnsRecords}. */
export function createDnsClient(options: DnsClientOptions): DnsClient {
  return createAccessKeyClient<paths>('createDnsClient', options);
}

/**
 * Imports the records of a BIND-style zone file into a DNS zone. The zone file is sent as
 * it is, as a `text/plain` body (openapi-fetch would otherwise send it as a JSON string).
 */
export function importDnsRecords(client: DnsClient, zoneId: number, zoneFile: string) {
  return client.POST('/dnszone/{zoneId}/import', {
    params: { path: { zoneId } },
    body: zoneFile,
    bodySerializer: (text: string) => text,
    headers: { 'Content-Type': 'text/plain' },
  });
}
