// The validation proxy: `startMock({ proxy })` / `platform-mock --proxy URL`. Every call of an
// operation whose area has an upstream (narrowed by proxyOnly / mockOnly) is validated as the mock
// validates requests, forwarded unchanged (credentials included) to that upstream only, and its
// answer validated against the contract and returned unchanged, with the violations of both in
// `sl-violations` and in the request log. Each exchange is reported once (exchange.ts) to the drift
// report and the recorder. WebSocket upgrades of a proxied area are relayed (websocket.ts).
import { writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DoorAnswer, DoorRequest } from '../doors/door.ts';
import { queryOf } from '../doors/door-answers.ts';
import type { OpenApiDocument } from '../engine/area.ts';
import type { CompiledOperation } from '../engine/contract.ts';
import type { Engine } from '../engine/engine.ts';
import { answerHeaders, credentialHeaderNames, headerText, problem } from './answers.ts';
import { type AreaChecks, createAreaChecks } from './checks.ts';
import type { ContractViolation } from './contract-locations.ts';
import { createDriftReport, type DriftReport, driftSummary } from './drift-report.ts';
import { createExchangeReporter, type ExchangeListener, type ProxiedExchange } from './exchange.ts';
import { createForwarder, type Forwarded } from './forward.ts';
import { checkLimits, checkWritable, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_TIMEOUT_MS, type ProxyClosing, type ProxyHandle, type ProxyOptions } from './options.ts';
import { createRecorder } from './recorder.ts';
import { createRedactor, credentialsOf, sensitiveNames } from './secrets.ts';
import { createSelection } from './selection.ts';
import { forwardPath, ProxyOptionError, parseProxyValues, shownUrl, type Upstream, upstreamGroups } from './targets.ts';
import { createWebSocketRelay } from './websocket.ts';

export type { DriftReport, ExchangeListener, ProxiedExchange };
export { driftSummary, ProxyOptionError };

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
