// Runs Specmatic (the pinned npm package, on Java 17: `pnpm setup:tools`) against the mock, area by
// area: each bundle with its negative cases beside it (bundles/<area>_examples/), in its
// example-based mode, or generative with a capped number of combinations.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMock } from '@platform-contracts/mock';
import { checkAreas, parseScriptArgs } from './lib/args.ts';
import { freePort } from './lib/free-port.ts';
import { ROOT, bundlePath, listAreas } from './lib/paths.ts';

const SPECMATIC = path.join(ROOT, 'node_modules/.bin/specmatic');

export interface SpecmaticRun {
  area: string;
  run: number;
  passed: number;
  failed: number;
  output: string;
}

/**
 * One area's `specmatic test` against the mock at `baseUrl` (run asynchronously: the mock may serve
 * from this process); the counts are Specmatic's own summary line.
 */
export async function runSpecmatic(area: string, baseUrl: string, { generative = false, maxCombinations = 64 } = {}): Promise<SpecmaticRun> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'specmatic-'));
  try {
    const env = { ...process.env, SPECMATIC_GENERATIVE_TESTS: String(generative), MAX_TEST_REQUEST_COMBINATIONS: String(maxCombinations) };
    const child = spawn(SPECMATIC, ['test', bundlePath(area, 'yaml'), `--testBaseURL=${baseUrl}`], { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    const summary = /Tests run: (\d+), Successes: (\d+), Failures: (\d+)(?:, WIP: \d+, Errors: (\d+))?/.exec(output);
    if (!summary) return { area, run: 0, passed: 0, failed: 1, output };
    return { area, run: Number(summary[1]), passed: Number(summary[2]), failed: Number(summary[3]) + Number(summary[4] ?? 0), output };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm specmatic [area...] [--generative] [--max-combinations N]',
    description: `Starts the mock on a free port and runs Specmatic's contract tests against it for each area's
bundle, with the negative cases beside it (packages/contracts/bundles/<area>_examples/). Needs Java 17
(pnpm setup:tools) and the bundles (pnpm bundle). Prints each area's counts and the failures.`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
    options: {
      generative: { type: 'boolean' as const, description: 'generative tests besides the examples' },
      'max-combinations': { type: 'string' as const, value: 'N', description: 'at most this many request combinations per operation (default: 64)' },
    },
    epilogue: 'Exit codes: 0 every test passed, 1 a test failed or Specmatic did not run, 2 usage.',
  };
  const { values, positionals } = parseScriptArgs(spec);
  const areas = checkAreas(spec, positionals, listAreas());
  const port = await freePort();
  const mock = await startMock({ port });
  let failed = 0;
  for (const area of areas.length > 0 ? areas : listAreas()) {
    const run = await runSpecmatic(area, `http://127.0.0.1:${port}`, {
      generative: values.generative,
      maxCombinations: Number(values['max-combinations'] ?? 64),
    });
    if (run.failed > 0) console.log(run.output);
    console.log(`${area}: ${run.run} tests, ${run.passed} passed, ${run.failed} failed`);
    failed += run.failed;
  }
  await mock.close();
  process.exit(failed > 0 ? 1 : 0);
}
