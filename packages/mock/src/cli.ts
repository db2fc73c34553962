// `pnpm mock`: serves every area's contract from one process.
import { parseArgs } from 'node:util';
import { MockStartError, startMock, type RequestLogEntry } from './server.ts';

const USAGE = `Usage: pnpm mock [--port 4010] [--host 127.0.0.1] [--area NAME]... [--dynamic] [--seed TEXT] [--quiet] [--db-dir DIR] [--db-per-host]`;

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
        'db-dir': { type: 'string' },
        'db-per-host': { type: 'boolean', default: false },
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
    database: { dir: options['db-dir'], perHost: options['db-per-host'] },
  });
  console.log(`Mock server for the platform API at ${mock.url} (reference site at ${mock.url}/docs/)`);
  for (const op of mock.operations) console.log(`  ${op.method.padEnd(6)} ${op.path}  [${op.area}] ${op.operationId}`);
  if (mock.operations.some((op) => op.area === 'database')) {
    // The one place the mock prints tokens: they are generated for this run only.
    console.log(`Database tokens for this run: Full Access ${mock.database.fullAccessToken}  Read Only ${mock.database.readOnlyToken}`);
    console.log(`  databases ${options['db-dir'] ? `in ${options['db-dir']}` : 'in memory'}, ${options['db-per-host'] ? 'one per host name' : 'one default database'}`);
  }
  const stop = () => mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`error: ${error instanceof MockStartError ? error.message : String(error)}`);
  process.exit(1);
}
