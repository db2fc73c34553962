// The mock's generic engine: route, security, request validation and the area's behaviour on a
// path compiled once per operation; Prism answers only what asks for it (Prefer, operations
// without behaviour). It knows no area by name.
import contentType from 'content-type';
import Negotiator from 'negotiator';
import type { AreaBehaviour, AreaDefinition, Clock, MockRequest, MockResponse, OpenApiDocument, Violation } from './area.ts';
import { compileContract, mediaMatches, type CompiledMedia, type CompiledOperation } from './contract.ts';
import { createFaults, type Faults } from './faults.ts';
import { createNamespaces, DEFAULT_NAMESPACE, type Namespaces } from './namespaces.ts';
import { createPrismAdapter, PreferenceError, type PrismAdapter } from './prism.ts';
import { createRoutes, decodeSegment } from './routes.ts';

export interface ServedOperation {
  area: string;
  operationId: string;
  method: string;
  path: string;
}

/** A request as the server read it: the raw path (still percent-encoded) and the body's bytes. */
export interface IncomingRequest {
  method: string;
  rawPath: string;
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export interface EngineAnswer {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  operation?: ServedOperation;
  /** Request and response violations, for the `sl-violations` header and the log. */
  violations: { location: string[]; message: string; severity: string }[];
}

export interface EngineOptions {
  areas: AreaDefinition[];
  documents: Map<string, OpenApiDocument>;
  /** Each area's options, by area name. */
  areaOptions: Record<string, unknown>;
  clock: Clock;
  /** Waits for a fault's latency (tests inject their own). */
  sleep: (ms: number) => Promise<void>;
  maxNamespaces: number;
  dynamic?: boolean;
  seed?: string;
}

type AnyBehaviour = AreaBehaviour<unknown, unknown>;

const JSON_MEDIA = /^(application\/json|text\/json|application\/[^;]*\+json)$/;
const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}): EngineAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'about:blank', title, status, detail, ...extra },
  violations: [],
});

