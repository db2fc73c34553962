// The database area served over HTTP for a test file, with known tokens, a clock the tests can
// advance, and after every test a check that each request validated against the contract and
// each answer matches it.
//
// Until the mock's new engine (async handlers, namespaces, virtual clock) is in place, the area
// is served here by a small host that routes, checks security and validates request bodies
// against the contract, as the engine will; switch to startMock once it lands.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import area, { type DatabaseInfo, type DatabaseState } from '../../packages/mock/src/areas/database/definition.ts';
import type { DatabaseMockOptions } from '../../packages/mock/src/areas/database/options.ts';
import type { AreaBehaviour, MockRequest } from '../../packages/mock/src/area-next.ts';
import { deref, loadBundle, operationsOf, validateAnswer, validateAt } from './openapi.ts';

export const FULL_ACCESS_TOKEN = 'test-full-access-token';
export const READ_ONLY_TOKEN = 'test-read-only-token';
export const HEALTH_PATH = '/_mock/health';

export interface DatabaseHost {
  url: string;
  info: DatabaseInfo;
  /** Moves the mock's clock forward (token and stream expiry follow it). */
  advance(ms: number): void;
  close(): Promise<void>;
  /** Each request answered, with the violations of its body (for the after-each check). */
  onRequest?: (entry: { operationId?: string; violations: string[] }) => void;
}

const pointerOf = (path: string, method: string) => `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody/content/application~1json/schema`;

/** Serves the database area alone, on a free port. */
export async function startDatabaseHost(options: DatabaseMockOptions = {}): Promise<DatabaseHost> {
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const document = loadBundle('database');
  const behaviour: AreaBehaviour<DatabaseState, DatabaseInfo> = await area.setup({
    document,
    options,
    clock,
    example: <T>(name: string) => structuredClone(document.components.examples[name].value) as T,
  });
  const states = new Map<string, DatabaseState>();
  const stateOf = (namespace: string) => {
    let state = states.get(namespace);
    if (!state) states.set(namespace, (state = behaviour.seed!()));
    return state;
  };
  const routes = operationsOf('database').map((op) => ({
    ...op,
    pattern: new RegExp(`^${op.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
    scheme: Object.keys((op.operation.security ?? document.security ?? [{}])[0] ?? {})[0] as string | undefined,
  }));

  const host: DatabaseHost = {
    url: '',
    info: behaviour.info!,
    advance: (ms) => (offset += ms),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await behaviour.close?.();
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    const method = (req.method ?? 'GET').toLowerCase();
    if (url.pathname === HEALTH_PATH) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) return void res.writeHead(404).end();
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const request: MockRequest = {
      operationId: route.operationId,
      method: method.toUpperCase(),
      path: url.pathname,
      params: { ...route.pattern.exec(url.pathname)!.groups },
      query: Object.fromEntries(url.searchParams),
      headers,
      body: undefined,
    };
    if (route.scheme === 'AccessKey' && !headers.accesskey) return void res.writeHead(401).end();
    if (route.scheme === 'DatabaseAccessToken' && !/^Bearer \S/i.test(headers.authorization ?? '')) {
      host.onRequest?.({ operationId: route.operationId, violations: ['header.authorization: missing'] });
      return void res.writeHead(401).end();
    }
    let violations: string[] = [];
    const escaped = route.path.replace(/~/g, '~0').replace(/\//g, '~1');
    const declared: [unknown, string][] = [
      ...((document.paths[route.path].parameters ?? []) as unknown[]).map((p, i): [unknown, string] => [p, `#/paths/${escaped}/parameters/${i}`]),
      ...((route.operation.parameters ?? []) as unknown[]).map((p, i): [unknown, string] => [p, `#/paths/${escaped}/${method}/parameters/${i}`]),
    ];
    for (const [reference, pointer] of declared) {
      const parameter = deref(document, reference);
      if (parameter.in !== 'path') continue;
      const at = (reference as { $ref?: string }).$ref ?? pointer;
      const problems = validateAt('database', `${at}/schema`, request.params[parameter.name]);
      violations.push(...problems.map((problem) => `path.${parameter.name}${problem.replace(/^\(root\)/, '')}`));
    }
    if (route.operation.requestBody) {
      try {
        request.body = raw ? JSON.parse(raw) : undefined;
        if (request.body !== undefined || route.operation.requestBody.required) violations.push(...validateAt('database', pointerOf(route.path, method), request.body));
      } catch (error) {
        violations.push(`body is not valid JSON (${(error as Error).message})`);
      }
    }
    host.onRequest?.({ operationId: route.operationId, violations });
    const namespace = headers.accesskey ?? '';
    const answer = violations.length
      ? behaviour.invalidRequest!(violations.map((message) => ({ location: ['body'], message })), request)!
      : await behaviour.handlers![route.operationId]!(request, { state: stateOf(namespace), namespace, clock, stateOf });
    const body = answer.body === undefined ? undefined : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const type = answer.body === undefined ? {} : { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' };
    res.writeHead(answer.status, { ...type, ...answer.headers }).end(body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ title: 'Mock failure', detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return host;
}

export interface DatabaseMock {
  readonly url: string;
  readonly host: DatabaseHost;
  /** A fetch that checks every pipeline answer against the contract (checked after each test). */
  readonly fetch: typeof globalThis.fetch;
  /** The current test sends invalid requests on purpose: skip the request check once. */
  allowInvalidRequests(): void;
}

const CHECKED: Record<string, string> = { '/v2/pipeline': 'runPipeline', '/v3/pipeline': 'runPipelineV3', '/v3/cursor': 'runCursor' };

/** The database area for a test file, with the test tokens; options as startMock's `database`. */
export function useDatabaseMock(options: DatabaseMockOptions = {}): DatabaseMock {
  let host: DatabaseHost | undefined;
  let violations: string[] = [];
  let answerProblems: string[] = [];
  let invalidAllowed = false;

  beforeAll(async () => {
    host = await startDatabaseHost({ fullAccessToken: FULL_ACCESS_TOKEN, readOnlyToken: READ_ONLY_TOKEN, ...options });
    host.onRequest = (entry) => violations.push(...entry.violations);
  });
  afterAll(async () => {
    await host?.close();
  });
  afterEach(() => {
    const problems = { requestViolations: invalidAllowed ? [] : violations, answerProblems };
    violations = [];
    answerProblems = [];
    invalidAllowed = false;
    expect(problems).toEqual({ requestViolations: [], answerProblems: [] });
  });

  const checkingFetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await globalThis.fetch(input, init);
    const operationId = CHECKED[url.pathname];
    if (operationId) {
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.clone().text();
      const body = text && /json/.test(contentType) ? JSON.parse(text) : text || undefined;
      const problems = validateAnswer('database', operationId, response.status, body, contentType || undefined);
      answerProblems.push(...problems.map((p) => `${response.status}: ${p}`));
    }
    return response;
  };

  return {
    get url() {
      if (!host) throw new Error('the mock has not started');
      return host.url;
    },
    get host() {
      if (!host) throw new Error('the mock has not started');
      return host;
    },
    fetch: checkingFetch,
    allowInvalidRequests: () => {
      invalidAllowed = true;
    },
  };
}
