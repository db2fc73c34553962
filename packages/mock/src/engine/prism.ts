// The one module that reaches into Prism. Prism is the reference for what is valid and answers
// what the mock's own path does not: `Prefer` (code, example, dynamic) and operations without
// behaviour. It is loaded on the first request that needs it, so start-up does not pay for it,
// or before, in the background, when asked (`preload`: the CLI does once it listens, so that its
// first `Prefer` request does not wait seconds for it).
import diagnostics from 'node:diagnostics_channel';
import { createRequire, Module } from 'node:module';
import type { OpenApiDocument } from './area.ts';
import { loadInPieces, nextTurn, type Yield } from './prism-modules.ts';

export interface PrismRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

export interface PrismAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Request violations Prism found: location as Prism names it (parameters in lower case). */
  violations: { location: string[]; message: string; severity: string }[];
}

export interface PrismPreferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

/** An unreadable `Prefer` header or `__code`-style query parameter. */
export class PreferenceError extends Error {
  override name = 'PreferenceError';
}

type PrismModules = Awaited<ReturnType<typeof loadPrism>>;

/**
 * The diagnostics channel (node:diagnostics_channel) on which each mock reports loading Prism:
 * `{ event: 'loading' }`, then `{ event: 'loaded' }` or `{ event: 'failed', message }`.
 */
export const PRISM_CHANNEL = 'platform-mock:prism';
export type PrismEvent = { event: 'loading' } | { event: 'loaded' } | { event: 'failed'; message: string };
const channel = diagnostics.channel(PRISM_CHANNEL);
const publish = (event: PrismEvent) => channel.hasSubscribers && channel.publish(event);

/** Prism's modules, the heavy one in pieces with a turn of `pause` between them (see prism-modules.ts). */
async function loadPrism(pause: Yield) {
  installStandIns();
  await loadInPieces(import.meta.url, '@stoplight/prism-http', DEFERRED, pause);
  const http = await import('@stoplight/prism-http');
  const core = await import('@stoplight/prism-core');
  const { getHttpConfigFromRequest } = await import('@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js');
  const types = await import('@stoplight/types');
  const validator = createRequire(import.meta.url)('@stoplight/prism-http/dist/validator/index.js') as {
    validateInput(input: unknown): { _tag: string; left?: unknown };
    validateSecurity(input: unknown): { _tag: string; left?: unknown };
  };
  return { http, core, getHttpConfigFromRequest, validator, DiagnosticSeverity: types.DiagnosticSeverity };
}

/**
 * Modules Prism requires as it loads but uses only on paths the mock rarely or never takes; each
 * gets a stand-in in the module cache that loads what it stands for on first use:
 * - @faker-js/faker, with every locale (about half a second), for dynamic answers only, which
 *   need the English one only;
 * - postman-collection (40 to 80 ms in one piece), which @stoplight/http-spec needs only to read
 *   Postman collections (the mock gives Prism OpenAPI documents).
 */
export const DEFERRED = new Set(['@faker-js/faker', 'postman-collection']);
function installStandIns() {
  const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
  installStandIn(
    fromPrism.resolve('@faker-js/faker'),
    () => fromPrism('@faker-js/faker/locale/en') as object,
    (faker) => ({ __esModule: true, default: faker, faker }),
  );
  const fromHttpSpec = createRequire(fromPrism.resolve('@stoplight/http-spec'));
  const postmanPath = fromHttpSpec.resolve('postman-collection');
  installStandIn(
    postmanPath,
    () => {
      delete moduleCache[postmanPath]; // the real module takes the stand-in's place
      return fromHttpSpec(postmanPath) as object;
    },
    (postman) => postman,
  );
}

/** The CommonJS module cache (the same object as every `require.cache`). */
const moduleCache = createRequire(import.meta.url).cache;

/** Puts a stand-in for the module at `file` in the module cache (unless it is loaded already): its exports forward to `load()`'s, called on first use. */
function installStandIn(file: string, load: () => object, exportsOf: (forwarding: object) => unknown) {
  if (moduleCache[file]) return;
  let loaded: object | undefined;
  const real = () => (loaded ??= load());
  const forwarding = new Proxy({}, { get: (_, name) => Reflect.get(real(), name), has: (_, name) => Reflect.has(real(), name) });
  const standIn = new Module(file);
  standIn.filename = file;
  standIn.loaded = true;
  standIn.exports = exportsOf(forwarding);
  moduleCache[file] = standIn;
}

/**
 * `pause` gives way between the pieces of Prism's load (its modules), so that the thread answers
 * requests meanwhile; tests inject one that counts. An area's operations (Prism's reading of its
 * contract: 10 to 90 ms for one area) are read on the first request that needs them for that area.
 */
