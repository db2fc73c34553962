// The mock's generic engine: route, security, request validation and the area's behaviour on a
// path compiled once per operation; Prism answers only what asks for it (Prefer, operations
// without behaviour). It knows no area by name.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AreaBehaviour, AreaDefinition, BodyLimit, MockRequest, MockResponse, OpenApiDocument, Violation } from './area.ts';
import { compileContract, type CompiledOperation } from './contract.ts';
import { schemaValidator } from './schema-validator.ts';
import { createFaults, type ActiveFault, type Faults, type NetworkFault } from './faults.ts';
import { heapBytes } from './heap-bytes.ts';
import {
  createNamespaceClocks,
  createNamespaces,
  DEFAULT_MAX_STATE_BYTES,
  DEFAULT_NAMESPACE,
  stateCapMessage,
  type MockClock,
  type Namespaces,
} from './namespaces.ts';

/** Methods that add nothing to a namespace's state (a DELETE frees room: it is never refused for the cap). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);
/** What a write may add to a namespace's state beyond its body (generated IDs, times, counters), for the state size cap. */
const WRITE_OVERHEAD_BYTES = 1024;
import { createPrismAdapter, PreferenceError, type PrismAdapter } from './prism.ts';
import { credentialOf, notAcceptable, readRequest, type IncomingRequest } from './request.ts';
import { createRoutes } from './routes.ts';
import { forValidation, jsonTextOf } from './exact-json.ts';

export type { IncomingRequest };

export interface ServedOperation {
  area: string;
  operationId: string;
  method: string;
  path: string;
}

export interface EngineAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  operation?: ServedOperation;
  /** Request and response violations, for the `sl-violations` header and the log. */
  violations: { location: string[]; message: string; severity: string }[];
  /** A network fault the door plays instead of (or, for `truncate`, while) sending the answer. */
  network?: NetworkFault;
  /** The body as it is sent, when the engine wrote it already (see `bodyText`). */
  text?: string;
}

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
  /** Called once per answered request (and per WebSocket message an area records), for the journal and coverage (recorder.ts). */
  onAnswered?: (call: AnsweredCall) => void;
  /** Called once per WebSocket message an area's upgrade records. */
  onMessage?: (message: AnsweredMessage) => void;
}

/** One answered request as the engine saw it: for the journal, coverage and violations (recorder.ts). */
export interface AnsweredCall {
  /** The namespace it belongs to: its credential's, else an access key it carries, else `default`. */
  namespace: string;
  /** When it arrived, on the namespace's clock. */
  time: number;
  incoming: IncomingRequest;
  operation?: CompiledOperation;
  /** The request as read (parameters, parsed body), when it was read. */
  request?: MockRequest;
  /** What the request broke of the contract (locations without the `request` prefix): also no operation at its path, no credential. */
  requestViolations: Violation[];
  /** What the answer broke of the contract (locations start with `response`). */
  answerViolations: Violation[];
  status: number;
  fault?: ActiveFault;
}

/** One WebSocket message an area answered, recorded through its upgrade's `record` (see AreaUpgrade). */
export interface AnsweredMessage {
  namespace: string;
  time: number;
  area: string;
  rawPath: string;
  message: unknown;
  error?: { message: string; code?: string };
}

/** What the engine learns about a call while answering it. */
interface Trace {
  namespace?: string;
  operation?: CompiledOperation;
  request?: MockRequest;
  requestViolations: Violation[];
  answerViolations: Violation[];
  fault?: ActiveFault;
}

type AnyBehaviour = AreaBehaviour<unknown, unknown>;

const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}): EngineAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'about:blank', title, status, detail, ...extra },
  violations: [],
});

