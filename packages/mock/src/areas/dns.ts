// DNS: zones kept per access key with their records. A namespace starts with the zone of the
// contract's example zoneId, empty; more zones come from a state snapshot (PUT /_mock/state).
// The import stores the records it reads and skips those the zone already holds (see
// dns-zone-file.ts); an unknown zone answers 404, an empty zone file and every invalid request
// 400 with the DNS error body.
import type { DnsError } from '@platform-contracts/contracts/dns';
import { defineArea, type OpenApiDocument, type Violation } from '../engine/area.ts';
import { describeViolations, integerParam } from '../engine/request-values.ts';
import { importZoneFileSliced, recordKey, type ZoneRecord } from './dns-zone-file.ts';
import { type CapFlags, capFlags, capMessage, capsFromFlags, resolveCaps } from './state.ts';

export interface DnsState {
  /** By zone ID. */
  zones: Record<string, { records: ZoneRecord[] }>;
}

const CAPS = { maxRecordsPerZone: 10_000, maxZones: 1000 };
export type DnsMockOptions = Partial<typeof CAPS>;
const CAP_FLAGS: CapFlags<keyof typeof CAPS> = {
  maxRecordsPerZone: { flag: 'max-records-per-zone', what: 'records in one DNS zone' },
  maxZones: { flag: 'max-dns-zones', what: 'DNS zones in a state snapshot' },
};

const dnsError = (field: string, message: string, errorKey = 'invalid_request') =>
  ({ status: 400, body: { ErrorKey: errorKey, Field: field, Message: message } satisfies DnsError }) as const;

/** The request field a violation is about (violations name parameters as declared); one without a location is about the body. */
function fieldOf(violation: Violation | undefined): string {
  return violation?.location.slice(1).join('.') || 'body';
}

/** The zone IDs a namespace starts with: the contract's example of the zoneId parameter. */
function exampleZoneIds(document: OpenApiDocument): string[] {
  const parameters = (document.components as { parameters?: Record<string, { examples?: Record<string, { value?: unknown }> }> } | undefined)?.parameters;
  const example = Object.values(parameters?.DnsZoneId?.examples ?? {})[0]?.value; // its first named example
  if (example === undefined) throw new Error('the dns contract gives no example zoneId (components.parameters.DnsZoneId.examples)');
  return [String(example)];
}

/**
 * The keys of a zone's records, kept beside the state (which stays plain JSON) and found by the
 * records array itself, so that an import into a full zone does not re-read every record.
 */
const keyIndex = new WeakMap<ZoneRecord[], Set<string>>();
function keysOf(records: ZoneRecord[]): Set<string> {
  let keys = keyIndex.get(records);
  if (!keys || keys.size !== records.length) keyIndex.set(records, (keys = new Set(records.map(recordKey))));
  return keys;
}

export default defineArea<'dns', DnsMockOptions, DnsState>()({
  name: 'dns',
  flags: capFlags(CAP_FLAGS, CAPS),
  optionsFromFlags: (values): DnsMockOptions => capsFromFlags(CAP_FLAGS, values),
  setup({ document, options }) {
    const caps = resolveCaps('dns', CAPS, options);
    const seedIds = exampleZoneIds(document);
    return {
      seed: (): DnsState => ({ zones: Object.fromEntries(seedIds.map((id) => [id, { records: [] }])) }),
      report: () => [`DNS: each access key starts with zone ${seedIds.join(', ')}, empty (more zones: PUT /_mock/state)`],
      importState(snapshot: unknown): DnsState {
        const zones = (snapshot as Partial<DnsState> | null)?.zones;
        if (typeof zones !== 'object' || zones === null) throw new Error('dns state is {"zones": {"<zoneId>": {"records": [{"name","type","data"}]}}}');
        const entries = Object.entries(zones);
        if (entries.length > caps.maxZones) throw new Error(capMessage('dns', CAP_FLAGS, 'maxZones', caps.maxZones));
        for (const [id, zone] of entries) {
          if (!/^\d+$/.test(id) || !Array.isArray(zone?.records))
            throw new Error(`zone ${JSON.stringify(id)}: a zone ID is a whole number and a zone is {"records": [...]}`);
          if (zone.records.length > caps.maxRecordsPerZone) throw new Error(capMessage('dns', CAP_FLAGS, 'maxRecordsPerZone', caps.maxRecordsPerZone));
          for (const record of zone.records) {
            if (!['name', 'type', 'data'].every((field) => typeof (record as unknown as Record<string, unknown>)?.[field] === 'string')) {
              throw new Error(`zone ${id}: a record is {"name", "type", "data"}, each a string`);
            }
          }
        }
        return {
          zones: Object.fromEntries(entries.map(([id, zone]) => [id, { records: zone.records.map(({ name, type, data }) => ({ name, type, data })) }])),
        };
      },
      invalidRequest: (violations) => dnsError(fieldOf(violations[0]), describeViolations(violations)),
      handlers: {
        async importDnsRecords(request, { state }) {
          const zone = state.zones[String(integerParam(request, 'zoneId'))];
          if (!zone) return { status: 404 };
          const zoneFile = request.body;
          if (zoneFile.trim() === '') return dnsError('body', 'body: the zone file is empty');
          // Read in slices (other requests are answered between them); what the zone holds is looked at once it is read.
          const { counts, added } = await importZoneFileSliced(zoneFile, () => keysOf(zone.records));
          const held = keysOf(zone.records);
          if (zone.records.length + added.length > caps.maxRecordsPerZone) {
            return dnsError('body', capMessage('dns', CAP_FLAGS, 'maxRecordsPerZone', caps.maxRecordsPerZone), 'limit_reached');
          }
          for (const record of added) {
            zone.records.push(record);
            held.add(recordKey(record));
          }
          return { status: 200, body: counts };
        },
      },
    };
  },
});
