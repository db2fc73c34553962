// `pnpm specmatic [area...] [--generative] [--max-combinations N]`: Specmatic (the pinned npm package,
// on Java 17: `pnpm setup:tools`) against the mock, area by area: each bundle with its negative cases
// beside it (bundles/<area>_examples/), in its example-based mode, or generative with a capped
// number of combinations. The example-based run is also a test (test/contracts/specmatic.test.ts).
import { existsSync } from 'node:fs';
import { startMock } from '@platform-contracts/mock';
import { checkAreas, parseScriptArgs } from './lib/args.ts';
import { freePort } from './lib/free-port.ts';
import { bundlePath, listAreas } from './lib/paths.ts';
import { fail } from './lib/run.ts';
import { javaMissing, runSpecmatic, specmaticMockOptions } from './lib/specmatic/run.ts';

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = {
    usage: 'pnpm specmatic [area...] [--generative] [--max-combinations N]',
    description: `Starts the mock on a free port and runs Specmatic's contract tests against it for each area's
bundle, with the negative cases beside it (packages/contracts/bundles/<area>_examples/): every
example and negative case (pnpm test runs this part), and with --generative also the requests
Specmatic makes up from the schemas. Needs Java 17 (pnpm setup:tools) and the bundles (pnpm bundle).
Prints each area's counts and seconds, and every failed test with Specmatic's account of it.
Specmatic is given a dictionary (scripts/lib/specmatic/dictionary.ts: every array a bounded request
array allows, as Specmatic ignores minItems, maxItems and uniqueItems); in a generative run the tests
of scripts/lib/specmatic/exclusions.ts (Specmatic's own defects) are counted apart, and an entry that
matches no test, or whose test passes, fails the run.`,
    positionals: { area: 'an area of openapi/ (default: every area)' },
    options: {
      generative: { type: 'boolean' as const, description: 'generative tests besides the examples' },
      verbose: { type: 'boolean' as const, description: "Specmatic's whole output too (every request and answer)" },
      'max-combinations': { type: 'string' as const, value: 'N', description: 'at most this many request combinations per operation (default: 64)' },
    },
    epilogue: 'Exit codes: 0 every test passed, 1 a test failed or Specmatic did not run, 2 usage.',
  };
  const { values, positionals } = parseScriptArgs(spec);
  const areas = checkAreas(spec, positionals, listAreas());
  const maxCombinations = Number(values['max-combinations'] ?? 64);
  if (!Number.isSafeInteger(maxCombinations) || maxCombinations < 1)
    fail(`--max-combinations takes a whole number above 0, got "${values['max-combinations']}"`);
  const missing = javaMissing();
  if (missing) fail(missing);
  const chosen = areas.length > 0 ? areas : listAreas();
  const unbundled = chosen.filter((area) => !existsSync(bundlePath(area, 'yaml')));
  if (unbundled.length > 0) fail(`no bundle for ${unbundled.join(', ')}: run pnpm bundle`);
  const port = await freePort();
  const mock = await startMock({ port, ...specmaticMockOptions() });
  const started = performance.now();
  const report = await runSpecmatic(chosen, `http://127.0.0.1:${port}`, { generative: values.generative, maxCombinations });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const failed = report.problems.length + report.areas.reduce((sum, run) => sum + run.failed, 0);
  if (values.verbose || report.areas.length === 0) console.log(report.output);
  for (const run of report.areas) {
    for (const failure of run.failures) console.log(`── ${run.area}: ${failure.name}\n${failure.detail}\n`);
  }
  for (const run of report.areas) {
    const counted = run.run - run.excluded.length;
    const excluded = run.excluded.length > 0 ? `, ${run.excluded.length} excluded (see scripts/lib/specmatic/exclusions.ts)` : '';
    console.log(`${run.area}: ${counted} tests, ${counted - run.failed} passed, ${run.failed} failed${excluded}`);
  }
  const excluded = report.areas.reduce((sum, run) => sum + run.excluded.length, 0);
  const counted = report.areas.reduce((sum, run) => sum + run.run, 0) - excluded;
  console.log(`all: ${counted} tests, ${failed - report.problems.length} failures, ${excluded} excluded (see scripts/lib/specmatic/exclusions.ts)`);
  for (const problem of report.problems) console.log(`error: ${problem}`);
  console.log(`Specmatic ${values.generative ? `generative (at most ${maxCombinations} combinations per operation)` : 'examples'}: ${seconds} s`);
  await mock.close();
  process.exit(failed > 0 ? 1 : 0);
}
