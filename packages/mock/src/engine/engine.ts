// The mock's generic engine: route, security, request validation and the area's behaviour on a
// path compiled once per operation; Prism answers only what asks for it (Prefer, operations
// without behaviour). It knows no area by name.

import type { EngineAnswer } from './answer.ts';
import { type AnsweredCall, type AnsweredMessage, type AnyBehaviour, createAnswering, type EngineCore } from './answering.ts';
import type { AreaDefinition, BodyLimit, OpenApiDocument, Violation } from './area.ts';
import { type CompiledOperation, compileContract } from './contract.ts';
import { createFaults, type Faults } from './faults.ts';
import { createNamespaceClocks, createNamespaces, type MockClock, type Namespaces } from './namespaces.ts';
import { createPrismAdapter, type PrismAdapter } from './prism.ts';
import { credentialOf, type IncomingRequest, readRequest } from './request.ts';
import { createAnswerReuse } from './reuse.ts';
import { createRoutes } from './routes.ts';
import { schemaValidator } from './schema-validator.ts';
import { createUpgrades } from './upgrades.ts';

export interface EngineOptions {
  areas: AreaDefinition[];
  documents: Map<string, OpenApiDocument>;
  /** Each area's options, by area name. */
  areaOptions: Record<string, unknown>;
  clock: MockClock;
  /** Waits for a fault's latency (tests inject their own). */
  sleep: (ms: number) => Promise<void>;
  maxNamespaces: number;
  /** Bytes of state (about) one namespace may hold; see namespaces.ts. */
  maxStateBytes?: number;
  dynamic?: boolean;
  seed?: string;
  /** Called once per answered request (and per WebSocket message an area records), for the journal and coverage (journal/recorder.ts). */
  onAnswered?: (call: AnsweredCall) => void;
  /** Called once per WebSocket message an area's upgrade records. */
  onMessage?: (message: AnsweredMessage) => void;
  /** Keep reads' answers per state version (reuse.ts); default true. false: every read runs its handler (the tests' reference). */
  reuseAnswers?: boolean;
}

/** Each area set up on its contract (its behaviour), and every operation compiled. */
async function setUpAreas(options: EngineOptions, clocks: ReturnType<typeof createNamespaceClocks>) {
  const behaviours = new Map<string, AnyBehaviour>();
  const operations: CompiledOperation[] = [];
  for (const definition of options.areas) {
    const document = options.documents.get(definition.name)!;
    operations.push(...compileContract(definition.name, document));
    const behaviour = (await definition.setup({
      document,
      example: exampleReader(document),
      schema: (name: string) => schemaValidator(document, name),
      options: options.areaOptions[definition.name] ?? {},
      clock: options.clock,
      clockOf: (namespace: string) => clocks.of(namespace),
    })) as AnyBehaviour;
    behaviours.set(definition.name, behaviour);
  }
  return { behaviours, operations };
}

export async function createEngine(options: EngineOptions) {
  const clocks = createNamespaceClocks(options.clock, options.maxNamespaces);
  const { behaviours, operations } = await setUpAreas(options, clocks);
  const routes = createRoutes(operations);
  const namespaces: Namespaces = createNamespaces(behaviours, options.maxNamespaces, options.maxStateBytes);
  const byOperationId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const faults: Faults = createFaults((operationId) => {
    const operation = byOperationId.get(operationId);
    return operation && [...operation.responses.keys()];
  });
  const prism: PrismAdapter = createPrismAdapter(options.documents, { dynamic: options.dynamic, seed: options.seed });
  const core: EngineCore = {
    behaviours,
    operations,
    routes,
    namespaces,
    clocks,
    faults,
    prism,
    clock: options.clock,
    sleep: options.sleep,
    maxStateBytes: options.maxStateBytes,
    onAnswered: options.onAnswered,
    reuse: options.reuseAnswers === false ? undefined : createAnswerReuse(options.maxNamespaces),
  };
  const answering = createAnswering(core);

  return {
    operations: answering.served,
    /** The request headers the contracts name (header parameters, security schemes), for CORS preflights. */
    apiHeaders: headersNamed(operations),
    answer: async (incoming: IncomingRequest): Promise<EngineAnswer> => answering.answerNow(incoming),
    /** `answer`, without a promise where nothing waits (the doors' hot path); it may throw where `answer` rejects. */
    answerNow: answering.answerNow,
    /** Makes every operation's validators now (each is otherwise made on its operation's first call); returns how many. */
    prepareValidators: () => operations.reduce((count, operation) => count + operation.prepareValidators(), 0),
    /** The operation a method and raw path lead to (the validation proxy forwards by it). */
    route: (method: string, rawPath: string) => routes.match(method, rawPath),
    /**
     * Records a call another part answered (the validation proxy forwarded it): the journal,
     * coverage and onViolation see it as any other. `violations` start with `request` or `response`.
     */
    recordAnswered: answering.recordAnswered,
    namespaces,
    /** Each namespace's virtual clock. */
    clocks,
    faults,
    behaviours,
    /** Prism's own validation of a request, for the differential test. */
    prism,
    /** The mock's own validation of a request (no behaviour run), for the differential test. */
    validate(incoming: IncomingRequest): { operationId?: string; violations: Violation[]; status?: number } {
      const route = routes.match(incoming.method, incoming.rawPath);
      if (route.kind !== 'operation') return { violations: [], status: route.kind === 'no-path' ? 404 : 405 };
      if (credentialOf(route.operation, incoming.headers) === undefined) return { operationId: route.operation.operationId, violations: [], status: 401 };
      const { violations, unsupported } = readRequest(route.operation, route.rawParams, incoming);
      return { operationId: route.operation.operationId, violations, status: unsupported ? 415 : undefined };
    },
    /** The largest body the operation at this path takes, when its area sets one apart from the mock-wide limit. */
    bodyLimit(method: string, rawPath: string): BodyLimit | undefined {
      const route = routes.match(method, rawPath);
      if (route.kind !== 'operation') return undefined;
      return behaviours.get(route.operation.area)?.protocol?.bodyLimits?.[route.operation.operationId];
    },
    ...createUpgrades(core, options.onMessage, answering.namespaceOf),
    async close() {
      for (const behaviour of behaviours.values()) await behaviour.close?.();
    },
  };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;

/** The request headers the contracts name (header parameters, security schemes). */
function headersNamed(operations: CompiledOperation[]): string[] {
  const names = new Set<string>();
  for (const operation of operations) {
    for (const parameter of operation.parameters) if (parameter.in === 'header') names.add(parameter.name.toLowerCase());
    for (const scheme of operation.security.flat()) {
      if (scheme.type === 'http') names.add('authorization');
      else if (scheme.in === 'header' && scheme.keyName) names.add(scheme.keyName.toLowerCase());
    }
  }
  return [...names].sort();
}

/** Named examples, deep-copied per read: parsed again from their JSON text, much faster than structuredClone for these plain values. */
function exampleReader(document: OpenApiDocument) {
  const texts = new Map<string, string>();
  return <T>(name: string): T => {
    let text = texts.get(name);
    if (text === undefined) {
      const example = document.components?.examples?.[name];
      if (!example || !('value' in example)) throw new Error(`the contract has no example named ${name}`);
      text = JSON.stringify(example.value) ?? 'null';
      texts.set(name, text);
    }
    return JSON.parse(text) as T;
  };
}
