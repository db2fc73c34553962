// One namespace of a mock reached through its control endpoints (/_mock/...?namespace=KEY): the
// same handle whether the mock answers in process (its `fetch`) or over HTTP (any fetch), so that
// test fixtures and suites sharing one mock started elsewhere move their own clock, set their
// own faults and reset their own state, and nobody else's.

import { parseExactJson } from '../engine/exact-json.ts';
import type { ActiveFault, FaultRule } from '../engine/faults.ts';
import type { StateSnapshot } from '../engine/namespaces.ts';
import type { JournalQuery, RequestEntry } from '../journal/journal.ts';

/** A namespace's virtual clock, over the control endpoints. */
export interface NamespaceClockControl {
  /** The namespace's time. */
  now(): Promise<Date>;
  advance(ms: number): Promise<void>;
  set(time: Date | string | number): Promise<void>;
  /** Back to following the mock's clock. */
  reset(): Promise<void>;
}

export interface NamespaceControl {
  /** The access key that leads to the namespace. */
  readonly accessKey: string;
  readonly clock: NamespaceClockControl;
  /** A fault for this namespace's calls only (see FaultRule). */
  fault(rule: Omit<FaultRule, 'namespace'>): Promise<ActiveFault>;
  faults(): Promise<ActiveFault[]>;
  clearFaults(): Promise<void>;
  /** Forgets the namespace's state, clock and faults. */
  reset(): Promise<void>;
  /** The namespace's state, as `GET /_mock/state` gives it (without the key). */
  exportState(): Promise<Omit<StateSnapshot, 'namespace'>>;
  importState(snapshot: Omit<StateSnapshot, 'namespace'>): Promise<void>;
  /** The namespace's recorded requests, oldest first (every page of `GET /_mock/requests`); see RequestEntry. */
  requests(query?: JournalQuery): Promise<RequestEntry[]>;
  /** How many requests the namespace made, how many its journal dropped (over its cap) and how many broke the contract. */
  journalCounts(): Promise<JournalCounts>;
}

export interface JournalCounts {
  recorded: number;
  dropped: number;
  violations: number;
}

interface RequestsPage extends JournalCounts {
  requests: RequestEntry[];
  more: boolean;
}

/** A control endpoint refused a request (a bad fault rule, a bad snapshot): its problem's detail. */
export class MockControlError extends Error {
  override name = 'MockControlError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The namespace `accessKey` of the mock at `url`, reached with `fetch` (the global one by default). */
export function connectNamespace(url: string, accessKey: string, fetch: typeof globalThis.fetch = globalThis.fetch): NamespaceControl {
  const base = url.replace(/\/+$/, '');
  const query = `namespace=${encodeURIComponent(accessKey)}`;
  async function control<T>(method: string, path: string, body?: unknown, search = ''): Promise<T> {
    const response = await fetch(`${base}${path}?${query}${search}`, {
      method,
      // A control write is marked as the mock's (no web page can send it unasked): JSON, or the header.
      headers: body !== undefined ? { 'content-type': 'application/json' } : method === 'GET' ? {} : { 'x-mock-control': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // Exact JSON: a journal's bodies may hold int64 values beyond 2^53.
    const answer = parseExactJson(await response.text()) as T & { detail?: string };
    if (!response.ok) throw new MockControlError(`${method} ${path}: ${answer.detail ?? response.statusText}`, response.status);
    return answer;
  }
  const asIso = (time: Date | string | number) => new Date(time).toISOString();

  return {
    accessKey,
    clock: {
      now: async () => new Date((await control<{ now: string }>('GET', '/_mock/clock')).now),
      advance: async (ms) => void (await control('POST', '/_mock/clock/advance', { ms })),
      set: async (time) => void (await control('PUT', '/_mock/clock', { now: asIso(time) })),
      reset: async () => void (await control('DELETE', '/_mock/clock')),
    },
    fault: (rule) => control<ActiveFault>('POST', '/_mock/faults', rule),
    faults: async () => (await control<{ faults: ActiveFault[] }>('GET', '/_mock/faults')).faults,
    clearFaults: async () => void (await control('DELETE', '/_mock/faults')),
    reset: async () => void (await control('POST', '/_mock/reset')),
    exportState: () => control<Omit<StateSnapshot, 'namespace'>>('GET', '/_mock/state'),
    importState: async (snapshot) => void (await control('PUT', '/_mock/state', snapshot)),
    async requests({ after = 0, limit = Infinity, violations = false, setup = false } = {}) {
      const found: RequestEntry[] = [];
      for (let next = after; found.length < limit; ) {
        const page = await control<RequestsPage>(
          'GET',
          '/_mock/requests',
          undefined,
          `&after=${next}&limit=${Math.min(1000, limit - found.length)}${violations ? '&violations=true' : ''}${setup ? '&setup=true' : ''}`,
        );
        found.push(...page.requests);
        if (!page.more || page.requests.length === 0) break;
        next = page.requests.at(-1)!.seq;
      }
      return found;
    },
    async journalCounts() {
      const { recorded, dropped, violations } = await control<RequestsPage>('GET', '/_mock/requests', undefined, '&limit=1');
      return { recorded, dropped, violations };
    },
  };
}
