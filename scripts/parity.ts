// `pnpm parity`: the mock's parity with the platform. `record` runs the scenarios against the
// platform (or staging) through the validation proxy and writes one cassette per scenario;
// `verify` replays every cassette on the mock, offline, and fails on any difference; `report`
// says, per operation and per `x-assumed` fact, what the platform's recordings confirmed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMock } from '@platform-contracts/mock';
import { checkNames, parseScriptArgs, plural, usageError } from './lib/args.ts';
import { type Cassette, readCassettes } from './lib/parity/cassette.ts';
import { uncovered } from './lib/parity/coverage.ts';
import { record } from './lib/parity/record.ts';
import { parityReport, reportMarkdown } from './lib/parity/report.ts';
import { defaultInputs, INPUTS, type InputName, type Inputs } from './lib/parity/scenario.ts';
import { SCENARIOS } from './lib/parity/scenarios/index.ts';
import { differenceLines, type Verification, verifyCassette } from './lib/parity/verify.ts';
import { PLATFORM_CASSETTES, ROOT, STAND_IN_CASSETTES } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const REPORT_DIR = path.join(ROOT, 'dist/parity');

const spec = {
  usage: 'pnpm parity <record|verify|report> [option...] [DIR...]',
  description: `The mock's parity with the platform, as LocalStack's snapshot tests check its own.

record: runs every scenario (or those named with --scenario) against the upstream, through the
mock's validation proxy, and writes one cassette per scenario into --out: the calls and the
platform's answers, normalised (ids, times and tokens as references such as <CollectionGuid:1>),
with no secret in them, and the contract violations the proxy saw. The access key is read from the
environment variable PLATFORM_ACCESS_KEY, never from a file.

verify: replays each cassette's requests on the mock, in process, one namespace per scenario, and
compares the normalised answers (status, the headers the contract names, the body path by path);
each difference is printed with its scenario and step, JSON path, both values and the contract's
source file:line. Exit 1 on any difference. Writes the parity report to dist/parity/.

report: prints the parity report (per operation and per x-assumed fact: verified against the
platform with the recording's date, differs, or unverified) from the committed cassettes.`,
  positionals: { DIR: `verify: folders of cassettes (default: ${path.relative(ROOT, PLATFORM_CASSETTES)} and ${path.relative(ROOT, STAND_IN_CASSETTES)})` },
  options: {
    upstream: {
      type: 'string',
      multiple: true,
      value: '[GROUP=]URL',
      description: 'record: the platform or staging base URL, or one per group of areas (api, video, database), as the mock’s --proxy takes it',
    },
    out: { type: 'string', value: 'DIR', description: `record: where the cassettes go (default: ${path.relative(ROOT, PLATFORM_CASSETTES)})` },
    scenario: { type: 'string', multiple: true, value: 'NAME', description: `record: only this scenario (${SCENARIOS.map((s) => s.name).join(', ')})` },
    input: {
      type: 'string',
      multiple: true,
      value: 'NAME=VALUE',
      description: `record: what the account holds, the scenarios' inputs: ${Object.entries(INPUTS)
        .map(([name, input]) => `${name}, ${input.what} (default ${input.default})`)
        .join('; ')}`,
    },
    json: { type: 'boolean', description: 'report: the report as JSON instead of Markdown' },
  },
  epilogue: `Examples:
  PLATFORM_ACCESS_KEY=... pnpm parity record --upstream https://api.staging.example --input libraryId=1234
  pnpm parity verify
  pnpm parity report`,
} as const;

function inputsOf(given: string[] = []): Inputs {
  const inputs = defaultInputs();
  for (const pair of given) {
    const [, name, value] = /^([^=]+)=(.*)$/.exec(pair) ?? [];
    if (!name || value === undefined || !(name in INPUTS))
      usageError(spec, `--input ${pair}: expected NAME=VALUE, NAME one of ${Object.keys(INPUTS).join(', ')}`);
    const parsed = INPUTS[name as InputName].parse(value);
    if (typeof parsed === 'number' && !Number.isSafeInteger(parsed)) usageError(spec, `--input ${pair}: ${name} is a whole number`);
    (inputs as Record<string, unknown>)[name] = parsed;
  }
  return inputs;
}

async function recordCommand(values: ReturnType<typeof parseScriptArgs<typeof spec.options>>['values']) {
  if (!values.upstream?.length) usageError(spec, 'record needs --upstream URL (the platform or staging)');
  const accessKey = process.env.PLATFORM_ACCESS_KEY;
  if (!accessKey) usageError(spec, 'record needs the access key in the environment variable PLATFORM_ACCESS_KEY');
  const names = checkNames(
    spec,
    values.scenario ?? [],
    SCENARIOS.map((s) => s.name),
    'scenario',
  );
  const scenarios = names.length > 0 ? SCENARIOS.filter((s) => names.includes(s.name)) : SCENARIOS;
  const out = path.resolve(values.out ?? PLATFORM_CASSETTES);
  const upstream = values.upstream.length === 1 && !values.upstream[0]!.includes('=') ? values.upstream[0]! : values.upstream;
  const recorded = await record({ upstream, accessKey, inputs: inputsOf(values.input), scenarios, out });
  for (const { cassette, file } of recorded) {
    const violations = cassette.steps.flatMap((step) => step.violations ?? []);
    console.log(
      `${path.relative(process.cwd(), file!)}: ${plural(cassette.steps.length, 'step')}, ${cassette.source}${violations.length ? `, ${plural(violations.length, 'contract violation')}` : ''}`,
    );
    for (const violation of violations) console.log(`  ${violation}`);
  }
  const missing = uncovered(recorded.map((r) => r.cassette));
  if (names.length === 0 && missing.length > 0) console.log(`not covered by these recordings: ${missing.join(', ')}`);
}

async function verifyCommand(dirs: string[]) {
  const folders = dirs.length > 0 ? dirs.map((dir) => path.resolve(dir)) : [PLATFORM_CASSETTES, STAND_IN_CASSETTES];
  const cassettes: Cassette[] = folders.flatMap((dir) => readCassettes(dir).map(({ cassette }) => cassette));
  const mock = await createMock();
  const verifications: Verification[] = [];
  try {
    for (const cassette of cassettes) verifications.push(await verifyCassette(mock, cassette));
  } finally {
    await mock.close();
  }
  const lines = verifications.flatMap(differenceLines);
  for (const line of lines) console.log(line);
  const report = parityReport(cassettes, verifications);
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(path.join(REPORT_DIR, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(REPORT_DIR, 'report.md'), reportMarkdown(report));
  const steps = cassettes.reduce((sum, c) => sum + c.steps.length, 0);
  console.log(
    `${plural(cassettes.length, 'cassette')}, ${plural(steps, 'step')}, ${plural(lines.length, 'difference')}; report in ${path.relative(process.cwd(), REPORT_DIR)}/`,
  );
  if (lines.length > 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseScriptArgs(spec);
  const [command, ...rest] = positionals;
  try {
    if (command === 'record') await recordCommand(values);
    else if (command === 'verify') await verifyCommand(rest);
    else if (command === 'report') {
      const cassettes = [PLATFORM_CASSETTES, STAND_IN_CASSETTES].flatMap((dir) => readCassettes(dir).map(({ cassette }) => cassette));
      const report = parityReport(cassettes);
      process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : reportMarkdown(report));
    } else usageError(spec, command ? `unknown command ${command}; the commands are record, verify, report` : 'name a command: record, verify or report');
  } catch (error) {
    fail((error as Error).message);
  }
}
