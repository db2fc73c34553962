// The mock in process: the engine with its areas, the control endpoints under /_mock/ and one
// handler that every door shares. `createMock()` opens no socket: `mock.fetch` is a standard
// fetch function that answers exactly as the HTTP server does. `startMock()` (http-server.ts) is
// createMock() plus the HTTP door. It knows no area by name.
import { BUNDLE_DIR, BundleError, readBundle, type AreaName } from '@platform-contracts/contracts';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { BodyLimit, InfoOf, OpenApiDocument, OptionsOf } from '../engine/area.ts';
import { AREA_BEHAVIOURS } from '../areas/index.ts';
import { ContractError } from '../engine/contract.ts';
export type { MockNamespace, VirtualClock };
import { CONTROL_PREFIX, createControl, largestSnapshotBytes, STATE_PATH } from '../controls/control.ts';
import type { ServedOperation } from '../engine/answer.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import { createFetchDoor } from '../doors/fetch-door.ts';
import { clockHandle, namespaceHandle, type MockNamespace, type VirtualClock } from '../controls/namespace-handle.ts';
import type { ActiveFault, FaultRule } from '../engine/faults.ts';
import type { DoorAnswer, DoorRequest, RequestLogEntry } from '../doors/door.ts';
import { createClock, DEFAULT_MAX_STATE_BYTES, DEFAULT_NAMESPACE, type StateSnapshot } from '../engine/namespaces.ts';
import { problemAnswer, queryOf, serialize, splitTarget, tooLarge } from '../doors/door-answers.ts';
import { stringifyExactJson } from '../engine/exact-json.ts';
import { failureAnswer, reportFailure, type MockFailure } from '../doors/failure.ts';
export type { MockFailure };
import { coverageReport, coverageSkeleton, createCoverageCounter, type CoverageReport, type OperationSkeleton } from '../journal/coverage.ts';
import { createJournal, type Journal, type JournalOptions, type JournalQuery, type RequestEntry } from '../journal/journal.ts';
import { createRecorder, sensitiveNamesOf } from '../journal/recorder.ts';
import { describeViolation, violationError } from '../journal/violation-report.ts';
import { vitestBridge, COVERAGE_DIR_ENV } from '../journal/vitest-bridge.ts';

/** What a request that breaks the contract (or matches no operation), or an answer that does, sets off. */
export type ViolationMode = 'fail' | 'warn' | 'off';
export const VIOLATION_MODES: readonly ViolationMode[] = ['fail', 'warn', 'off'];
import { createProxy, proxyOptionsOf, type Proxy as ValidationProxy, type ProxyHandle, type ProxyOptions } from '../proxy/index.ts';

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

