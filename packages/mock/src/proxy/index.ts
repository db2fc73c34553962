// The validation proxy: `startMock({ proxy })` / `platform-mock --proxy URL`. Every call of an
// operation whose area has an upstream (narrowed by proxyOnly / mockOnly) is validated as the mock
// validates requests, forwarded unchanged (credentials included) to that upstream only, and its
// answer validated against the contract and returned unchanged, with the violations of both in
// `sl-violations` and in the request log. Each exchange is reported once (exchange.ts) to the drift
// report and the recorder. WebSocket upgrades of a proxied area are relayed (websocket.ts).
import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { OpenApiDocument } from '../engine/area.ts';
import type { CompiledOperation } from '../engine/contract.ts';
import type { ServedOperation } from '../engine/answer.ts';
import type { Engine } from '../engine/engine.ts';
import { queryOf } from '../doors/door-answers.ts';
import type { DoorAnswer, DoorRequest } from '../doors/door.ts';
import { createAreaChecks, type AreaChecks } from './checks.ts';
import type { ContractViolation } from './contract-locations.ts';
import { createDriftReport, driftSummary, type DriftReport } from './drift-report.ts';
import { createExchangeReporter, type ExchangeListener, type ProxiedExchange } from './exchange.ts';
import { createForwarder, type Forwarded } from './forward.ts';
import { createRecorder, type RecordedFile } from './recorder.ts';
import { createRedactor, credentialsOf, sensitiveNames } from './secrets.ts';
import { createSelection } from './selection.ts';
import { forwardPath, parseProxyValues, ProxyOptionError, shownUrl, upstreamGroups, type Upstream } from './targets.ts';
import { createWebSocketRelay } from './websocket.ts';

export { ProxyOptionError, driftSummary };
export type { DriftReport, ProxiedExchange, ExchangeListener, RecordedFile };
export type { ContractViolation };

export interface ProxyOptions {
  /**
   * Where the platform is: one base URL for every area, or one per group of areas as the
   * contracts' servers name them: `{ api: 'https://api.staging.example', video: '...', database: '...' }`
   * (`{api_base_url}`, `{video_base_url}`, `{database_host}`). The proxy forwards to these only.
   */
  to: string | Record<string, string> | string[];
  /** Forward only these operations (operationIds, or area names for all of an area's calls and its WebSocket); the mock answers the rest. */
  proxyOnly?: string[];
  /** Let the mock answer these operations (or areas); the proxy forwards the rest. */
  mockOnly?: string[];
  /** Write the drift report here when the mock closes (JSON), with a readable summary beside it (`.md`). */
  driftReport?: string;
  /** Write the upstream's answers here when the mock closes, as candidate examples (see recorder.ts). */
  record?: string;
  /** Time for one upstream exchange (connect, answer, body); beyond it the proxy answers 504. Default 30 s. */
  timeoutMs?: number;
  /** Largest upstream answer (or WebSocket message) read; beyond it the proxy answers 502. Default 16 MiB. */
  maxAnswerBytes?: number;
}

/** What `mock.proxy` offers while the proxy runs. */
export interface ProxyHandle {
  /** Each upstream group and the base URL it forwards to. */
  upstreams: Record<string, string>;
  /** The operations it forwards (the mock answers the others). */
  proxied: string[];
  /** The drift report of the traffic so far (once the mock closed, the final one). */
  report(): DriftReport;
  /** Calls the listener with every proxied exchange (the one place they are reported); returns a function that stops it. */
  onExchange(listener: ExchangeListener): () => void;
}

