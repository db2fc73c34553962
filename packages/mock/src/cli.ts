#!/usr/bin/env node
// `pnpm mock`: serves every area's contract from one process.
import { parseArgs } from 'node:util';
import { HEALTH_PATH, MockStartError, startMock, type RequestLogEntry } from './server.ts';

const USAGE = `Usage: pnpm mock [--port 4010] [--host 127.0.0.1] [--area NAME]... [--dynamic] [--seed TEXT] [--quiet] [--log-format text|json] [--max-body-bytes N] [--db-dir DIR] [--db-per-host]`;

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        dynamic: { type: 'boolean', default: false },
        seed: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        'log-format': { type: 'string', default: 'text' },
        'max-body-bytes': { type: 'string', default: String(1024 * 1024) },
        area: { type: 'string', multiple: true },
        'db-dir': { type: 'string' },
        'db-per-host': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
    const logFormat = values['log-format'];
    if (logFormat !== 'text' && logFormat !== 'json') throw new Error(`--log-format must be text or json, got "${logFormat}"`);
    const maxBodyBytes = Number(values['max-body-bytes']);
    if (!/^\d+$/.test(values['max-body-bytes']) || maxBodyBytes < 1) throw new Error(`--max-body-bytes must be a whole number of bytes above 0, got "${values['max-body-bytes']}"`);
    return { ...values, port, logFormat, maxBodyBytes } as const;
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

function logLine(entry: RequestLogEntry) {
  const name = entry.operation ? ` ${entry.operation.operationId}` : '';
  const problems = entry.violations.length ? `  (${entry.violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ')})` : '';
  console.log(`${entry.method} ${entry.path} -> ${entry.status}${name} ${entry.ms.toFixed(1)} ms${problems}`);
}

/** One JSON object per request, for log collectors. */
function logJson({ time, method, path, status, operation, violations, ms }: RequestLogEntry) {
  console.log(JSON.stringify({ time, method, path, status, area: operation?.area, operationId: operation?.operationId, ms: Number(ms.toFixed(2)), violations }));
}

/** On SIGINT or SIGTERM: stop accepting, answer the requests in flight, exit; a second signal exits at once. */
function stopOnSignals(close: () => Promise<void>) {
  const stop = (signal: string) => {
    process.once('SIGINT', () => process.exit(130));
    process.once('SIGTERM', () => process.exit(143));
    console.error(`${signal}: finishing requests in flight, then stopping`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`error: could not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const options = parseOptions();
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
try {
  const mock = await startMock({
    port: options.port,
    host: options.host,
    dynamic: options.dynamic,
    seed: options.seed,
    areas: options.area,
    maxBodyBytes: options.maxBodyBytes,
    onRequest: options.quiet ? undefined : options.logFormat === 'json' ? logJson : logLine,
    database: { dir: options['db-dir'], perHost: options['db-per-host'] },
  });
  console.log(`Mock server for the platform API at ${mock.url} (reference site at ${mock.url}/docs/, health at ${mock.url}${HEALTH_PATH})`);
  for (const op of mock.operations) console.log(`  ${op.method.padEnd(6)} ${op.path}  [${op.area}] ${op.operationId}`);
  if (mock.operations.some((op) => op.area === 'database')) {
    // The one place the mock prints tokens: they are generated for this run only.
    console.log(`Database tokens for this run: Full Access ${mock.database.fullAccessToken}  Read Only ${mock.database.readOnlyToken}`);
    console.log(`  databases ${options['db-dir'] ? `in ${options['db-dir']}` : 'in memory'}, ${options['db-per-host'] ? 'one per host name' : 'one default database'}`);
  }
  stopOnSignals(() => mock.close());
  // performance.now() counts from the start of the process.
  console.log(`Ready in ${Math.round(performance.now())} ms (${mock.operations.length} operations)`);
} catch (error) {
  console.error(`error: ${error instanceof MockStartError ? error.message : String(error)}`);
  process.exit(1);
}