export async function createEngine(options: EngineOptions) {
  const behaviours = new Map<string, AnyBehaviour>();
  const operations: CompiledOperation[] = [];
  const clocks = createNamespaceClocks(options.clock, options.maxNamespaces);
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
  const routes = createRoutes(operations);
  const namespaces: Namespaces = createNamespaces(behaviours, options.maxNamespaces, options.maxStateBytes);
  const byOperationId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const faults: Faults = createFaults((operationId) => {
    const operation = byOperationId.get(operationId);
    return operation && [...operation.responses.keys()];
  });
  const prism: PrismAdapter = createPrismAdapter(options.documents, { dynamic: options.dynamic, seed: options.seed });
  const served = new Map(operations.map((o) => [o, { area: o.area, operationId: o.operationId, method: o.method, path: o.path } satisfies ServedOperation]));
  const servedBy = (answer: EngineAnswer, operation: CompiledOperation): EngineAnswer => {
    answer.operation = served.get(operation)!;
    return answer;
  };
  /** Operations whose data their area keeps outside the state (not charged to the state size cap). */
  const outsideState = new Set([...behaviours.values()].flatMap((behaviour) => behaviour.outsideState ?? []));

  const accessKeyHeaders = accessKeyHeadersOf(operations);
  /** The namespace of a request no operation took, or no credential satisfied: a token's, an access key it carries, else `default`. */
  function namespaceOfUnrouted(headers: Record<string, string>): string {
    for (const behaviour of behaviours.values()) {
      const namespace = behaviour.namespaceOf?.(headers);
      if (namespace !== undefined) return namespace;
    }
    for (const name of accessKeyHeaders) if (headers[name]) return headers[name];
    return DEFAULT_NAMESPACE;
  }

  async function answer(incoming: IncomingRequest): Promise<EngineAnswer> {
    const onAnswered = options.onAnswered;
    if (!onAnswered) return answerRouted(incoming, { requestViolations: [], answerViolations: [] });
    const arrived = options.clock.now();
    const trace: Trace = { requestViolations: [], answerViolations: [] };
    const answered = await answerRouted(incoming, trace);
    const namespace = trace.namespace ?? namespaceOfUnrouted(incoming.headers);
    const time = arrived + clocks.of(namespace).now() - options.clock.now();
    onAnswered({
      namespace,
      time,
      incoming,
      operation: trace.operation,
      request: trace.request,
      requestViolations: trace.requestViolations,
      answerViolations: trace.answerViolations,
      status: answered.status,
      fault: trace.fault,
    });
    return answered;
  }

  async function answerRouted(incoming: IncomingRequest, trace: Trace): Promise<EngineAnswer> {
    const route = routes.match(incoming.method, incoming.rawPath);
    if (route.kind === 'no-path') {
      for (const behaviour of behaviours.values()) {
        const known = behaviour.unrouted?.(incoming.method, incoming.rawPath);
        if (known) return toAnswer(known);
      }
      trace.requestViolations.push({ location: ['path'], message: `no operation of the platform API has the path ${incoming.rawPath}` });
      return problem(404, 'Not found', `No operation of the platform API has the path ${incoming.rawPath}.`);
    }
    if (route.kind === 'no-method') {
      trace.requestViolations.push({ location: ['method'], message: `${incoming.rawPath} answers ${route.allow.join(', ')}, not ${incoming.method}` });
      const answer = problem(405, 'Method not allowed', `${incoming.rawPath} answers ${route.allow.join(', ')}, not ${incoming.method}.`);
      answer.headers.allow = route.allow.join(', ');
      return answer;
    }
    const { operation } = route;
    trace.operation = operation;
    const withOperation = (answer: EngineAnswer): EngineAnswer => servedBy(answer, operation);

    const credential = credentialOf(operation, incoming.headers);
    if (credential === undefined) {
      trace.requestViolations.push({ location: ['security'], message: `no credential ${operation.operationId} accepts: ${credentialsNamed(operation)}` });
      return withOperation(documentedAnswer(operation, 401) ?? { status: 401, headers: {}, violations: [] });
    }
    const namespace = behaviours.get(operation.area)!.namespaceOf?.(incoming.headers) ?? credential.namespace;
    trace.namespace = namespace;

    const fault = faults.take(operation.operationId, namespace);
    trace.fault = fault;
    if (fault?.latencyMs) await options.sleep(fault.latencyMs);
    if (fault?.network === 'reset' || fault?.network === 'hang') return withOperation({ status: 0, headers: {}, violations: [], network: fault.network });
    if (fault?.status !== undefined) return withOperation({ ...faultAnswer(operation, fault), network: fault.network });
    if (fault?.network === 'truncate') return { ...(await answerCall(incoming, route, namespace, trace)), network: 'truncate' };
    return answerCall(incoming, route, namespace, trace);
  }

  /** The call's answer past routing, credentials and faults: validation, then Prism or the area's behaviour. */
  async function answerCall(
    incoming: IncomingRequest,
    route: { operation: CompiledOperation; rawParams: Record<string, string> },
    namespace: string,
    trace: Trace,
  ): Promise<EngineAnswer> {
    const { operation } = route;
    const behaviour = behaviours.get(operation.area)!;
    const withOperation = (answer: EngineAnswer): EngineAnswer => servedBy(answer, operation);

    const { request, violations, unsupported } = readRequest(operation, route.rawParams, incoming);
    trace.request = request;
    trace.requestViolations = violations;
    if (unsupported && !behaviour.invalidRequest) return withOperation(problem(415, 'Unsupported media type', `Content-Type ${unsupported}`));

    const handler = behaviour.handlers?.[operation.operationId];
    const preference = prism.asksForPreference(incoming);
    if (violations.length > 0 && !(preference && !behaviour.invalidRequest)) {
      const refused = behaviour.invalidRequest?.(violations, request) ?? documentedAnswerOrProblem(operation, 400, violations);
      return withOperation(checked(operation, toAnswer(refused), violations, trace));
    }

    const unacceptable = notAcceptable(operation, incoming.headers.accept);
    if (unacceptable) {
      trace.requestViolations = [...violations, { location: ['header', 'accept'], message: unacceptable }];
      return withOperation(problem(406, 'Not acceptable', unacceptable));
    }

    if (preference || !handler) {
      const prismRequest = { method: incoming.method, path: incoming.rawPath, query: incoming.query, headers: incoming.headers, body: request.body };
      let preferences;
      try {
        preferences = preference ? await prism.preferences(prismRequest) : {};
      } catch (error) {
        if (error instanceof PreferenceError) return withOperation(problem(422, 'Invalid Prefer header', error.message));
        throw error;
      }
      const answer = await prism.answer(operation.area, operation.method, operation.path, prismRequest, preferences);
      return withOperation(checked(operation, { status: answer.status, headers: answer.headers, body: answer.body, violations: [] }, [], trace));
    }

    // A write counts against the namespace's state size cap at what its body and parameters take, plus what a handler adds (IDs, times);
    // not an operation whose data the area keeps outside the state, under limits of its own.
    const charged = !READS.has(incoming.method) && !outsideState.has(operation.operationId);
    if (charged && !namespaces.charge(namespace, heapBytes(request.body) + heapBytes(request.params) + WRITE_OVERHEAD_BYTES)) {
      const over = [{ location: ['body'], message: stateCapMessage(options.maxStateBytes ?? DEFAULT_MAX_STATE_BYTES) }];
      return withOperation(
        checked(operation, toAnswer(behaviour.invalidRequest?.(over, request) ?? documentedAnswerOrProblem(operation, 400, over)), [], trace),
      );
    }
    const call = {
      state: namespaces.stateOf(namespace, operation.area),
      namespace,
      clock: clocks.of(namespace),
      stateOf: (other: string) => namespaces.stateOf(other, operation.area),
    };
    return withOperation(checked(operation, toAnswer(await handler(request, call)), [], trace));
  }

  /**
   * Validates an answer against the contract; one that breaks it becomes a 500 that says so. The
   * body is written as it will be sent (kept in `text`), which also tells whether it holds a bigint.
   */
  function checked(operation: CompiledOperation, answer: EngineAnswer, requestViolations: Violation[], trace: Trace): EngineAnswer {
    const media = answer.body === undefined ? undefined : mediaTypeOf(answer.headers);
    const written = answer.body === undefined ? undefined : bodyText(answer.body, media);
    const value = written?.holdsBigint ? forValidation(answer.body) : answer.body;
    const broken = operation.validateResponse(answer.status, media, value, written?.text);
    const violations =
      requestViolations.length === 0
        ? NO_VIOLATIONS
        : requestViolations.map((v) => ({ location: ['request', ...v.location], message: v.message, severity: 'Error' }));
    if (broken.length > 0) {
      trace.answerViolations = broken;
      return problem(
        500,
        'The mock answer breaks the contract',
        `${operation.operationId} answered ${answer.status} with a body the contract does not allow.`,
        {
          violations: broken.map((v) => ({ location: v.location, message: v.message, severity: 'Error' })),
        },
      );
    }
    answer.violations = violations;
    if (written) answer.text = written.text;
    return answer;
  }

  return {
    operations: [...served.values()],
    /** The request headers the contracts name (header parameters, security schemes), for CORS preflights. */
    apiHeaders: headersNamed(operations),
    answer,
    /** Makes every operation's validators now (each is otherwise made on its operation's first call); returns how many. */
    prepareValidators: () => operations.reduce((count, operation) => count + operation.prepareValidators(), 0),
    /** The operation a method and raw path lead to (the validation proxy forwards by it). */
    route: (method: string, rawPath: string) => routes.match(method, rawPath),
    /**
     * Records a call another part answered (the validation proxy forwarded it): the journal,
     * coverage and onViolation see it as any other. `violations` start with `request` or `response`.
     */
    recordAnswered(incoming: IncomingRequest, operation: CompiledOperation, violations: readonly Violation[], status: number): void {
      if (!options.onAnswered) return;
      const namespace =
        behaviours.get(operation.area)!.namespaceOf?.(incoming.headers) ??
        credentialOf(operation, incoming.headers)?.namespace ??
        namespaceOfUnrouted(incoming.headers);
      const requestViolations = violations.filter((v) => v.location[0] === 'request').map((v) => ({ location: v.location.slice(1), message: v.message }));
      const answerViolations = violations.filter((v) => v.location[0] !== 'request');
      options.onAnswered({ namespace, time: clocks.of(namespace).now(), incoming, operation, requestViolations, answerViolations, status });
    },
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
      return behaviours.get(route.operation.area)?.bodyLimits?.[route.operation.operationId];
    },
    /** What each area serves as upgrades, one line each (for the refusal of one nobody serves). */
    upgrades: [...behaviours].flatMap(([area, behaviour]) => (behaviour.upgrade ? [`${area}: ${behaviour.upgrade.description}`] : [])),
    /** Hands an upgrade to the first area that takes its path: 'taken', the area's refusal, or undefined when no area serves the path. */
    upgrade(request: IncomingMessage, rawPath: string, socket: Duplex, head: Buffer): 'taken' | EngineAnswer | undefined {
      for (const [area, behaviour] of behaviours) {
        if (!behaviour.upgrade?.accepts(rawPath)) continue;
        const onMessage = options.onMessage;
        const record = onMessage
          ? (headers: Record<string, string>, message: unknown, outcome: Promise<unknown>) => {
              const arrived = options.clock.now();
              const settle = (error?: { message: string; code?: string }) => {
                const namespace = namespaceOfUnrouted(headers);
                onMessage({ namespace, time: arrived + clocks.of(namespace).now() - options.clock.now(), area, rawPath, message, error });
              };
              outcome.then(
                () => settle(),
                (error: unknown) =>
                  settle({
                    message: String((error as Error)?.message ?? error),
                    ...(typeof (error as { code?: unknown })?.code === 'string' ? { code: (error as { code: string }).code } : {}),
                  }),
              );
            }
          : undefined;
        const refusal = behaviour.upgrade.handle(request, socket, head, {
          stateOf: (namespace) => namespaces.stateOf(namespace, area),
          clock: options.clock,
          record,
        });
        return refusal ? toAnswer(refusal) : 'taken';
      }
      return undefined;
    },
    async close() {
      for (const behaviour of behaviours.values()) await behaviour.close?.();
    },
  };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;

