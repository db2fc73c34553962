// The mock in process: the engine with its areas, the control endpoints under /_mock/ and one
// handler that every door shares. `createMock()` opens no socket: `mock.fetch` is a standard
// fetch function that answers exactly as the HTTP server does. `startMock()` (start-mock.ts) is
// createMock() plus the HTTP door (doors/http/). It knows no area by name. Its parts: the options and contracts
// (options.ts), what a suite learns (recording.ts), the engine and the proxy (below), the handler
// (handler.ts).
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { createControl } from '../controls/control.ts';
import { clockHandle, namespaceHandle, resetNamespaces, type VirtualClock } from '../controls/namespace-handle.ts';
import type { MockNamespace } from '../controls/protocol.ts';
import type { DoorAnswer, DoorHandler, DoorRequest } from '../doors/door.ts';
import { createFetchDoor } from '../doors/fetch/fetch-door.ts';
import type { ServedOperation } from '../engine/answer.ts';
import type { AnsweredCall, AnsweredMessage } from '../engine/answering.ts';
import type { AreaDefinition, BodyLimit, OpenApiDocument } from '../engine/area.ts';
import { ContractError } from '../engine/contract.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import type { ActiveFault, FaultRule } from '../engine/faults.ts';
import { createClock, DEFAULT_NAMESPACE, type MockClock, type StateSnapshot } from '../engine/namespaces.ts';
import type { CoverageReport } from '../journal/coverage-report.ts';
import type { Journal, JournalQuery, RequestEntry } from '../journal/journal.ts';
import type { Proxy as ValidationProxy } from '../proxy/index.ts';
import { type ProxyHandle, proxyOptionsOf } from '../proxy/options.ts';
import { createHandler } from './handler.ts';
import { type AreaInfo, IN_PROCESS_URL, type MockOptions, MockStartError, startSettings } from './options.ts';
import { createRecording } from './recording.ts';

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
  /** Forgets one namespace's state, clock, faults and journal; or every namespace's state, clock and journal. */
  reset(namespace?: string): void;
  /** A namespace's state as a snapshot (the database's images are made off the thread that serves requests). */
  exportState(namespace?: string): Promise<StateSnapshot>;
  /** Replaces a namespace's state with a snapshot's; refused (and nothing changes) when a part cannot be imported. */
  importState(snapshot: StateSnapshot, namespace?: string): Promise<void>;
  /** The mock's virtual clock, which every namespace follows until it moves its own. */
  clock: VirtualClock;
  /** One namespace's handle, the same as over HTTP (`connectNamespace`): `await mock.namespace(accessKey).clock.advance(ms)`. */
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

export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const { areas, bundleDir, documents, onViolation, maxNamespaces } = startSettings(options);
  const clock = createClock(options.now);
  const areaOptions = Object.fromEntries(areas.map((area) => [area.name, (options as Record<string, unknown>)[area.name]]));
  const recording = await createRecording(options, { areaNames: areas.map((area) => area.name), documents, onViolation, maxNamespaces });
  const { journal, coverage } = recording;
  const engine = await startEngine(options, { areas: areas as never, documents, areaOptions, clock, maxNamespaces, bundleDir, hooks: recording.engineHooks });
  const proxy = await startProxy(options, engine, documents);
  const health = () => ({ status: 'ok', areas: areas.map((area) => area.name), operations: engine.operations.length });
  const control = createControl(engine, clock, health, { journal, coverage: recording.coverageNow, coverageCounts: () => coverage.snapshot() });
  const { bodyLimit, upgrade, handle, handleNow, handleLogged } = createHandler({
    engine,
    control,
    proxy,
    maxBodyBytes: options.maxBodyBytes,
    maxStateBytes: options.maxStateBytes,
    onRequest: options.onRequest,
    onError: options.onError,
  });

  const door = createFetchDoor(handleLogged);
  const reset = resetNamespaces(engine, journal);
  const areaInfo = Object.fromEntries([...engine.behaviours].map(([name, behaviour]) => [name, behaviour.info])) as AreaInfo;
  const mock: Mock = {
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
    coverage: recording.coverageNow,
    ...(proxy ? { proxy: proxy.handleOfProxy } : {}),
    preloadPrism: () => engine.prism.preload(),
    prepareValidators: engine.prepareValidators,
    close: () => {
      recording.close();
      door.close();
      try {
        proxy?.close();
      } catch (error) {
        return engine.close().then(() => Promise.reject(error));
      }
      return engine.close();
    },
  };
  promptHandlers.set(mock, handleNow);
  return mock;
}

/** Each mock's `handle` without a promise where nothing waits (not on the public Mock: the HTTP door's hot path takes it). */
const promptHandlers = new WeakMap<Mock, NonNullable<DoorHandler['handleNow']>>();

/** The mock as the HTTP door takes it: its handler, with `handleNow` when the mock was made here. */
export function doorHandlerOf(mock: Mock): DoorHandler {
  const handleNow = promptHandlers.get(mock);
  return handleNow ? { handle: mock.handle, bodyLimit: mock.bodyLimit, upgrade: mock.upgrade, apiHeaders: mock.apiHeaders, handleNow } : mock;
}

interface EngineStart {
  areas: AreaDefinition[];
  documents: Map<string, OpenApiDocument>;
  areaOptions: Record<string, unknown>;
  clock: MockClock;
  maxNamespaces: number;
  bundleDir: string;
  hooks: { onAnswered?: (call: AnsweredCall) => void; onMessage?: (message: AnsweredMessage) => void };
}

/** The engine on the areas' contracts, from the start state when one is given; what stops it is a MockStartError. */
async function startEngine(options: MockOptions, { areas, documents, areaOptions, clock, maxNamespaces, bundleDir, hooks }: EngineStart): Promise<Engine> {
  let engine: Engine;
  try {
    engine = await createEngine({
      areas,
      documents,
      areaOptions,
      clock,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      maxNamespaces,
      maxStateBytes: options.maxStateBytes,
      dynamic: options.dynamic,
      seed: options.seed,
      ...hooks,
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
  return engine;
}

/** The validation proxy, when `proxy` is given; the engine is closed when it cannot be made. */
async function startProxy(options: MockOptions, engine: Engine, documents: Map<string, OpenApiDocument>): Promise<ValidationProxy | undefined> {
  let proxy: ValidationProxy | undefined;
  if (options.proxy !== undefined) {
    try {
      // Loaded only for a proxy: a suite's mock does not pay for its modules.
      const { createProxy } = await import('../proxy/index.ts');
      proxy = createProxy(proxyOptionsOf(options.proxy), engine, documents);
    } catch (error) {
      await engine.close();
      throw error;
    }
  }
  return proxy;
}