/** What closing the proxy wrote. */
export interface ProxyClosing {
  report: DriftReport;
  summary: string;
  files: string[];
  recorded: RecordedFile[];
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export function proxyOptionsOf(proxy: string | ProxyOptions): ProxyOptions {
  return typeof proxy === 'string' ? { to: proxy } : proxy;
}

/** The report and the recordings are written when the proxy stops: a place that cannot take them is refused now, not after the run. */
function checkWritable(options: ProxyOptions) {
  const places: [string, string | undefined][] = [
    ['--drift-report (proxy.driftReport)', options.driftReport && path.dirname(path.resolve(options.driftReport))],
    ['--record (proxy.record)', options.record && (existsSync(options.record) ? options.record : path.dirname(path.resolve(options.record)))],
  ];
  for (const [what, folder] of places) {
    if (!folder) continue;
    try {
      if (!statSync(folder).isDirectory()) throw new Error('not a folder');
      accessSync(folder, constants.W_OK);
    } catch (error) {
      throw new ProxyOptionError(`${what}: cannot write into ${folder} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

/** Checks the options' shape; the groups and names are checked against the contracts by createProxy. */
function checkLimits(options: ProxyOptions) {
  for (const [name, value] of [
    ['timeoutMs', options.timeoutMs],
    ['maxAnswerBytes', options.maxAnswerBytes],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      throw new ProxyOptionError(`proxy.${name} is a whole number above 0 (got ${JSON.stringify(value)})`);
  }
}

export function createProxy(options: ProxyOptions, engine: Engine, documents: Map<string, OpenApiDocument>) {
  checkLimits(options);
  checkWritable(options);
  const groups = upstreamGroups(documents);
  const upstreams: Upstream[] = parseProxyValues(options.to, groups);
  const upstreamOfArea = new Map<string, Upstream>();
  for (const upstream of upstreams) for (const area of groups.find((g) => g.name === upstream.group)!.areas) upstreamOfArea.set(area, upstream);
  const selection = createSelection({
    upstreamAreas: new Set(upstreamOfArea.keys()),
    operations: engine.operations,
    proxyOnly: options.proxyOnly,
    mockOnly: options.mockOnly,
  });
  const allowedOrigins = new Set(upstreams.map((u) => u.url.origin));
  const shown = Object.fromEntries(upstreams.map((u) => [u.group, shownUrl(u.url)]));

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const forwarder = createForwarder({
    timeoutMs,
    maxAnswerBytes,
    timeoutOption: '--proxy-timeout-ms (proxy.timeoutMs)',
    sizeOption: '--proxy-max-answer-bytes (proxy.maxAnswerBytes)',
  });
  const checks = new Map<string, AreaChecks>();
  const checksOf = (area: string) => {
    let found = checks.get(area);
    if (!found) checks.set(area, (found = createAreaChecks(area, documents.get(area)!, maxAnswerBytes)));
    return found;
  };
  const redactor = createRedactor(sensitiveNames(documents.values()));
  const credentialHeaders = credentialHeaderNames(documents.values());

  const exchanges = createExchangeReporter();
  const drift = createDriftReport(shown);
  exchanges.listen((exchange) => drift.add(exchange, (area, at) => checksOf(area).assumedAt(at)));
  const recorder = options.record ? createRecorder(options.record) : undefined;
  if (recorder) exchanges.listen(recorder.add);

  const served = new Map(engine.operations.map((o) => [o.operationId, o]));

  /** The violations as an exchange keeps them: values redacted, messages without the request's credentials. */
  const keep = (violations: ContractViolation[], secrets: string[]): ContractViolation[] =>
    violations.map((v) => ({
      ...v,
      message: redactor.redactText(v.message, secrets),
      ...(v.value === undefined ? {} : { value: redactor.redact(v.value, secrets) }),
    }));

  /** Forwards a call of a proxied operation; undefined when the mock answers it (not an operation, or not proxied). */
  async function handle(request: DoorRequest, rawPath: string, search: string): Promise<DoorAnswer | undefined> {
    const route = engine.route(request.method, rawPath);
    if (route.kind !== 'operation' || !selection.operation(route.operation)) return undefined;
    const operation: CompiledOperation = route.operation;
    const upstream = upstreamOfArea.get(operation.area)!;
    const started = performance.now();
    const time = new Date().toISOString();
    const area = checksOf(operation.area);
    const body = request.body !== undefined && request.body.length > 0 ? request.body : undefined;
    const requestViolations = area.judgeRequest(operation, route.rawParams, {
      method: request.method,
      rawPath,
      query: queryOf(search),
      headers: request.headers,
      body,
    });
    const forwarded = await forwarder.forward(upstream.url, {
      method: request.method,
      path: forwardPath(upstream.url, rawPath, search),
      headers: request.headers,
      body,
    });
    const secrets = credentialsOf(request.headers, credentialHeaders);
    const exchange: ProxiedExchange = {
      time,
      kind: 'http',
      area: operation.area,
      operation: served.get(operation.operationId),
      request: { method: request.method, target: redactor.redactTarget(rawPath, search, secrets) },
      status: 0,
      violations: [],
      confirmed: [],
      ms: 0,
    };
    const answer =
      forwarded.kind === 'answer'
        ? judged(forwarded, operation, request, { rawPath, search }, upstream, exchange, requestViolations, secrets)
        : failed(forwarded, exchange, requestViolations, secrets);
    exchange.ms = performance.now() - started;
    // In the journal and coverage as the mock's own answers are, its violations with secrets redacted.
    engine.recordAnswered(
      { method: request.method, rawPath, query: queryOf(search), headers: request.headers, body },
      operation,
      exchange.violations,
      answer.status,
    );
    exchanges.report(exchange);
    return answer;
  }

  function judged(
    forwarded: Extract<Forwarded, { kind: 'answer' }>,
    operation: CompiledOperation,
    request: DoorRequest,
    target: { rawPath: string; search: string },
    upstream: Upstream,
    exchange: ProxiedExchange,
    requestViolations: ContractViolation[],
    secrets: string[],
  ): DoorAnswer {
    const { rawPath, search } = target;
    const judgement = checksOf(operation.area).judgeAnswer(operation, request.method, forwarded.status, forwarded.headers, forwarded.body);
    const violations = [...requestViolations, ...judgement.violations];
    Object.assign(exchange, {
      status: forwarded.status,
      violations: keep(violations, secrets),
      confirmed: judgement.confirmed,
      documented: judgement.documented,
    });
    if (recorder && judgement.body.value !== undefined)
      exchange.answer = { mediaType: judgement.body.mediaType, value: redactor.redact(judgement.body.value, secrets) };
    const logged = exchange.violations.map(({ location, message }) => ({ location, message, severity: 'Error' }));
    const headers = answerHeaders(forwarded.headers);
    if (logged.length > 0) headers['sl-violations'] = headerText(logged);

    const redirect = redirectOf(forwarded.status, headers.location, upstream, request.method, forwardPath(upstream.url, rawPath, search));
    if (redirect?.refused) {
      exchange.refused = redirect.refused;
      return problem(
        502,
        'Redirect refused',
        `${redirect.refused} The proxy follows no redirect and forwards only to the URLs given to --proxy.`,
        logged,
        exchange.operation,
      );
    }
    if (redirect?.location !== undefined) headers.location = redirect.location;
    return { status: forwarded.status, headers, body: forwarded.body, operation: exchange.operation, violations: logged };
  }

  function failed(
    forwarded: Extract<Forwarded, { kind: 'failed' }>,
    exchange: ProxiedExchange,
    requestViolations: ContractViolation[],
    secrets: string[],
  ): DoorAnswer {
    const violations = keep(requestViolations, secrets);
    Object.assign(exchange, { status: forwarded.status, violations, refused: forwarded.detail });
    const logged = violations.map(({ location, message }) => ({ location, message, severity: 'Error' }));
    return problem(forwarded.status, forwarded.title, forwarded.detail, logged, exchange.operation);
  }

  /**
   * Where a 3xx answer sends the client: refused when it leaves the upstreams given; one within
   * the upstream's base URL is made relative to the proxy (without the base URL's origin and path
   * prefix), so that the client's next request comes through the proxy again.
   */
  function redirectOf(
    status: number,
    location: string | undefined,
    upstream: Upstream,
    method: string,
    sentTarget: string,
  ): { refused?: string; location?: string } | undefined {
    if (status < 300 || status >= 400 || location === undefined) return undefined;
    let resolved: URL;
    try {
      resolved = new URL(location, new URL(sentTarget, upstream.url.origin));
    } catch {
      return { refused: `The upstream answered ${status} with a Location that is not a URL.` };
    }
    if (!allowedOrigins.has(resolved.origin))
      return { refused: `The upstream answered ${method} ${status} to ${resolved.origin}, a host not given to --proxy.` };
    const prefix = upstream.url.pathname.replace(/\/+$/, '');
    const absolute = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(location);
    if (resolved.origin === upstream.url.origin && resolved.pathname.startsWith(`${prefix}/`) && (absolute || prefix !== ''))
      return { location: `${resolved.pathname.slice(prefix.length)}${resolved.search}${resolved.hash}` };
    return undefined;
  }

  const relay = createWebSocketRelay({
    engine,
    selection,
    upstreamOfArea,
    timeoutMs,
    maxAnswerBytes,
    checksOf,
    report: (exchange) => exchanges.report(exchange),
    keep,
    secretsOf: (headers) => credentialsOf(headers, credentialHeaders),
    redactTarget: redactor.redactTarget,
    allowedOrigins,
  });

  let final: DriftReport | undefined;
  const handleOfProxy: ProxyHandle = {
    upstreams: shown,
    proxied: engine.operations.filter((o) => selection.operation(o)).map((o) => o.operationId),
    report: () => final ?? drift.report(),
    onExchange: (listener) => exchanges.listen(listener),
  };

  return {
    handle,
    /** Takes a WebSocket upgrade of a proxied area (true), or leaves it to the mock (false). */
    upgrade: (request: IncomingMessage, rawPath: string, search: string, socket: Duplex, head: Buffer): boolean =>
      relay.upgrade(request, rawPath, search, socket, head),
    handleOfProxy,
    /** Ends the relayed connections, then writes the report and the recordings; what it wrote. */
    close(): ProxyClosing {
      relay.close();
      forwarder.close();
      if (final) return { report: final, summary: driftSummary(final), files: [], recorded: [] };
      const report = (final = drift.report(new Date()));
      const summary = driftSummary(report);
      const files: string[] = [];
      if (options.driftReport) {
        const markdown = options.driftReport.replace(/(\.json)?$/i, '.md');
        // Integers beyond 2^53 in examples are written as their digits in a string: JSON.stringify has no exact form for them.
        writeFileSync(options.driftReport, `${JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`);
        writeFileSync(markdown, summary);
        files.push(options.driftReport, markdown);
      }
      const recorded = recorder?.write() ?? [];
      if (options.record && recorder) files.push(options.record);
      return { report, summary, files, recorded };
    },
  };
}

export type Proxy = ReturnType<typeof createProxy>;

/** The upstream's headers, but its CORS headers: who may read an answer from the mock is the mock's rule (access.ts). */
function answerHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith('access-control-')) kept[name] = value;
  return kept;
}

/** Header values must be Latin-1 (as door-answers.ts writes `sl-violations`). */
const headerText = (violations: unknown[]) =>
  JSON.stringify(violations)
    .slice(0, 8000)
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function problem(status: number, title: string, detail: string, violations: DoorAnswer['violations'], operation: ServedOperation | undefined): DoorAnswer {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  const headers: Record<string, string> = { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)) };
  if (violations.length > 0) headers['sl-violations'] = headerText(violations);
  return { status, headers, body, operation, violations };
}

/** Request headers that carry credentials, from the contracts' security schemes (API keys in headers, HTTP authentication). */
function credentialHeaderNames(documents: Iterable<OpenApiDocument>): Set<string> {
  const names = new Set(['authorization', 'cookie', 'proxy-authorization']);
  for (const document of documents) {
    const schemes = ((document.components as Record<string, unknown> | undefined)?.securitySchemes ?? {}) as Record<
      string,
      { type?: string; in?: string; name?: string }
    >;
    for (const scheme of Object.values(schemes)) if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) names.add(scheme.name.toLowerCase());
  }
  return names;
}
