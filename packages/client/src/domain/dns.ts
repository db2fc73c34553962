// The DNS area's helpers beyond its contract: a zone file sent as the text it is. Re-exported by
// the generated dns.ts.

import type { paths } from '@platform-contracts/contracts/dns';
import type { DnsClient } from '../generated/client-types/dns.js';
import type { Int64Mode } from '../internal/int64.js';
import type { CallResult, HelperCallOptions } from '../internal/typed-client.js';

/**
 * importDnsRecords' answer; it holds no int64 field, so it is the same in both modes. Written out:
 * inferred, declaration emit would name the contracts' type parameter where it is not in scope.
 */
export type ImportDnsRecordsResult<ThrowOnError extends boolean> = CallResult<
  'dns',
  paths<bigint>['/dnszone/{zoneId}/import']['post'],
  HelperCallOptions,
  ThrowOnError
>;

/**
 * Imports the records of a BIND-style zone file into a DNS zone. The zone file is sent as
 * it is, as a `text/plain` body (openapi-fetch would otherwise send it as a JSON string).
 * `options` are a raw call's: headers (added to the client's), middleware, signal, timeoutMs, retry.
 */
export function importDnsRecords<ThrowOnError extends boolean, Int64 extends Int64Mode>(
  client: DnsClient<ThrowOnError, Int64>,
  zoneId: number | bigint,
  zoneFile: string,
  options: HelperCallOptions = {},
): Promise<ImportDnsRecordsResult<ThrowOnError>> {
  // An ID of either mode goes out as its digits; the answer holds no int64 field, so its type is the same in both.
  return (client as unknown as DnsClient<ThrowOnError, 'bigint'>).POST('/dnszone/{zoneId}/import', {
    ...options,
    params: { path: { zoneId: BigInt(zoneId) } },
    body: zoneFile,
    bodySerializer: (text: string) => text,
    headers: { ...options.headers, 'Content-Type': 'text/plain' },
  });
}
