// What createMock takes: its options, the areas it serves and their contracts, and the error it
// throws when it cannot start.
import { type AreaName, BUNDLE_DIR, BundleError, readBundle } from '@platform-contracts/contracts';
import { AREA_BEHAVIOURS } from '../areas/index.ts';
import type { RequestLogEntry } from '../doors/door.ts';
import type { MockFailure } from '../doors/failure.ts';
import type { InfoOf, OpenApiDocument, OptionsOf } from '../engine/area.ts';
import type { StateSnapshot } from '../engine/namespaces.ts';
import type { JournalOptions } from '../journal/journal.ts';
import type { ProxyOptions } from '../proxy/options.ts';

/** What a request that breaks the contract (or matches no operation), or an answer that does, sets off. */
export type ViolationMode = 'fail' | 'warn' | 'off';
export const VIOLATION_MODES: readonly ViolationMode[] = ['fail', 'warn', 'off'];

type Areas = (typeof AREA_BEHAVIOURS)[number];
/** Each area's options, under its name: `{ database: { fullAccessToken: '...' } }`. */
export type AreaOptions = { [A in Areas as A['name']]?: OptionsOf<A> };
export type AreaInfo = { [A in Areas as A['name']]: InfoOf<A> };

export interface MockOptions extends AreaOptions {
  /** Folder holding the bundled contracts (<area>.json). Default: the bundles of @platform-contracts/contracts. */
  bundleDir?: string;
  /** Prism's generated answers instead of the contract's examples, for operations without behaviour. */
  dynamic?: boolean;
  /** Seed for generated answers, so that they repeat. */
  seed?: string;
  /** Largest request body accepted, in bytes; larger ones answer 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Serve only these areas (by name); default every area. */
  areas?: string[];
  /** Namespaces (access keys) kept at once; the least recently used is dropped beyond it. Default 1000. */
  maxNamespaces?: number;
  /**
   * About how many bytes of state one namespace may hold (counted as heap, not JSON text); a write
   * or snapshot beyond it answers the area's documented 400 error. Default 2 MiB: with the default
   * 1000 namespaces, 2 GiB at most, within Node's default heap.
   */
  maxStateBytes?: number;
  /** State to start from: a snapshot as `GET /_mock/state` gives it, for its namespace. */
  state?: StateSnapshot;
  /** The real clock under the virtual one (tests inject theirs). Default Date.now. */
  now?: () => number;
  /** Waits for a fault's latency (tests inject theirs). Default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Called once per answered request; the CLI prints it. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Called for each request the mock failed to answer (an area's handler threw): every door
   * answers it 500 with a problem body that holds no part of the error. Default: printed on
   * standard error. The report leaves out the request's credentials and header parameters.
   */
  onError?: (failure: MockFailure) => void;
  /**
   * The request journal's bounds per access key (`maxEntries` 1000, `maxBytes` 256 KiB, bodies up
   * to `maxBodyBytes` 16 KiB kept); `false` records nothing: no journal, no coverage, no onViolation.
   */
  journal?: JournalOptions | false;
  /**
   * A request that matches no operation or breaks the contract (parameters, body, Content-Type,
   * security), or an answer that breaks it: `fail` fails the vitest test running when it arrives
   * (elsewhere it is printed as an error), `warn` prints it, `off` (the default) only records it
   * in the journal. The vitest fixtures (`createMockTest`) fail the very test that sent it instead.
   */
  onViolation?: ViolationMode;
  /**
   * Forward the platform's calls to the real platform instead (a validation proxy): a base URL for
   * every area, or `{ to: { api, video, database }, proxyOnly, mockOnly, driftReport, record }`.
   * Requests and answers are validated and passed on unchanged; see `ProxyOptions`.
   */
  proxy?: string | ProxyOptions;
}

/**
 * Areas and their contracts given directly instead of the registry's, for tests of the engine and
 * its doors on a small synthetic contract: `createMock({ [GIVEN_AREAS]: { definitions, documents } })`.
 * A symbol, so that it is no option of the public API (and startMock passes it on as it is).
 */
export const GIVEN_AREAS = Symbol('platform-mock given areas');
export interface GivenAreas {
  /** Each an AreaDefinition (of its own contract's types). */
  definitions: readonly { name: string }[];
  documents: Map<string, OpenApiDocument>;
}

/** The mock could not start: a busy port, a missing or broken bundle, a bad option. */
export class MockStartError extends Error {
  override name = 'MockStartError';
}

/** The base URL of an in-process mock: `.invalid` never resolves, so a client not given `mock.fetch` fails at once. */
export const IN_PROCESS_URL = 'http://platform-mock.invalid';
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The areas' bundles, read by @platform-contracts/contracts (its errors name the file and what to run). */
function loadDocuments(bundleDir: string, areas: AreaName[]): Map<string, OpenApiDocument> {
  const documents = new Map<string, OpenApiDocument>();
  for (const area of areas) {
    try {
      documents.set(area, readBundle(area, { dir: bundleDir }) as OpenApiDocument);
    } catch (error) {
      if (error instanceof BundleError) throw new MockStartError(`the ${area} contract cannot be loaded: ${error.message}`);
      throw error;
    }
  }
  return documents;
}

function selectAreas(names: string[] | undefined) {
  const known = AREA_BEHAVIOURS.map((area) => area.name);
  const unknown = (names ?? []).filter((name) => !known.includes(name as never));
  if (unknown.length > 0) throw new MockStartError(`unknown area ${unknown.join(', ')}; the areas are ${known.join(', ')}`);
  return names ? AREA_BEHAVIOURS.filter((area) => names.includes(area.name)) : [...AREA_BEHAVIOURS];
}

/** The options checked, and the areas and contracts they name: what the rest of createMock starts from. */
export function startSettings(options: MockOptions) {
  const given = (options as { [GIVEN_AREAS]?: GivenAreas })[GIVEN_AREAS];
  const areas = given ? (given.definitions as unknown as ReturnType<typeof selectAreas>) : selectAreas(options.areas);
  if (options.maxStateBytes !== undefined && !(Number.isInteger(options.maxStateBytes) && options.maxStateBytes > 0)) {
    throw new MockStartError(`maxStateBytes is a whole number of bytes above 0 (got ${JSON.stringify(options.maxStateBytes)})`);
  }
  const bundleDir = options.bundleDir ?? BUNDLE_DIR;
  const documents =
    given?.documents ??
    loadDocuments(
      bundleDir,
      areas.map((area) => area.name),
    );
  const onViolation = options.onViolation ?? 'off';
  if (!VIOLATION_MODES.includes(onViolation))
    throw new MockStartError(`onViolation is one of ${VIOLATION_MODES.join(', ')} (got ${JSON.stringify(onViolation)})`);
  return { areas, bundleDir, documents, onViolation, maxNamespaces: options.maxNamespaces ?? 1000 };
}
