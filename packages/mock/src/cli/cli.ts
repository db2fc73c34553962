// `platform-mock`: serves every area's contract from one process: starts the mock with the
// options its flags give (cli-options.ts), logs requests and exchanges, writes coverage and the
// drift report when stopped. It knows no area by name.
import { readFileSync, writeFileSync } from 'node:fs';
import { HEALTH_PATH } from '../controls/control.ts';
import type { RequestLogEntry } from '../doors/door.ts';
import { UsageError } from '../engine/area.ts';
import { MockStartError } from '../mock/options.ts';
import { type RunningMock, startMock } from '../mock/start-mock.ts';
import { driftSummary } from '../proxy/drift-report.ts';
import type { ProxiedExchange } from '../proxy/exchange.ts';
import { mockProgram } from './cli-help.ts';
import { parseOptions, usage } from './cli-options.ts';
import { createLineWriter } from './log-lines.ts';

/** The request log (log-lines.ts: lines written together); what else the CLI prints goes through console, after a flush when it follows request lines. */
const log = createLineWriter();

function writeCoverageWhenClosed(mock: RunningMock, file: string): RunningMock {
  const close = mock.close;
  mock.close = async () => {
    await close();
    try {
      writeFileSync(file, `${JSON.stringify(mock.coverage(), null, 2)}\n`);
      console.error(`Contract coverage written to ${file}`);
    } catch (error) {
      throw new Error(`cannot write the coverage to ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  return mock;
}

function logLine(entry: RequestLogEntry) {
  const name = entry.operation ? ` ${entry.operation.operationId}` : '';
  const problems = entry.violations.length ? `  (${entry.violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ')})` : '';
  log.line(`${entry.method} ${entry.path} -> ${entry.status}${name} ${entry.ms.toFixed(1)} ms${problems}`);
}

function logJson({ time, method, path, status, operation, violations, ms }: RequestLogEntry) {
  log.line(JSON.stringify({ time, method, path, status, area: operation?.area, operationId: operation?.operationId, ms: Number(ms.toFixed(2)), violations }));
}

/** On SIGINT or SIGTERM: stop accepting, answer the requests in flight, exit 0; a second signal exits at once. */
function stopOnSignals(mock: RunningMock, stopped: () => number = () => 0) {
  const stop = (signal: string) => {
    process.once('SIGINT', () => process.exit(130));
    process.once('SIGTERM', () => process.exit(143));
    console.error(`${signal}: finishing requests in flight, then stopping`);
    mock.close().then(
      () => {
        log.flush();
        process.exit(stopped());
      },
      (error: unknown) => {
        console.error(`error: could not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The lines the door's log has none of: a WebSocket message that broke the contract, an upgrade the proxy could not complete. */
function logExchange(exchange: ProxiedExchange) {
  const problems = exchange.violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ');
  if (exchange.kind === 'message' && problems) log.line(`WS ${exchange.request.target} ${exchange.from} message  (${problems})`);
  if (exchange.kind === 'upgrade' && exchange.status !== 101)
    log.line(`WS ${exchange.request.target} -> ${exchange.status} upgrade not relayed${exchange.refused ? `: ${exchange.refused}` : ''}`);
}

function logExchangeJson(exchange: ProxiedExchange) {
  if ((exchange.kind === 'message' && exchange.violations.length > 0) || (exchange.kind === 'upgrade' && exchange.status !== 101)) {
    const { time, kind, area, from, request, status, refused } = exchange;
    log.line(
      JSON.stringify({
        time,
        kind,
        area,
        from,
        method: request.method,
        path: request.target,
        status,
        refused,
        violations: exchange.violations.map(({ location, message, contract }) => ({ location, message, contract })),
      }),
    );
  }
}

/** Once a proxying mock stopped: its summary, where the report went, and exit 3 when asked to fail on drift and there is drift. */
function afterProxy(mock: RunningMock, reportFile: string | undefined, failOnDrift: boolean): number {
  if (!mock.proxy) return 0;
  const report = mock.proxy.report();
  console.log(`\n${driftSummary(report)}`);
  if (reportFile) console.log(`Drift report written to ${reportFile} and ${reportFile.replace(/(\.json)?$/i, '.md')}`);
  if (failOnDrift && report.drift) {
    console.error('error: the proxied traffic contradicted the contract (--fail-on-drift); the drift report above says where');
    return 3;
  }
  return 0;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/**
 * As PID 1 (a container's process), a signal without a handler does nothing: until the mock is up
 * and stopOnSignals takes over, SIGINT or SIGTERM exits at once, as it does for any other process.
 */
function exitOnSignalsUntilUp(): () => void {
  if (process.pid !== 1) return () => {};
  const exits = { SIGINT: () => process.exit(130), SIGTERM: () => process.exit(143) };
  for (const [signal, exit] of Object.entries(exits)) process.once(signal, exit);
  return () => {
    for (const [signal, exit] of Object.entries(exits)) process.removeListener(signal, exit);
  };
}

/** Runs the CLI with these arguments; resolves with the running mock, or exits on a usage or start error. */
export async function runMockCli(argv: string[]): Promise<RunningMock> {
  const up = exitOnSignalsUntilUp();
  let parsed;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    console.error(`error: ${(error as Error).message}\nRun \`${mockProgram()} --help\` for the options.`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage());
    process.exit(0);
  }
  if (parsed.values.version) {
    console.log(version());
    process.exit(0);
  }
  const quiet = parsed.values.quiet === true;
  // Lines still waiting, when the process ends another way than stopOnSignals (a second signal, a crash).
  process.once('exit', log.flush);
  try {
    const started = await startMock({ ...(parsed.start as object), onRequest: quiet ? undefined : parsed.logFormat === 'json' ? logJson : logLine });
    const mock = parsed.coverageFile === undefined ? started : writeCoverageWhenClosed(started, parsed.coverageFile);
    const areas = new Set(mock.operations.map((op) => op.area));
    console.log(`Mock server for the platform API at ${mock.url} (${plural(areas.size, 'area')}, ${plural(mock.operations.length, 'operation')})`);
    console.log(`  Reference site: ${mock.url}/docs/`);
    console.log(`  Health:         ${mock.url}${HEALTH_PATH}`);
    if (!quiet) for (const op of mock.operations) console.log(`  ${op.method.padEnd(6)} ${op.path}  [${op.area}] ${op.operationId}`);
    for (const line of mock.report) console.log(line);
    if (mock.proxy) {
      const upstreams = Object.entries(mock.proxy.upstreams)
        .map(([group, url]) => `${group} -> ${url}`)
        .join(', ');
      console.log(
        `  Validation proxy: ${upstreams}; ${plural(mock.proxy.proxied.length, 'operation')} forwarded, ${plural(mock.operations.length - mock.proxy.proxied.length, 'operation')} answered by the mock`,
      );
      if (!quiet) mock.proxy.onExchange(parsed.logFormat === 'json' ? logExchangeJson : logExchange);
    }
    up();
    stopOnSignals(mock, () => afterProxy(mock, parsed.start.proxy?.driftReport, parsed.values['fail-on-drift'] === true));
    // performance.now() counts from the start of the process.
    console.log(`Ready in ${Math.round(performance.now())} ms${quiet ? '' : '; requests are logged below (--quiet to silence)'}`);
    // Listening and ready: Prism loads now, so that the first `Prefer` request does not wait for it.
    mock.preloadPrism();
    return mock;
  } catch (error) {
    console.error(`error: ${error instanceof MockStartError || error instanceof UsageError ? error.message : String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