export function createPrismAdapter(documents: Map<string, OpenApiDocument>, defaults: { dynamic?: boolean; seed?: string }, pause: Yield = nextTurn) {
  let loading: Promise<{ prism: PrismModules; instance: any }> | undefined;
  const operationsByArea = new Map<string, Promise<Map<string, unknown[]>>>();

  function load() {
    return (loading ??= (async () => {
      publish({ event: 'loading' });
      const prism = await loadPrism(pause);
      await pause();
      const logger = prism.core.createLogger('PRISM', { level: 'silent' });
      const instance = prism.http.createInstance(baseConfig(defaults), { logger });
      publish({ event: 'loaded' });
      return { prism, instance };
    })().catch((error: unknown) => {
      publish({ event: 'failed', message: error instanceof Error ? error.message : String(error) });
      throw error;
    }));
  }

  /** Prism's operations of an area, by `METHOD path`. */
  function operationsOf(area: string, prism: PrismModules): Promise<Map<string, unknown[]>> {
    let operations = operationsByArea.get(area);
    if (!operations) {
      operations = (async () => {
        const byKey = new Map<string, unknown[]>();
        const document = documents.get(area);
        if (document)
          for (const operation of await prism.http.getHttpOperationsFromSpec(structuredClone(document)))
            byKey.set(`${operation.method.toUpperCase()} ${operation.path}`, [operation]);
        return byKey;
      })();
      operationsByArea.set(area, operations);
    }
    return operations;
  }

  return {
    /** Loads Prism from the next turn on, in the background, rather than on the first request that needs it; a failure is the requests' to report. */
    preload(): void {
      // After a turn: what waits already (a client's first request, sent as the port opens) is answered before Prism's first piece.
      pause()
        .then(load)
        .catch(() => {});
    },

    /** Whether a request asks Prism for a specific answer (Prefer header or `__code`-style query). */
    asksForPreference: (request: Pick<PrismRequest, 'headers' | 'query'>) => request.headers.prefer !== undefined || hasPrismQuery(request.query),

    /** Prism's answer for an operation, with the request's preferences. */
    async answer(area: string, method: string, path: string, request: PrismRequest, preferences: PrismPreferences = {}): Promise<PrismAnswer> {
      const { prism, instance } = await load();
      const candidates = (await operationsOf(area, prism)).get(`${method} ${path}`);
      if (!candidates) throw new Error(`Prism does not know ${method} ${path} of ${area}`);
      const config = baseConfig(defaults);
      const preferred = Object.fromEntries(Object.entries(preferences).filter(([, value]) => value !== undefined));
      const merged = { ...config, mock: { ...config.mock, ...preferred } };
      const result = await instance.request(toPrismRequest(request), candidates, merged)();
      if (result._tag === 'Left') throw result.left;
      const { output, validations } = result.right;
      return {
        status: output.statusCode,
        headers: Object.fromEntries(Object.entries(output.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)])),
        body: output.body,
        violations: validations.input.map((v: { path?: (string | number)[]; message: string; severity: number }) => ({
          location: ['request', ...(v.path ?? []).map(String)],
          message: v.message,
          severity: prism.DiagnosticSeverity[v.severity] ?? 'Error',
        })),
      };
    },

    /** The preferences of a request, read as Prism reads them. */
    async preferences(request: PrismRequest): Promise<PrismPreferences> {
      const { prism } = await load();
      const result = prism.getHttpConfigFromRequest(toPrismRequest(request) as never);
      if (result._tag === 'Left') throw new PreferenceError(result.left.message);
      return result.right as PrismPreferences;
    },

    /** Prism's request validation alone, for the differential test: violations with Prism's locations. */
    async validate(area: string, method: string, path: string, request: PrismRequest) {
      const { prism } = await load();
      const [operation] = (await operationsOf(area, prism)).get(`${method} ${path}`) ?? [];
      if (!operation) throw new Error(`Prism does not know ${method} ${path} of ${area}`);
      const input = { resource: operation, element: toPrismRequest(request) };
      const result = prism.validator.validateInput(input);
      const securityResult = prism.validator.validateSecurity(input);
      const errors = [...(result._tag === 'Left' ? (result.left as never[]) : []), ...(securityResult._tag === 'Left' ? (securityResult.left as never[]) : [])];
      return errors
        .filter((v: { severity: number }) => v.severity === prism.DiagnosticSeverity.Error)
        .map((v: { path?: (string | number)[]; message: string; code?: string | number }) => ({
          location: (v.path ?? []).map(String),
          message: v.message,
          code: v.code,
        }));
    },
  };
}

export type PrismAdapter = ReturnType<typeof createPrismAdapter>;

/** Whether a query names one of Prism's own parameters (`__code`, `__example`, ...); a loop, not a list of the keys made per request. */
function hasPrismQuery(query: Record<string, unknown>): boolean {
  for (const name in query) if (name.startsWith('__')) return true;
  return false;
}

function baseConfig(defaults: { dynamic?: boolean; seed?: string }) {
  return {
    mock: { dynamic: defaults.dynamic ?? false, ...(defaults.seed ? { seed: defaults.seed } : {}) },
    checkSecurity: true,
    validateRequest: true,
    validateResponse: true,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false as const,
  };
}

function toPrismRequest(request: PrismRequest) {
  return { method: request.method.toLowerCase(), url: { path: request.path, query: request.query }, headers: request.headers, body: request.body };
}
