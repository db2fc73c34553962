// Prism's pipeline (route, security, request validation, mock, response validation) with the
// areas' behaviour plugged in as its mocking step.
import './lazy-faker.ts';
import { readFileSync } from 'node:fs';
import { createInstance, getHttpOperationsFromSpec, type IHttpConfig, type IHttpRequest, type IHttpResponse } from '@stoplight/prism-http';
import { createRequire } from 'node:module';
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types';
import * as E from 'fp-ts/lib/Either.js';
import { createLogger } from '@stoplight/prism-core';
import type { AreaBehaviour, AreaDefinition, MockRequest, MockResponse, OpenApiDocument, Violation } from './area.ts';
import { createRouter, matchPath } from './router.ts';


/** Marks a request whose JSON body could not be parsed; Prism sees the raw text. */
export const INVALID_JSON = Symbol('invalid JSON body');
export type ParsedRequest = IHttpRequest & { [INVALID_JSON]?: string };

export interface EngineOptions {
  areas: AreaDefinition[];
  /** Reads an area's bundled contract (parsed JSON). */
  loadBundle(area: string): OpenApiDocument;
  dynamic?: boolean;
  seed?: string;
  /** Per-area settings, handed to each area's setup. */
  settings?: Record<string, unknown>;
}

export interface ServedOperation {
  area: string;
  operationId: string;
  method: string;
  path: string;
}

export interface EngineAnswer {
  response: IHttpResponse;
  operation?: ServedOperation;
  /** Request and response violations, for the `sl-violations` header and the log. */
  violations: { location: string[]; message: string; severity: string }[];
}

// Prism's own mocking step (a CommonJS default export), used wherever no behaviour answers.
type MockComponent = NonNullable<Parameters<typeof createInstance>[1]['mock']>;
const mockWithPrism: MockComponent = createRequire(import.meta.url)('@stoplight/prism-http/dist/mocker/index.js').default;

export async function createEngine(options: EngineOptions) {
  const areaOf = new Map<IHttpOperation, { area: string; behaviour: AreaBehaviour }>();
  const operations: IHttpOperation[] = [];
  for (const definition of options.areas) {
    const document = options.loadBundle(definition.name);
    const behaviour = definition.setup({ document, example: exampleReader(document), settings: options.settings ?? {} });
    for (const operation of await getHttpOperationsFromSpec(document)) {
      operations.push(operation);
      areaOf.set(operation, { area: definition.name, behaviour });
    }
  }

  /** The operation Prism routed each request to, for the log. */
  const routedTo = new WeakMap<object, IHttpOperation>();
  /** Requests whose Prefer header asks for a generated answer (`dynamic=true`). */
  const prefersGenerated = new WeakSet<object>();
  const mock: MockComponent = (args) => {
    const { resource, input } = args;
    routedTo.set(input.data, resource);
    const owner = areaOf.get(resource);
    const request = toMockRequest(resource, input.data as ParsedRequest);
    const errors = input.validations.filter((v) => v.severity === DiagnosticSeverity.Error);
    const securityFailed = errors.some((v) => v.code === 401);
    const jsonError = (input.data as ParsedRequest)[INVALID_JSON];
    if ((errors.length > 0 || jsonError) && !securityFailed && owner?.behaviour.invalidRequest) {
      const violations: Violation[] = jsonError
        ? [{ location: ['body'], message: `is not valid JSON (${jsonError})` }]
        : errors.map((v) => ({ location: (v.path ?? []).map(String), message: v.message }));
      const answer = owner.behaviour.invalidRequest(violations, request);
      if (answer) return () => E.right(toHttpResponse(answer));
    }
    const handler = owner?.behaviour.handlers?.[request.operationId];
    const asksPrismForSpecificAnswer = args.config.code !== undefined || args.config.exampleKey !== undefined || prefersGenerated.has(input.data);
    if (errors.length === 0 && handler && !asksPrismForSpecificAnswer) {
      return () => E.tryCatch(() => toHttpResponse(handler(request)), E.toError);
    }
    return mockWithPrism(args);
  };

  const config: IHttpConfig = {
    mock: { dynamic: options.dynamic ?? false, ...(options.seed ? { seed: options.seed } : {}) },
    checkSecurity: true,
    validateRequest: true,
    validateResponse: true,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  };
  const logger = createLogger('PRISM', { level: 'silent' });

  const served = new Map(operations.map((operation) => [operation, describe(operation, areaOf.get(operation)!.area)]));
  const router = createRouter(operations);
  const prism = createInstance(config, { logger, mock });

  return {
    operations: [...served.values()],

    async answer(request: ParsedRequest, requestConfig: Partial<IHttpConfig> = {}): Promise<EngineAnswer | Error> {
      // Prism's Prefer parser leaves what the header does not set as undefined: keep the defaults.
      const preferred = Object.fromEntries(Object.entries(requestConfig.mock ?? {}).filter(([, value]) => value !== undefined));
      const merged = { ...config, ...requestConfig, mock: { ...config.mock, ...preferred } } as IHttpConfig;
      if ((requestConfig.mock as { dynamic?: boolean } | undefined)?.dynamic) prefersGenerated.add(request);
      const result = await prism.request(request, router.candidates(request.url.path), merged)();
      if (E.isLeft(result)) return result.left;
      const { output, validations } = result.right;
      const operation = routedTo.get(request);
      return {
        response: output,
        operation: operation && served.get(operation),
        violations: [
          ...validations.input.map((v) => violation('request', v)),
          ...validations.output.map((v) => violation('response', v)),
        ],
      };
    },

  };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;

function violation(prefix: string, v: { path?: (string | number)[]; message: string; severity: DiagnosticSeverity }) {
  return { location: [prefix, ...(v.path ?? []).map(String)], message: v.message, severity: DiagnosticSeverity[v.severity] ?? 'Error' };
}

function describe(operation: IHttpOperation, area: string): ServedOperation {
  return { area, operationId: operation.iid ?? operation.id, method: operation.method.toUpperCase(), path: operation.path };
}

function exampleReader(document: OpenApiDocument) {
  return <T>(name: string): T => {
    const example = document.components?.examples?.[name];
    if (!example || !('value' in example)) throw new Error(`the contract has no example named ${name}`);
    return structuredClone(example.value) as T;
  };
}

function toMockRequest(operation: IHttpOperation, input: IHttpRequest): MockRequest {
  return {
    operation,
    operationId: operation.iid ?? operation.id,
    method: input.method.toUpperCase(),
    path: input.url.path,
    params: matchPath(operation.path, input.url.path) ?? {},
    query: (input.url.query ?? {}) as Record<string, string | string[]>,
    headers: (input.headers ?? {}) as Record<string, string>,
    body: input.body,
  };
}

function toHttpResponse(answer: MockResponse): IHttpResponse {
  const headers: Record<string, string> = { ...answer.headers };
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (answer.body !== undefined && !hasContentType) {
    headers['content-type'] = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
  }
  return { statusCode: answer.status, headers, body: answer.body };
}

export function readBundle(path: string): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}
