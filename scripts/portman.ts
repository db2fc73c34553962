// `pnpm portman [area...]`: Portman (OpenAPI to Postman contract tests) and newman against the mock,
// as a user runs them from outside: each area's bundle converted with Portman's default settings,
// the collection run by newman against the mock on a free port, newman's counts per area. Portman
// is not a dependency: npm fetches the pinned versions into its own cache (`npm exec`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMock } from '@platform-contracts/mock';
import { checkAreas, parseScriptArgs } from './lib/args.ts';
import { freePort } from './lib/free-port.ts';
import { bundlePath, listAreas } from './lib/paths.ts';
import { fail } from './lib/run.ts';

/** The versions run; Portman 1.33.0 needs tslib beside it (its package does not name it). */
const PACKAGES = ['@apideck/portman@1.33.0', 'newman@6.2.2', 'tslib@2.8.1'];

/** newman's summary row, `│ assertions │ 24 │ 0 │`: executed and failed. */
function counts(output: string, row: string): [number, number] | undefined {
  const found = new RegExp(`│\\s*${row}\\s*│\\s*(\\d+)\\s*│\\s*(\\d+)\\s*│`).exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
  return found ? [Number(found[1]), Number(found[2])] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm portman [area...]',
    description: `Starts the mock on a free port and, for each area's bundle, runs Portman (${PACKAGES[0]}) with its
default settings (\`portman --local <bundle> --baseUrl <mock> --runNewman\`): Portman converts the
contract into a Postman collection with its contract tests, and newman (${PACKAGES[1]}) runs it. Prints
each area's requests and assertions (executed, failed), or why Portman stopped. Portman and newman
are fetched by npm into its cache (\`npm exec\`); not part of pnpm test. Needs the bundles (pnpm bundle).`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
    options: {
      verbose: { type: 'boolean' as const, description: "Portman's and newman's whole output too" },
    },
    epilogue: 'Exit codes: 0 every assertion passed, 1 an assertion failed or Portman stopped, 2 usage.',
  };
  const { values, positionals } = parseScriptArgs(spec);
  const areas = checkAreas(spec, positionals, listAreas());
  const chosen = areas.length > 0 ? areas : listAreas();
  const unbundled = chosen.filter((area) => !existsSync(bundlePath(area, 'yaml')));
  if (unbundled.length > 0) fail(`no bundle for ${unbundled.join(', ')}: run pnpm bundle`);
  const port = await freePort();
  const mock = await startMock({ port });
  const total = { assertions: 0, failed: 0, stopped: 0 };
  for (const area of chosen) {
    const cwd = mkdtempSync(path.join(tmpdir(), `portman-${area}-`));
    const packages = PACKAGES.flatMap((name) => ['--package', name]);
    const args = ['exec', '--yes', ...packages, '--', 'portman', '--local', bundlePath(area, 'yaml'), '--baseUrl', `http://127.0.0.1:${port}`, '--runNewman'];
    // Asynchronous: the mock answers newman from this process meanwhile.
    const result = await new Promise<{ output: string }>((resolve) => {
      const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      child.on('close', () => resolve({ output }));
    });
    rmSync(cwd, { recursive: true, force: true });
    if (values.verbose) console.log(result.output);
    const requests = counts(result.output, 'requests');
    const assertions = counts(result.output, 'assertions');
    if (!requests || !assertions) {
      const reason = /OAS File Error[^\n]*\n[^\n]*?(\w*Error: [^\n]+)/.exec(result.output.replace(/\x1b\[[0-9;]*m/g, ''))?.[1] ?? 'no newman summary';
      console.log(`${area}: Portman stopped: ${reason.trim()}`);
      total.stopped++;
      continue;
    }
    console.log(`${area}: ${requests[0]} requests, ${assertions[0]} assertions, ${assertions[1]} failed`);
    total.assertions += assertions[0];
    total.failed += assertions[1];
  }
  console.log(`all: ${total.assertions} assertions, ${total.failed} failed, ${total.stopped} areas Portman could not convert`);
  await mock.close();
  process.exit(total.failed > 0 || total.stopped > 0 ? 1 : 0);
}