/** A fault's answer: its own body as it is (outside the contract on purpose), else the documented answer, else no body. */
function faultAnswer(operation: CompiledOperation, fault: ActiveFault): EngineAnswer {
  if (fault.body === undefined) return documentedAnswer(operation, fault.status!) ?? { status: fault.status!, headers: { ...fault.headers }, violations: [] };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['content-type'] ??= typeof fault.body === 'string' ? 'text/plain' : 'application/json';
  const body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
  // `text`: sent as it is (a JSON body is written once, not again as a JSON string).
  return { status: fault.status!, headers, body, text: body, violations: [] };
}

/** The headers that carry an access key (apiKey schemes in a header), lower case: what names a request's namespace. */
function accessKeyHeadersOf(operations: CompiledOperation[]): string[] {
  const names = new Set<string>();
  for (const operation of operations)
    for (const scheme of operation.security.flat())
      if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.keyName) names.add(scheme.keyName.toLowerCase());
  return [...names];
}

/** The credentials an operation takes, for the violation of a request that sent none: `the AccessKey header`. */
function credentialsNamed(operation: CompiledOperation): string {
  const named = (scheme: CompiledOperation['security'][number][number]) =>
    scheme.type === 'http'
      ? `an Authorization: ${scheme.scheme === 'basic' ? 'Basic' : 'Bearer'} header`
      : `the ${scheme.keyName ?? scheme.name} ${scheme.in ?? 'header'}`;
  return operation.security.map((alternative) => alternative.map(named).join(' and ')).join(', or ');
}

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

