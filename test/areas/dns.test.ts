// The DNS client against the mock: every answer is checked against the contract.

import { ClientConfigError, createDnsClient, importDnsRecords } from '@platform-contracts/client';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock.ts';
import { loadBundle, parameterExample, validateAnswer } from '../support/openapi.ts';

const mock = useMock(['dns']);
const contract = loadBundle('dns');
// Each call gets its own access key, so its own state: every import starts from an empty zone.
let keys = 0;
const client = () => createDnsClient({ accessKey: `dns-test-${++keys}`, baseUrl: mock.url, fetch: mock.fetch });
/** The zone every access key starts with. */
const zoneId = parameterExample('dns', 'DnsZoneId') as number;

/** A zone file case: lines that hold one record each, lines that cannot be read, and repeats. */
interface ZoneFileCase {
  name: string;
  /** Lines that neither hold a record nor fail: directives, comments, blank lines. */
  neutral?: string[];
  records: string[];
  malformed?: string[];
  /** Each a repeat of a record above, possibly spelt differently. */
  duplicates?: string[];
}

const cases: ZoneFileCase[] = [
  {
    name: 'one record of each type',
    neutral: ['$ORIGIN example.com.', '$TTL 3600', '; a comment', ''],
    records: [
      '@ IN A 192.0.2.10',
      'v6 IN AAAA 2001:db8::1',
      'www IN CNAME example.com.',
      '@ IN MX 10 mail.example.com.',
      '@ IN TXT "v=spf1 mx -all"',
      '_sip._tcp IN SRV 10 60 5060 sip.example.com.',
      '@ IN CAA 0 issue "ca.example.net"',
      'sub IN NS ns1.example.net.',
      '10 IN PTR host.example.com.',
      '_443._tcp IN TLSA 3 1 1 0123456789abcdef',
      '@ IN HTTPS 1 . alpn=h2',
      'svc IN SVCB 1 svc.example.net.',
    ],
  },
  {
    name: 'records with TTLs, without a class, and on a continuation line',
    neutral: ['$ORIGIN example.org.'],
    records: ['api 300 IN A 198.51.100.1', 'api 300 A 198.51.100.2', '    IN AAAA 2001:db8::2', 'mail A 198.51.100.3 ; inline comment'],
  },
  {
    name: 'a record split over lines in parentheses',
    // The first record spreads over two lines.
    records: ['long.example.com. IN TXT ( "part one"\n  "part two" )', 'short.example.com. IN A 192.0.2.1'],
  },
  {
    name: 'malformed lines',
    neutral: ['$ORIGIN example.net.'],
    records: ['ok IN A 192.0.2.1'],
    malformed: [
      'bad IN A 999.0.2.1',
      'bad IN A',
      'bad IN AAAA 192.0.2.1',
      'bad IN MX mail.example.net.',
      'bad IN MX 70000 mail.example.net.',
      'bad IN BOGUS value',
      'bad IN SRV 10 60 sip.example.net.',
      'bad IN TXT "never closed',
      'just-one-token',
      '$INCLUDE other.zone',
    ],
  },
  {
    name: 'duplicates, spelt the same or differently',
    neutral: ['$ORIGIN example.com.'],
    records: ['www IN A 192.0.2.1', 'www IN A 192.0.2.2', '@ IN MX 10 mail.example.com.'],
    duplicates: ['www IN A 192.0.2.1', 'WWW.example.com. 60 IN A 192.0.2.1', 'example.com. IN MX 10 MAIL.example.com.'],
  },
];

