// `pnpm mock`: serves every area's contract from one process.
import { parseArgs } from 'node:util';
import { MockStartError, startMock, type RequestLogEntry } from './server.ts';

const USAGE = `Usage: pnpm mock [--port 4010] [--host 127.0.0.1] [--area NAME]... [--dynamic] [--seed TEXT] [--quiet]`;

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        dynamic: { type: 'boolean', default: false },
        seed: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        area: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
    return { ...values, port };
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
    onRequest: options.quiet ? undefined : logLine,
  });
  console.log(`Mock server for the platform API at ${mock.url} (reference site at ${mock.url}/docs/)`);
  for (const op of mock.operations) console.log(`  ${op.method.padEnd(6)} ${op.path}  [${op.area}] ${op.operationId}`);
  const stop = () => mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`error: ${error instanceof MockStartError ? error.message : String(error)}`);
  process.exit(1);
}
