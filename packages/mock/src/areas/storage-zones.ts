// The storage zones a namespace starts with, taken from the contract's examples: the example
// zones (every field as the contract shows it) repeated with varied IDs, names, regions, deleted
// flags and one to three pull zones each, so that paging, search and includeDeleted have
// something to work on. Deterministic: the same contract gives the same zones.
import type { StorageZone as ContractStorageZone, PullZone } from '@platform-contracts/contracts/storage';

/** A storage zone of the contract with the name the listing searches, which every zone kept has. */
export type StorageZone = ContractStorageZone & { Name: string };

const PROJECTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'wonka', 'tyrell'];
const PURPOSES = ['assets', 'backups', 'media', 'logs'];
/** Every twelfth zone is deleted, so that `includeDeleted` has something to show. */
const isDeleted = (index: number) => index % 12 === 11;
const DAY_MS = 86_400_000;

/** One zone per project and purpose, each a copy of an example zone with its own identity. */
export function storageZonesFrom(examples: ContractStorageZone[]): StorageZone[] {
  if (examples.length === 0) throw new Error('the storage contract has no example storage zones');
  const pullZoneTemplates = examples.flatMap((zone) => zone.PullZones ?? []);
  if (pullZoneTemplates.length === 0) throw new Error('the storage contract has no example pull zones');
  const regions = [...new Set(examples.map((zone) => zone.Region ?? ''))];
  const firstModified = Date.parse(examples[0]!.DateModified ?? '');
  let nextPullZoneId = Math.min(...pullZoneTemplates.map((p) => p.Id ?? 0));
  return PROJECTS.flatMap((project, p) =>
    PURPOSES.map((purpose, q) => {
      const index = p * PURPOSES.length + q;
      const template = examples[index % examples.length]!;
      const Id = Number(examples[0]!.Id) + index;
      const Name = `${project}-${purpose}`;
      const PullZones = Array.from({ length: (index % 3) + 1 }, (_, n) =>
        pullZone(pullZoneTemplates[(index + n) % pullZoneTemplates.length]!, nextPullZoneId++, `${Name}-cdn${n + 1}`, Id),
      );
      return {
        ...structuredClone(template),
        Id,
        Name,
        Deleted: isDeleted(index),
        Region: regions[index % regions.length]!,
        DateModified: new Date(firstModified + index * 3 * DAY_MS).toISOString(),
        StorageUsed: (index + 1) * 1_073_741_824 + index * 7919,
        FilesStored: (index + 1) * 1250,
        PullZones,
      };
    }),
  );
}

/** A copy of an example pull zone, renamed and re-numbered, linked to its storage zone. */
function pullZone(template: PullZone, Id: number, Name: string, storageZoneId: number): PullZone {
  const host = `${Name}.cdn.platform.invalid`;
  const copy = structuredClone(template);
  return {
    ...copy,
    Id,
    Name,
    OriginUrl: `https://origin-${Id}.platform.invalid`,
    Hostnames: (copy.Hostnames ?? []).map((hostname, n) => ({
      ...hostname,
      Id: Id + n * 50_000,
      Value: hostname.IsSystemHostname ? host : `cdn${Id}.example.com`,
    })),
    StorageZoneId: storageZoneId,
    OriginLinkValue: String(storageZoneId),
    PermaCacheStorageZoneId: storageZoneId,
    LoggingStorageZoneId: storageZoneId,
    DnsRecordValue: host,
    CnameDomain: host,
    PreloadingScreenLogoUrl: `https://${host}/logo.svg`,
  };
}