export interface Mock {
  /** Base URL to give clients; in process it leads nowhere without `mock.fetch`. */
  url: string;
  /** A standard fetch that answers every request in process, exactly as the HTTP server would. */
  fetch: typeof globalThis.fetch;
  operations: ServedOperation[];
  /** The request headers the contracts name (header parameters, security schemes): what CORS preflights allow. */
  apiHeaders: string[];
  /** What each area offers: `mock.areas.database.fullAccessToken`. */
  areas: AreaInfo;
  /** Lines each area reports at start (the CLI prints them). */
  report: string[];
  /** Answers one request, as both doors do (the request log is the door's: this call is not logged). */
  handle(request: DoorRequest): Promise<DoorAnswer>;
  /** The largest body a request to this target may carry (the operation's own limit, else maxBodyBytes), and the option that sets it. */
  bodyLimit(method: string, target: string): BodyLimit;
  /**
   * Hands a connection upgrade (WebSocket) to the area that serves its path. Undefined when an
   * area took the socket; otherwise the refusal for the door to write (no area serves the path).
   */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): DoorAnswer | undefined;
  /** Forgets one namespace's state, clock and faults; or every namespace's state and clocks. */
  reset(namespace?: string): void;
  /** A namespace's state as a snapshot (the database's images are made off the thread that serves requests). */
  exportState(namespace?: string): Promise<StateSnapshot>;
  /** Replaces a namespace's state with a snapshot's; refused (and nothing changes) when a part cannot be imported. */
  importState(snapshot: StateSnapshot, namespace?: string): Promise<void>;
  /** The mock's virtual clock, which every namespace follows until it moves its own. */
  clock: VirtualClock;
  /** One namespace's handle: `mock.namespace(accessKey).clock.advance(ms)`. */
  namespace(accessKey: string): MockNamespace;
  /** Makes calls of an operation fail, slow down or break on the network; see FaultRule. */
  fault(rule: FaultRule): ActiveFault;
  /** Removes every fault, or one namespace's. */
  clearFaults(namespace?: string): void;
  /** The namespace's recorded requests, oldest first (default namespace `default`); see RequestEntry. */
  requests(query?: JournalQuery & { namespace?: string }): RequestEntry[];
  /** The request journal, which every door records in (`record(namespace, entry)`); undefined with `journal: false`. */
  journal: Journal | undefined;
  /** What every namespace reached of the contracts so far (the JSON `platform-mock --coverage` writes). */
  coverage(): CoverageReport;
  /** The validation proxy, when `proxy` was given: its upstreams, its drift report, its exchanges. */
  proxy?: ProxyHandle;
  /** Loads Prism (`Prefer` answers, operations without behaviour) now, in the background, instead of on the first request that needs it. */
  preloadPrism(): void;
  /**
   * Makes every operation's validators now (loads the build's code, or compiles them), which
   * each operation otherwise does on its first call; returns how many. The vitest fixtures call
   * it in their setup, while the database engine starts.
   */
  prepareValidators(): number;
  /** Releases what the areas hold (databases, timers); with a proxy, writes its drift report and recordings. */
  close(): Promise<void>;
}

/** The mock could not start: a busy port, a missing or broken bundle, a bad option. */
export class MockStartError extends Error {
  override name = 'MockStartError';
}

/** The base URL of an in-process mock: `.invalid` never resolves, so a client not given `mock.fetch` fails at once. */
export const IN_PROCESS_URL = 'http://platform-mock.invalid';
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

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

