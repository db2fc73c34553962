// DNS: a zone file imported (records, a malformed line, a repeat), an empty one, an unknown zone.
import { importDnsRecords } from '@platform-contracts/client';
import { type Scenario, UNKNOWN } from '../scenario.ts';

export const scenarios: Scenario[] = [
  {
    name: 'dns/import',
    area: 'dns',
    summary: 'imports a zone file, imports it again (its records now repeats), then an empty file (400) and a zone that does not exist (404)',
    async run({ platform, anonymous, inputs }) {
      const zoneFile = ['$ORIGIN parity.example.', 'www 3600 IN A 192.0.2.10', 'mail IN MX 10 mx.parity.example.', 'bad line here', ''].join('\n');
      await importDnsRecords(platform.dns, inputs.dnsZoneId, zoneFile).catch(() => undefined);
      await importDnsRecords(platform.dns, inputs.dnsZoneId, zoneFile).catch(() => undefined);
      await importDnsRecords(platform.dns, inputs.dnsZoneId, '').catch(() => undefined);
      await importDnsRecords(platform.dns, UNKNOWN.number, zoneFile).catch(() => undefined);
      await importDnsRecords(anonymous.dns, inputs.dnsZoneId, zoneFile).catch(() => undefined);
    },
  },
];
