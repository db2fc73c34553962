// The control protocol, written once: the mock's own endpoints under /_mock/ (their paths, the
// header that marks a write as the mock's, the journal's page sizes, the shape of a page) and the
// handle of one namespace. Its server (control.ts) answers it; its clients, the namespace handle
// in process (namespace-handle.ts) and over HTTP (vitest/remote-namespace.ts), implement the same
// MockNamespace, so that a suite moves between them without a change.
import type { ActiveFault, FaultRule } from '../engine/faults.ts';
import type { StateSnapshot } from '../engine/namespaces.ts';
import type { JournalQuery, RequestEntry } from '../journal/journal.ts';

/** Every control path starts so; no area has paths under it. */
export const CONTROL_PREFIX = '/_mock/';

/** Readiness: `{"status":"ok","areas":[...],"operations":N}`. */
export const HEALTH_PATH = '/_mock/health';
/** A namespace's state as JSON. */
export const STATE_PATH = '/_mock/state';

/** The control endpoints' paths, by what they control. */
export const CONTROL_PATHS = {
  health: HEALTH_PATH,
  reset: '/_mock/reset',
  state: STATE_PATH,
  clock: '/_mock/clock',
  clockAdvance: '/_mock/clock/advance',
  faults: '/_mock/faults',
  requests: '/_mock/requests',
  coverage: '/_mock/coverage',
} as const;

export type ControlPath = (typeof CONTROL_PATHS)[keyof typeof CONTROL_PATHS];

/** The query parameter that names the namespace (the access key) a control request is about. */
export const NAMESPACE_PARAMETER = 'namespace';

/**
 * The header that a control write without a body carries instead of a JSON Content-Type, so
 * that no web page can send it unasked (a simple cross-origin request cannot carry it).
 */
export const CONTROL_HEADER = 'x-mock-control';

/** The headers a client sends with a control request: a body is JSON; a write without one carries CONTROL_HEADER. */
export function controlHeaders(method: string, hasBody: boolean): Record<string, string> {
  if (hasBody) return { 'content-type': 'application/json' };
  return method === 'GET' || method === 'HEAD' ? {} : { [CONTROL_HEADER]: '1' };
}

/** Entries one GET /_mock/requests answers at most, and without `limit`. */
export const MAX_REQUESTS_PAGE = 1000;
export const DEFAULT_REQUESTS_PAGE = 100;

/** Why a mock started with `journal: false` answers no journal (404). */
export const NO_JOURNAL = 'This mock records no requests (it was started with journal: false).';

/** How many requests a namespace made, how many its journal dropped (over its cap) and how many broke the contract. */
export interface JournalCounts {
  recorded: number;
  dropped: number;
  violations: number;
}

/** One page of a namespace's journal, as GET /_mock/requests answers it. */
export interface RequestsPage extends JournalCounts {
  /** The namespace, redacted. */
  namespace: string;
  requests: RequestEntry[];
  /** Whether more entries follow the last one. */
  more: boolean;
}

/** A namespace's state as the handle and `GET /_mock/state` give it: the snapshot without its access key (it is for a file). */
export type NamespaceSnapshot = Omit<StateSnapshot, 'namespace'>;

/** A namespace's virtual clock, through its handle. */
export interface NamespaceClockControl {
  /** The namespace's time. */
  now(): Promise<Date>;
  advance(ms: number): Promise<void>;
  set(time: Date | string | number): Promise<void>;
  /** Back to following the mock's clock. */
  reset(): Promise<void>;
}

/**
 * One namespace (access key) of the mock: its state, its own clock, its own faults and its
 * journal, so that a test touches its own namespace and no other. The same handle in process
 * (`mock.namespace(key)`: each call takes effect when made) and over HTTP (`connectNamespace`).
 */
export interface MockNamespace {
  /** The access key that leads to the namespace. */
  readonly accessKey: string;
  readonly clock: NamespaceClockControl;
  /** A fault for this namespace's calls only (see FaultRule). */
  fault(rule: Omit<FaultRule, 'namespace'>): Promise<ActiveFault>;
  faults(): Promise<ActiveFault[]>;
  clearFaults(): Promise<void>;
  /** Forgets the namespace's state, clock, faults and journal. */
  reset(): Promise<void>;
  /** The namespace's state, as `GET /_mock/state` gives it (without the key). */
  exportState(): Promise<NamespaceSnapshot>;
  importState(snapshot: NamespaceSnapshot): Promise<void>;
  /** The namespace's recorded requests, oldest first (every page of `GET /_mock/requests`); see RequestEntry. */
  requests(query?: JournalQuery): Promise<RequestEntry[]>;
  /** How many requests the namespace made, how many its journal dropped and how many broke the contract. */
  journalCounts(): Promise<JournalCounts>;
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
