// Storage: the storage zones of each access key, taken from the contract's examples (see
// storage-zones.ts), listed with the real paging rules: page 0 answers every matching zone as a
// plain array, a page above 0 answers one page in the {Items, CurrentPage, TotalItems,
// HasMoreItems} envelope. No operation writes storage zones, so every namespace shares one
// frozen seed until a snapshot gives it its own.
import type { operations, StorageError, StorageZoneArray, StorageZonePage } from '@platform-contracts/contracts/storage';
import { defineArea, type MockRequest, type Violation } from '../engine/area.ts';
import { describeViolations, integerQuery, queryValue } from '../engine/request-values.ts';
import { contractFields, deepFreeze } from './state.ts';
import { type StorageZone, storageZonesFrom } from './storage-zones.ts';

type ListStorageZones = operations['listStorageZones'];

const DEFAULT_PER_PAGE = 1000;

export interface StorageState {
  zones: StorageZone[];
}

/** The StorageError body for an invalid request; violations already name parameters as declared. */
function badRequest(violations: Violation[]) {
  const field = violations.find((v) => v.location.length > 1)?.location.at(-1) ?? 'request';
  return { status: 400, body: { ErrorKey: 'invalid_request', Field: field, Message: describeViolations(violations) } satisfies StorageError } as const;
}

export default defineArea<'storage', Record<string, never>, StorageState>()({
  name: 'storage',
  setup({ document, example }) {
    const fields = contractFields(document);
    const examples = [...example<StorageZoneArray>('StorageZonesAll'), ...example<StorageZonePage>('StorageZonesLastPage').Items].filter(
      (zone, index, all) => all.findIndex((other) => other.Id === zone.Id) === index,
    );
    // Made on the first request that reads a namespace's zones: a mock that never serves storage (a test file of another area) does not pay for it.
    let seed: StorageState | undefined;

    function matching(request: MockRequest<ListStorageZones>, state: StorageState): StorageZone[] {
      const search = queryValue(request, 'search')?.toLowerCase() ?? '';
      const includeDeleted = queryValue(request, 'includeDeleted') === 'true';
      return state.zones.filter((zone) => (includeDeleted || !zone.Deleted) && zone.Name.toLowerCase().includes(search));
    }

    return {
      seed: () => (seed ??= deepFreeze({ zones: storageZonesFrom(examples) })),
      importState(snapshot: unknown): StorageState {
        const zones = (snapshot as Partial<StorageState> | null)?.zones;
        if (!Array.isArray(zones) || !zones.every((zone) => typeof zone?.Name === 'string' && typeof zone?.Id === 'number')) {
          throw new Error('storage state is {"zones": [StorageZone, ...]}, each zone with its Id and Name');
        }
        return { zones: zones.map((zone) => fields('StorageZone', zone)) };
      },
      invalidRequest: badRequest,
      handlers: {
        listStorageZones(request, { state }) {
          const found = matching(request, state);
          const page = integerQuery(request, 'page', 0);
          if (page === 0) return { status: 200, body: found };
          const perPage = integerQuery(request, 'perPage', DEFAULT_PER_PAGE);
          const start = (page - 1) * perPage;
          return {
            status: 200,
            body: {
              Items: found.slice(start, start + perPage),
              CurrentPage: page,
              TotalItems: found.length,
              HasMoreItems: start + perPage < found.length,
            },
          };
        },
      },
    };
  },
});