export async function createEngine(options: EngineOptions) {
  const behaviours = new Map<string, AnyBehaviour>();
  const operations: CompiledOperation[] = [];
  for (const definition of options.areas) {
    const document = options.documents.get(definition.name)!;
    operations.push(...compileContract(definition.name, document));
    const behaviour = (await definition.setup({
      document,
      example: exampleReader(document),
      options: options.areaOptions[definition.name] ?? {},
      clock: options.clock,
    })) as AnyBehaviour;
    behaviours.set(definition.name, behaviour);
  }
  const routes = createRoutes(operations);
  const namespaces: Namespaces = createNamespaces(behaviours, options.maxNamespaces);
  const byOperationId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const faults: Faults = createFaults((operationId) => {
    const operation = byOperationId.get(operationId);
    return operation && [...operation.responses.keys()];
  });
  const prism: PrismAdapter = createPrismAdapter(options.documents, { dynamic: options.dynamic, seed: options.seed });
  const served = new Map(operations.map((o) => [o, { area: o.area, operationId: o.operationId, method: o.method, path: o.path } satisfies ServedOperation]));

  async function answer(incoming: IncomingRequest): Promise<EngineAnswer> {
    const route = routes.match(incoming.method, incoming.rawPath);
    if (route.kind === 'no-path') return problem(404, 'Not found', `No operation of the platform API has the path ${incoming.rawPath}.`);
    if (route.kind === 'no-method') {
      const answer = problem(405, 'Method not allowed', `${incoming.rawPath} answers ${route.allow.join(', ')}, not ${incoming.method}.`);
      answer.headers.allow = route.allow.join(', ');
      return answer;
    }
    const { operation } = route;
    const operationInfo = served.get(operation)!;
    const behaviour = behaviours.get(operation.area)!;
    const withOperation = (answer: EngineAnswer): EngineAnswer => ({ ...answer, operation: operationInfo });

    const credential = credentialOf(operation, incoming.headers);
    if (credential === undefined) return withOperation(documentedAnswer(operation, 401) ?? { status: 401, headers: {}, violations: [] });
    const namespace = credential.namespace;

    const fault = faults.take(operation.operationId, namespace);
    if (fault?.latencyMs) await options.sleep(fault.latencyMs);
    if (fault?.status !== undefined) return withOperation(documentedAnswer(operation, fault.status)!);

    const { request, violations, unsupported } = readRequest(operation, route.rawParams, incoming);
    if (unsupported && !behaviour.invalidRequest) return withOperation(problem(415, 'Unsupported media type', `Content-Type ${unsupported}`));

    const handler = behaviour.handlers?.[operation.operationId];
    const prismRequest = { method: incoming.method, path: incoming.rawPath, query: incoming.query, headers: incoming.headers, body: request.body };
    const preference = prism.asksForPreference(prismRequest);
    if (violations.length > 0 && !(preference && !behaviour.invalidRequest)) {
      const refused = behaviour.invalidRequest?.(violations, request) ?? documentedAnswerOrProblem(operation, 400, violations);
      return withOperation(checked(operation, toAnswer(refused), violations));
    }

    const unacceptable = notAcceptable(operation, incoming.headers.accept);
    if (unacceptable) return withOperation(unacceptable);

    if (preference || !handler) {
      let preferences;
      try {
        preferences = preference ? await prism.preferences(prismRequest) : {};
      } catch (error) {
        if (error instanceof PreferenceError) return withOperation(problem(422, 'Invalid Prefer header', error.message));
        throw error;
      }
      const answer = await prism.answer(operation.area, operation.method, operation.path, prismRequest, preferences);
      return withOperation(checked(operation, { status: answer.status, headers: answer.headers, body: answer.body, violations: [] }, []));
    }

    const call = {
      state: namespaces.stateOf(namespace, operation.area),
      namespace,
      clock: options.clock,
      stateOf: (other: string) => namespaces.stateOf(other, operation.area),
    };
    return withOperation(checked(operation, toAnswer(await handler(request, call)), []));
  }

  /** Validates an answer against the contract; one that breaks it becomes a 500 that says so. */
  function checked(operation: CompiledOperation, answer: EngineAnswer, requestViolations: Violation[]): EngineAnswer {
    const media = answer.body === undefined ? undefined : mediaTypeOf(answer.headers);
    const broken = operation.validateResponse(answer.status, media, answer.body);
    const violations = requestViolations.map((v) => ({ location: ['request', ...v.location], message: v.message, severity: 'Error' }));
    if (broken.length > 0) {
      return problem(500, 'The mock answer breaks the contract', `${operation.operationId} answered ${answer.status} with a body the contract does not allow.`, {
        violations: broken.map((v) => ({ location: v.location, message: v.message, severity: 'Error' })),
      });
    }
    return { ...answer, violations };
  }

  return {
    operations: [...served.values()],
    answer,
    namespaces,
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
    async close() {
      for (const behaviour of behaviours.values()) await behaviour.close?.();
    },
  };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;

/**
 * The credential a request satisfies the operation's security with: the namespace is the
 * access key (the first apiKey credential); operations secured otherwise (a bearer token) run in
 * the default namespace and their area finds the namespace from the token. Undefined: refused.
 */
function credentialOf(operation: CompiledOperation, headers: Record<string, string>): { namespace: string } | undefined {
  if (operation.security.length === 0) return { namespace: DEFAULT_NAMESPACE };
  for (const alternative of operation.security) {
    let namespace: string | undefined;
    const satisfied = alternative.every((scheme) => {
      if (scheme.type === 'apiKey' && scheme.in === 'header') {
        const value = headers[scheme.keyName!.toLowerCase()];
        if (value === undefined || value === '') return false;
        namespace ??= value;
        return true;
      }
      if (scheme.type === 'http' && scheme.scheme === 'bearer') return /^Bearer\s+\S+/i.test(headers.authorization ?? '');
      if (scheme.type === 'http' && scheme.scheme === 'basic') return /^Basic\s+\S+/i.test(headers.authorization ?? '');
      return headers[(scheme.keyName ?? '').toLowerCase()] !== undefined;
    });
    if (satisfied) return { namespace: namespace ?? DEFAULT_NAMESPACE };
  }
  return undefined;
}

/** Parameters and body, decoded and validated against the operation's compiled schemas. */
interface ReadRequest {
  request: MockRequest;
  violations: Violation[];
  /** Why the body's media type is refused, when it is. */
  unsupported?: string;
}

function readRequest(operation: CompiledOperation, rawParams: Record<string, string>, incoming: IncomingRequest): ReadRequest {
  const violations: Violation[] = [];
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(rawParams)) {
    if (raw === '') continue; // an empty segment leaves a required parameter missing
    const decoded = decodeSegment(raw);
    if (decoded === undefined) violations.push({ location: ['path', name], message: `is not valid percent-encoding: ${JSON.stringify(raw)}` });
    else params[name] = decoded;
  }
  const values = { path: { ...params } as Record<string, unknown>, query: { ...incoming.query } as Record<string, unknown>, header: { ...incoming.headers } as Record<string, unknown> };
  // Prism lets an empty query value through as absent; so does the mock.
  for (const [name, value] of Object.entries(values.query)) if (value === '') delete values.query[name];
  if (violations.length === 0) violations.push(...operation.validateParameters(values));

  const request: MockRequest = { operationId: operation.operationId, method: incoming.method, path: incoming.rawPath, params, query: incoming.query, headers: incoming.headers, body: undefined };
  const hasBody = incoming.body !== undefined && incoming.body.length > 0;
  if (!operation.body) return { request, violations };
  if (!hasBody) {
    if (operation.body.required) violations.push({ location: ['body'], message: 'is required' });
    return { request, violations };
  }
  const sentType = incoming.headers['content-type'];
  const accepted = operation.body.contents.map((m) => m.type).join(', ');
  // A media type the operation does not take is a violation like any other, answered with the
  // operation's documented error body (a 415 only where the area has none).
  const refuse = (message: string): ReadRequest => {
    violations.push({ location: ['body'], message: `Content-Type ${message}` });
    return { request, violations, unsupported: `${message}.` };
  };
  if (sentType === undefined) return refuse(`is missing; a request body needs one and ${operation.operationId} takes ${accepted}`);
  let parsed;
  try {
    parsed = contentType.parse(sentType);
  } catch {
    violations.push({ location: ['body'], message: `Content-Type is not a media type: ${JSON.stringify(sentType)}` });
    return { request, violations };
  }
  const media: CompiledMedia | undefined = operation.body.contents.find((m) => mediaMatches(m.type, parsed.type));
  if (!media) return refuse(`${parsed.type} is not one of the content types ${operation.operationId} takes (${accepted})`);
  request.contentType = parsed.type;
  const charset = parsed.parameters.charset?.toLowerCase();
  if (charset && !['utf-8', 'utf8', 'us-ascii'].includes(charset)) {
    return refuse(`charset ${charset} is not read; send UTF-8`);
  }
  const text = incoming.body!.toString('utf8');
  if (JSON_MEDIA.test(media.type) || JSON_MEDIA.test(parsed.type)) {
    try {
      request.body = JSON.parse(text);
    } catch (error) {
      violations.push({ location: ['body'], message: `is not valid JSON (${(error as Error).message})` });
      return { request, violations };
    }
  } else {
    request.body = text;
  }
  violations.push(...operation.validateBody(media, request.body));
  return { request, violations };
}