export async function createMock(options: MockOptions = {}): Promise<Mock> {
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
  const clock = createClock(options.now);
  const areaOptions = Object.fromEntries(areas.map((area) => [area.name, (options as Record<string, unknown>)[area.name]]));
  const onViolation = options.onViolation ?? 'off';
  if (!VIOLATION_MODES.includes(onViolation))
    throw new MockStartError(`onViolation is one of ${VIOLATION_MODES.join(', ')} (got ${JSON.stringify(onViolation)})`);
  const maxNamespaces = options.maxNamespaces ?? 1000;
  const recording = options.journal !== false;
  const journal = recording ? createJournal({ ...options.journal, maxNamespaces }) : undefined;
  const coverage = createCoverageCounter(areas.map((area) => area.name));
  const bridge = recording && (onViolation === 'fail' || process.env[COVERAGE_DIR_ENV]) ? await vitestBridge() : undefined;
  const coverageWatch = bridge?.watch(coverage);
  const recorder = createRecorder({
    journal,
    coverage,
    sensitive: new Set([...documents.values()].flatMap((document) => [...sensitiveNamesOf(document)])),
    onViolation:
      onViolation === 'off'
        ? undefined
        : (namespace, entry) => {
            if (onViolation === 'fail' && bridge?.failRunningTest(violationError(namespace, [entry]))) return;
            console[onViolation === 'fail' ? 'error' : 'warn'](`platform-mock: ${describeViolation(entry)}`);
          },
  });
  let engine: Engine;
  try {
    engine = await createEngine({
      areas: areas as never,
      documents,
      areaOptions,
      clock,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      maxNamespaces,
      maxStateBytes: options.maxStateBytes,
      dynamic: options.dynamic,
      seed: options.seed,
      ...(recording && {
        onAnswered: (call) => {
          recorder.call(call);
          coverageWatch?.counted();
        },
        onMessage: (message) => recorder.message(message),
      }),
    });
  } catch (error) {
    if (error instanceof ContractError)
      throw new MockStartError(`${path.join(bundleDir, `${error.area}.json`)} is not a contract the mock can serve: ${error.message}`);
    throw error instanceof Error && !(error instanceof MockStartError) ? new MockStartError(error.message) : error;
  }
  if (options.state) {
    try {
      await engine.namespaces.import(options.state.namespace ?? DEFAULT_NAMESPACE, options.state);
    } catch (error) {
      await engine.close();
      throw new MockStartError(`the start state cannot be imported: ${(error as Error).message}`);
    }
  }
  let proxy: ValidationProxy | undefined;
  if (options.proxy !== undefined) {
    try {
      proxy = createProxy(proxyOptionsOf(options.proxy), engine, documents);
    } catch (error) {
      await engine.close();
      throw error;
    }
  }
  const health = () => ({ status: 'ok', areas: areas.map((area) => area.name), operations: engine.operations.length });
  let skeleton: OperationSkeleton[] | undefined;
  const coverageNow = () => coverageReport((skeleton ??= [...documents].flatMap(([area, document]) => coverageSkeleton(area, document))), coverage.snapshot());
  const control = createControl(engine, clock, health, { journal, coverage: coverageNow, coverageCounts: () => coverage.snapshot() });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const mockWideLimit: BodyLimit = { bytes: maxBodyBytes, option: 'the option maxBodyBytes (--max-body-bytes)' };
  // A snapshot the mock gave can always be put back: PUT /_mock/state takes the largest the caps allow.
  let snapshotLimit: BodyLimit | undefined;
  const snapshotLimitOf = (): BodyLimit =>
    (snapshotLimit ??= {
      bytes: Math.max(maxBodyBytes, largestSnapshotBytes(engine, options.maxStateBytes ?? DEFAULT_MAX_STATE_BYTES)),
      option: "the largest snapshot the options allow (maxStateBytes, --max-state-bytes; the database's maxSnapshotBytes and maxDatabases)",
    });
  const bodyLimit = (method: string, target: string): BodyLimit => {
    const { rawPath } = splitTarget(target);
    if (rawPath === STATE_PATH && method.toUpperCase() === 'PUT') return snapshotLimitOf();
    return (rawPath !== undefined ? engine.bodyLimit(method.toUpperCase(), rawPath) : undefined) ?? mockWideLimit;
  };

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): DoorAnswer | undefined {
    const { rawPath } = splitTarget(request.url ?? '/');
    const isWebSocket = (request.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (rawPath !== undefined && proxy?.upgrade(request, rawPath, splitTarget(request.url ?? '/').search, socket, head)) return undefined;
    const taken = rawPath !== undefined && isWebSocket ? engine.upgrade(request, rawPath, socket, head) : undefined;
    if (taken === 'taken') return undefined;
    if (taken) return serialize(taken);
    const served = engine.upgrades.length > 0 ? `The mock takes WebSocket upgrades for ${engine.upgrades.join('; ')}.` : 'The mock takes no WebSocket upgrade.';
    if (!isWebSocket)
      return problemAnswer(
        400,
        'Upgrade not served',
        `The mock does not upgrade to ${JSON.stringify(request.headers.upgrade ?? '')}; send the request without an Upgrade header (HTTP/1.1). ${served}`,
      );
    return problemAnswer(404, 'No WebSocket endpoint', `No WebSocket endpoint at ${rawPath ?? request.url}. ${served}`);
  }

  /** Every door's answer: a request the mock fails to answer (a handler threw) is answered 500 and reported, never rejected. */
  async function handle(request: DoorRequest): Promise<DoorAnswer> {
    try {
      return await answer(request);
    } catch (error) {
      const path = splitTarget(request.target).rawPath ?? request.target;
      reportFailure(error, { method: request.method, path, headers: request.headers }, engine.apiHeaders, options.onError);
      return failureAnswer(request.method, path);
    }
  }

  async function answer(request: DoorRequest): Promise<DoorAnswer> {
    const { rawPath, search } = splitTarget(request.target);
    if (rawPath === undefined) return problemAnswer(400, 'Invalid request target', 'The request target is neither a path nor an absolute URL.');
    // The printed URL leads somewhere: the mock's root is the reference site.
    if ((request.method === 'GET' || request.method === 'HEAD') && rawPath === '/') return { status: 302, headers: { location: '/docs/' }, violations: [] };
    if (request.body !== undefined && request.body.length > 0) {
      const limit = bodyLimit(request.method, request.target);
      if (request.body.length > limit.bytes) return tooLarge(limit);
    }
    if (rawPath.startsWith(CONTROL_PREFIX)) {
      const answer = await control(request.method, rawPath, new URLSearchParams(search), request.body?.toString('utf8'), request.headers);
      const isProblem = typeof answer.body === 'object' && answer.body !== null && 'type' in answer.body && 'title' in answer.body;
      const headers: Record<string, string> = { 'content-type': isProblem ? 'application/problem+json' : 'application/json', ...answer.headers };
      if (request.method === 'HEAD' || answer.body === undefined) return { status: answer.status, headers, violations: [] };
      const text = stringifyExactJson(answer.body);
      return { status: answer.status, headers: { ...headers, 'content-length': String(Buffer.byteLength(text)) }, body: text, violations: [] };
    }
    if (proxy) {
      const forwarded = await proxy.handle(request, rawPath, search);
      if (forwarded) return forwarded;
    }
    const body = request.body !== undefined && request.body.length > 0 ? request.body : undefined;
    return serialize(await engine.answer({ method: request.method, rawPath, query: queryOf(search), headers: request.headers, body }));
  }

  const log = options.onRequest;
  const handleLogged = !log
    ? handle
    : async (request: DoorRequest) => {
        const started = performance.now();
        const time = new Date().toISOString();
        const answer = await handle(request);
        log({
          time,
          method: request.method,
          path: splitTarget(request.target).rawPath ?? request.target,
          status: answer.status,
          operation: answer.operation,
          violations: answer.violations,
          ms: performance.now() - started,
        });
        return answer;
      };

  const door = createFetchDoor(handleLogged);
  const reset = (namespace?: string) => {
    journal?.clear(namespace);
    engine.namespaces.reset(namespace);
    engine.clocks.reset(namespace);
    if (namespace !== undefined) engine.faults.clear(namespace);
  };
  const areaInfo = Object.fromEntries([...engine.behaviours].map(([name, behaviour]) => [name, behaviour.info])) as AreaInfo;
  return {
    url: IN_PROCESS_URL,
    fetch: door.fetch,
    operations: engine.operations,
    apiHeaders: engine.apiHeaders,
    areas: areaInfo,
    report: [...engine.behaviours.values()].flatMap((behaviour) => behaviour.report?.() ?? []),
    handle,
    bodyLimit,
    upgrade,
    reset,
    exportState: (namespace = DEFAULT_NAMESPACE) => engine.namespaces.export(namespace),
    importState: (snapshot, namespace = snapshot.namespace ?? DEFAULT_NAMESPACE) => engine.namespaces.import(namespace, snapshot),
    clock: clockHandle(clock),
    namespace: (accessKey) => namespaceHandle(engine, accessKey, reset, journal),
    fault: (rule) => engine.faults.add(rule),
    clearFaults: (namespace) => engine.faults.clear(namespace),
    requests: ({ namespace = DEFAULT_NAMESPACE, ...query } = {}) => journal?.list(namespace, query) ?? [],
    journal,
    coverage: coverageNow,
    ...(proxy ? { proxy: proxy.handleOfProxy } : {}),
    preloadPrism: () => engine.prism.preload(),
    prepareValidators: engine.prepareValidators,
    close: () => {
      coverageWatch?.close();
      door.close();
      try {
        proxy?.close();
      } catch (error) {
        return engine.close().then(() => Promise.reject(error));
      }
      return engine.close();
    },
  };
}
