// Storage: lists a fixed set of storage zones (see storage-zones.ts) with the real paging rules:
// page 0 answers every matching zone as a plain array, a page above 0 answers one page in the
// {Items, CurrentPage, TotalItems, HasMoreItems} envelope.
import { defineArea, describeViolations, integerQuery, queryValue, type MockRequest, type MockResponse, type Violation } from '../area.ts';
import { buildStorageZones, type StorageZone } from './storage-zones.ts';

const DEFAULT_PER_PAGE = 1000;

/** The StorageError body for an invalid request; violations already name parameters as declared. */
function badRequest(violations: Violation[]): MockResponse {
  const field = violations.find((v) => v.location.length > 1)?.location.at(-1) ?? 'request';
  return { status: 400, body: { ErrorKey: 'invalid_request', Field: field, Message: describeViolations(violations) } };
}

export default defineArea({
  name: 'storage',
  setup() {
    const zones = buildStorageZones();

    function matching(request: MockRequest): StorageZone[] {
      const search = queryValue(request, 'search')?.toLowerCase() ?? '';
      const includeDeleted = queryValue(request, 'includeDeleted') === 'true';
      return zones.filter((zone) => (includeDeleted || !zone.Deleted) && zone.Name.toLowerCase().includes(search));
    }

    return {
      invalidRequest: badRequest,
      handlers: {
        listStorageZones(request) {
          const found = matching(request);
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