/** 406 when the request's Accept rules out every media type of the operation's success answers. */
function notAcceptable(operation: CompiledOperation, accept: string | undefined): EngineAnswer | undefined {
  if (!accept) return undefined;
  const offered = [...operation.responses.entries()].filter(([status]) => status.startsWith('2')).flatMap(([, r]) => r.contents.map((m) => m.type));
  if (offered.length === 0) return undefined;
  const negotiator = new Negotiator({ headers: { accept } });
  if (negotiator.mediaTypes(offered).length > 0) return undefined;
  return problem(406, 'Not acceptable', `${operation.operationId} answers ${offered.join(', ')}; the Accept header (${accept}) allows none of them.`);
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
  return { status: 400, headers: { 'content-type': 'application/problem+json' }, body: { type: 'about:blank', title: 'Invalid request', status: 400, detail: violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ') } };
}

function toAnswer(response: MockResponse): EngineAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) headers[name.toLowerCase()] = value;
  if (response.body !== undefined && headers['content-type'] === undefined) {
    headers['content-type'] = typeof response.body === 'string' ? 'text/plain' : 'application/json';
  }
  return { status: response.status, headers, body: response.body, violations: [] };
}

function mediaTypeOf(headers: Record<string, string>): string | undefined {
  const value = headers['content-type'];
  return value?.split(';')[0]!.trim().toLowerCase();
}

function exampleReader(document: OpenApiDocument) {
  return <T>(name: string): T => {
    const example = document.components?.examples?.[name];
    if (!example || !('value' in example)) throw new Error(`the contract has no example named ${name}`);
    return structuredClone(example.value) as T;
  };
}
