// The control protocol's client over HTTP (controls/protocol.ts): one namespace of a mock reached
// through its control endpoints (/_mock/...?namespace=KEY), the same MockNamespace as
// `mock.namespace(key)` in process, whether the mock answers through its `fetch` or over HTTP
// (any fetch), so that test fixtures and suites sharing one mock started elsewhere move their own
// clock, set their own faults and reset their own state, and nobody else's. Also the mock-wide
// calls a suite makes from outside: a reset and the coverage.

import {
  CONTROL_PATHS,
  type ControlPath,
  controlHeaders,
  MAX_REQUESTS_PAGE,
  MockControlError,
  type MockNamespace,
  NAMESPACE_PARAMETER,
  type NamespaceSnapshot,
  type RequestsPage,
} from '../controls/protocol.ts';
import { parseExactJson } from '../engine/exact-json.ts';
import type { ActiveFault } from '../engine/faults.ts';
import type { CoverageCounts } from '../journal/coverage.ts';
import type { CoverageReport } from '../journal/coverage-report.ts';
import type { RequestEntry } from '../journal/journal.ts';

export { type JournalCounts, MockControlError, type MockNamespace } from '../controls/protocol.ts';

/** @deprecated The one namespace handle is MockNamespace (the same in process and over HTTP); this name goes in the next major version. */
export type NamespaceControl = MockNamespace;

/** One control request to the mock at `url`: its JSON answer, or a MockControlError with the problem's detail. */
async function controlCall<T>(
  url: string,
  fetch: typeof globalThis.fetch,
  method: string,
  path: ControlPath,
  { query = new URLSearchParams(), body }: { query?: URLSearchParams; body?: unknown } = {},
): Promise<T> {
  const search = query.size === 0 ? '' : `?${query}`;
  const response = await fetch(`${url.replace(/\/+$/, '')}${path}${search}`, {
    method,
    headers: controlHeaders(method, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Exact JSON: a journal's bodies may hold int64 values beyond 2^53.
  const answer = parseExactJson(await response.text()) as T & { detail?: string };
  if (!response.ok) throw new MockControlError(`${method} ${path}: ${answer.detail ?? response.statusText}`, response.status);
  return answer;
}

/** Forgets one namespace's state, clock, faults and journal; without one, every namespace's state, clock and journal. */
export async function resetRemote(url: string, namespace?: string, fetch: typeof globalThis.fetch = globalThis.fetch): Promise<void> {
  const query = new URLSearchParams(namespace === undefined ? {} : { [NAMESPACE_PARAMETER]: namespace });
  await controlCall(url, fetch, 'POST', CONTROL_PATHS.reset, { query });
}

/** What every namespace reached of the contracts so far; with `counts`, the counts under the report (they add up across mocks). */
export function remoteCoverage(url: string, options: { counts: true }, fetch?: typeof globalThis.fetch): Promise<CoverageCounts>;
export function remoteCoverage(url: string, options?: { counts?: false }, fetch?: typeof globalThis.fetch): Promise<CoverageReport>;
export function remoteCoverage(url: string, { counts = false } = {}, fetch: typeof globalThis.fetch = globalThis.fetch): Promise<unknown> {
  return controlCall(url, fetch, 'GET', CONTROL_PATHS.coverage, { query: new URLSearchParams(counts ? { counts: 'true' } : {}) });
}

/** The namespace `accessKey` of the mock at `url`, reached with `fetch` (the global one by default). */
export function connectNamespace(url: string, accessKey: string, fetch: typeof globalThis.fetch = globalThis.fetch): MockNamespace {
  const control = <T>(method: string, path: ControlPath, body?: unknown, search: Record<string, string> = {}) =>
    controlCall<T>(url, fetch, method, path, { query: new URLSearchParams({ [NAMESPACE_PARAMETER]: accessKey, ...search }), body });
  const asIso = (time: Date | string | number) => new Date(time).toISOString();

  return {
    accessKey,
    clock: {
      now: async () => new Date((await control<{ now: string }>('GET', CONTROL_PATHS.clock)).now),
      advance: async (ms) => void (await control('POST', CONTROL_PATHS.clockAdvance, { ms })),
      set: async (time) => void (await control('PUT', CONTROL_PATHS.clock, { now: asIso(time) })),
      reset: async () => void (await control('DELETE', CONTROL_PATHS.clock)),
    },
    fault: (rule) => control<ActiveFault>('POST', CONTROL_PATHS.faults, rule),
    faults: async () => (await control<{ faults: ActiveFault[] }>('GET', CONTROL_PATHS.faults)).faults,
    clearFaults: async () => void (await control('DELETE', CONTROL_PATHS.faults)),
    reset: async () => void (await control('POST', CONTROL_PATHS.reset)),
    exportState: () => control<NamespaceSnapshot>('GET', CONTROL_PATHS.state),
    importState: async (snapshot) => void (await control('PUT', CONTROL_PATHS.state, snapshot)),
    async requests({ after = 0, limit = Infinity, violations = false, setup = false } = {}) {
      const found: RequestEntry[] = [];
      for (let next = after; found.length < limit; ) {
        const page = await control<RequestsPage>('GET', CONTROL_PATHS.requests, undefined, {
          after: String(next),
          limit: String(Math.min(MAX_REQUESTS_PAGE, limit - found.length)),
          ...(violations ? { violations: 'true' } : {}),
          ...(setup ? { setup: 'true' } : {}),
        });
        found.push(...page.requests);
        if (!page.more || page.requests.length === 0) break;
        next = page.requests.at(-1)!.seq;
      }
      return found;
    },
    async journalCounts() {
      const { recorded, dropped, violations } = await control<RequestsPage>('GET', CONTROL_PATHS.requests, undefined, { limit: '1' });
      return { recorded, dropped, violations };
    },
  };
}