describe('importDnsRecords', () => {
  it.each(cases)('counts $name', async ({ neutral = [], records, malformed = [], duplicates = [] }) => {
    const zoneFile = [...neutral, ...records, ...malformed, ...duplicates].join('\n');
    const { data, response } = await importDnsRecords(client(), zoneId, zoneFile);
    expect(response.status).toBe(200);
    expect(validateAnswer('dns', 'importDnsRecords', 200, data)).toEqual([]);
    expect(data).toEqual({ RecordsSuccessful: records.length, RecordsFailed: malformed.length, RecordsSkipped: duplicates.length });
  });

  it("answers the contract's example result for the contract's example zone file", async () => {
    const { data } = await importDnsRecords(client(), zoneId, contract.components.examples.DnsZoneFileExample.value);
    expect(data).toEqual(contract.components.examples.DnsImportResultExample.value);
  });

  it.each([
    ['an empty zone file', ''],
    ['a zone file of blank lines', ' \n\n\t\n'],
  ])('answers 400 with the DNS error body for %s', async (_name, zoneFile) => {
    const { error, response } = await importDnsRecords(client(), zoneId, zoneFile);
    expect(response.status).toBe(400);
    expect(validateAnswer('dns', 'importDnsRecords', 400, error)).toEqual([]);
    expect(error).toMatchObject({ Field: 'body' });
  });

  it.each([
    ['a non-integer zoneId', '/dnszone/abc/import', 'text/plain', /zoneId.*integer/i, 'zoneId'],
    ['a fractional zoneId', '/dnszone/1.5/import', 'text/plain', /zoneId.*integer/i, 'zoneId'],
    ['a JSON body', `/dnszone/${zoneId}/import`, 'application/json', /text\/plain/, 'body'],
  ])('answers 400 with the DNS error body for %s', async (_name, path, contentType, message, field) => {
    const response = await mock.fetch(`${mock.url}${path}`, {
      method: 'POST',
      headers: { AccessKey: 'test-key', 'content-type': contentType },
      body: contentType === 'text/plain' ? 'www IN A 192.0.2.1' : JSON.stringify('www IN A 192.0.2.1'),
    });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(validateAnswer('dns', 'importDnsRecords', 400, body)).toEqual([]);
    expect(body.Message).toMatch(message);
    expect(body.Field).toBe(field);
  });

  it('reads a zone file sent as application/octet-stream as it reads text/plain', async () => {
    const zoneFile = contract.components.examples.DnsZoneFileExample.value as string;
    const response = await mock.fetch(`${mock.url}/dnszone/${zoneId}/import`, {
      method: 'POST',
      headers: { AccessKey: `dns-test-${++keys}`, 'content-type': 'application/octet-stream' },
      body: new TextEncoder().encode(zoneFile),
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toEqual((await importDnsRecords(client(), zoneId, zoneFile)).data);
  });

  it('stores the records: a second import of the same file skips every record the zone holds', async () => {
    const api = client();
    const zoneFile = ['$ORIGIN example.com.', 'www IN A 192.0.2.1', 'mail IN A 192.0.2.2', 'not a record'].join('\n');
    expect((await importDnsRecords(api, zoneId, zoneFile)).data).toEqual({ RecordsSuccessful: 2, RecordsFailed: 1, RecordsSkipped: 0 });
    expect((await importDnsRecords(api, zoneId, zoneFile)).data).toEqual({ RecordsSuccessful: 0, RecordsFailed: 1, RecordsSkipped: 2 });
    const more = ['$ORIGIN example.com.', 'WWW 60 IN A 192.0.2.1', 'ftp IN A 192.0.2.3'].join('\n');
    expect((await importDnsRecords(api, zoneId, more)).data).toEqual({ RecordsSuccessful: 1, RecordsFailed: 0, RecordsSkipped: 1 });
  });

  it('answers 404 without a body for a zone the access key does not hold', async () => {
    const { response, error } = await importDnsRecords(client(), zoneId + 1, 'www IN A 192.0.2.1');
    expect(response.status).toBe(404);
    expect(validateAnswer('dns', 'importDnsRecords', 404, error ?? '')).toEqual([]);
  });

  it('answers 401 without a body when the AccessKey header is missing', async () => {
    const response = await mock.fetch(`${mock.url}/dnszone/${zoneId}/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'www IN A 192.0.2.1',
    });
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(body).toBe('');
    expect(validateAnswer('dns', 'importDnsRecords', 401, body)).toEqual([]);
  });
});

describe('createDnsClient', () => {
  it('sends the zone file as it is, as text/plain, with the AccessKey header', async () => {
    const seen: { contentType: string | null; accessKey: string | null; body: string; url: string }[] = [];
    const api = createDnsClient({
      accessKey: 'secret-key',
      baseUrl: mock.url,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push({
          contentType: request.headers.get('Content-Type'),
          accessKey: request.headers.get('AccessKey'),
          body: await request.clone().text(),
          url: request.url,
        });
        return mock.fetch(request);
      },
    });
    const zoneFile = 'www IN TXT "quoted \\"text\\""\n';
    await importDnsRecords(api, zoneId, zoneFile);
    expect(seen).toEqual([{ contentType: 'text/plain', accessKey: 'secret-key', body: zoneFile, url: `${mock.url}/dnszone/${zoneId}/import` }]);
  });

  it.each([
    [{ baseUrl: 'http://127.0.0.1:4010' }, /option "accessKey" is missing/],
    [{ accessKey: 'k', baseUrl: 'ftp://host' }, /absolute http\(s\) URL/],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => createDnsClient(options as never)).toThrow(ClientConfigError);
    expect(() => createDnsClient(options as never)).toThrow(message);
  });

  it('never puts the access key in a construction error', () => {
    expect(() => createDnsClient({ accessKey: 'super-secret', baseUrl: 'not a url' })).toThrow(ClientConfigError);
    try {
      createDnsClient({ accessKey: 'super-secret', baseUrl: 'not a url' });
    } catch (error) {
      expect(String(error)).not.toContain('super-secret');
    }
  });
});