/** The contract's own answer for a status: its first example, or no body. */
function documentedAnswer(operation: CompiledOperation, status: number): EngineAnswer | undefined {
  const response = operation.responses.get(String(status));
  if (!response) return undefined;
  const media = response.contents.find((m) => m.example !== undefined) ?? response.contents[0];
  if (!media || media.example === undefined) return { status, headers: {}, violations: [] };
  return { status, headers: { 'content-type': media.type }, body: structuredClone(media.example), violations: [] };
}

function documentedAnswerOrProblem(operation: CompiledOperation, status: number, violations: Violation[]): MockResponse {
  const documented = documentedAnswer(operation, status);
  if (documented) return documented;
  return {
    status: 400,
    headers: { 'content-type': 'application/problem+json' },
    body: { type: 'about:blank', title: 'Invalid request', status: 400, detail: violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ') },
  };
}

function toAnswer(response: MockResponse): EngineAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) headers[name.toLowerCase()] = value;
  if (response.body !== undefined && headers['content-type'] === undefined) {
    headers['content-type'] = typeof response.body === 'string' ? 'text/plain' : 'application/json';
  }
  return { status: response.status, headers, body: response.body, violations: [] };
}

/** A body as it is sent: text as it is for a text media type, JSON otherwise (exact for bigints). */
export function bodyText(body: unknown, mediaType: string | undefined): { text: string; holdsBigint: boolean } {
  if (typeof body === 'string' && !/json/i.test(mediaType ?? '')) return { text: body, holdsBigint: false };
  return jsonTextOf(body);
}

function mediaTypeOf(headers: Record<string, string>): string | undefined {
  const value = headers['content-type'];
  if (value === 'application/json') return value;
  return value?.split(';')[0]?.trim().toLowerCase();
}

/** The violations of an answer to a valid request: none (shared, never written to). */
const NO_VIOLATIONS: EngineAnswer['violations'] = Object.freeze([]) as never;

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
