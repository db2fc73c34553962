import { importDnsRecords } from '@platform-contracts/client';
import { describe, expect } from 'vitest';
import { it, usePlatform } from './backend.ts';

const platform = usePlatform();
const records = (count: number, prefix = 'www') => Array.from({ length: count }, (_, i) => `${prefix}${i} IN A 192.0.2.${i + 1}`).join('\n');

describe('DNS import', () => {
  it.each([1, 2, 3, 5, 8, 13, 21, 34])('imports %i A records', async (count) => {
    const { data } = await importDnsRecords(platform.client.dns, 12345, records(count));
    expect(data.RecordsSuccessful).toBe(count);
    expect(data.RecordsFailed).toBe(0);
  });

  it.each(['api', 'cdn', 'mail', 'img', 'static', 'edge'])('imports the %s hosts', async (prefix) => {
    const { data } = await importDnsRecords(platform.client.dns, 12345, records(3, prefix));
    expect(data.RecordsSuccessful).toBe(3);
  });

  it.each([11, 22, 33, 44, 55, 66])('refuses an import into the unknown zone %i', async (zone) => {
    await expect(importDnsRecords(platform.client.dns, zone, records(2))).rejects.toThrow();
  });
});
