// The main build, in the order data flows: bundles the contracts, checks the committed generated
// files, builds @platform-contracts/contracts, then the client, the CLI, the reference site and the mock. Each step
// names the files it reads, so `pnpm start` can run only the steps whose inputs changed.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_INPUTS, bundleIfChanged } from './bundle.ts';
import { parseScriptArgs } from './lib/args.ts';
import { compile, isTypeChecking, setTypeChecking } from './lib/build/compile.ts';
import { type BuildStep, readRecord, runSteps, whyStale } from './lib/build/freshness.ts';
import { BUILD_RECORD, BUNDLE_DIR, CONTRACTS_DIR, DOCS_DIR, ROOT } from './lib/paths.ts';
import { fail } from './lib/run.ts';

const rel = (file: string) => path.relative(ROOT, file);

export { BUILD_RECORD };

/** Every step reads the installed dependencies: a change of the lockfile rebuilds everything. */
const SHARED_INPUTS = ['tsconfig.base.json', 'pnpm-lock.yaml'];
/** The CLI compiles to JavaScript where it has a build configuration. */
const CLI_TSCONFIG = 'packages/cli/tsconfig.build.json';

// The steps load their tools (openapi-typescript, TypeScript, esbuild, the site's libraries) when
// they run: deciding that nothing is out of date (`pnpm start`, `pnpm mock`) stays quick.
async function buildContracts() {
  bundleIfChanged();
  const { staleGenerated } = await import('./generate.ts');
  const stale = await staleGenerated();
  if (stale.length > 0) fail(`${stale.join(', ')} ${stale.length === 1 ? 'does' : 'do'} not match the contracts: run \`pnpm generate\` and commit the result`);
  rmSync(path.join(CONTRACTS_DIR, 'dist'), { recursive: true, force: true });
  if (!compile('packages/contracts/tsconfig.build.json')) fail('the contracts package does not compile (see above)');
  console.log('built packages/contracts/dist/');
}

function buildCli() {
  rmSync(path.join(ROOT, 'packages/cli/dist'), { recursive: true, force: true });
  if (!compile(CLI_TSCONFIG)) fail('the CLI does not compile (see above)');
  console.log('built packages/cli/dist/');
}

function buildClient() {
  if (!compile('packages/client/tsconfig.build.json')) fail('the client does not compile (see above)');
  console.log('built packages/client/dist/');
}

export const BUILD_STEPS: BuildStep[] = [
  {
    name: 'contracts',
    compiles: true,
    inputs: [
      ...BUNDLE_INPUTS,
      'scripts/generate.ts',
      'scripts/lib/generate',
      'packages/contracts/src',
      'packages/contracts/tsconfig.build.json',
      'packages/client/src',
      ...SHARED_INPUTS,
    ],
    outputs: [rel(BUNDLE_DIR), 'packages/contracts/dist'],
    run: buildContracts,
  },
  {
    name: 'client',
    compiles: true,
    inputs: ['packages/client/src', 'packages/client/tsconfig.build.json', 'packages/contracts/dist', ...SHARED_INPUTS],
    outputs: ['packages/client/dist'],
    run: buildClient,
  },
  {
    name: 'cli',
    compiles: true,
    inputs: ['packages/cli/src', 'packages/cli/bin', CLI_TSCONFIG, 'packages/client/dist', ...SHARED_INPUTS],
    outputs: ['packages/cli/dist'],
    run: buildCli,
  },
  {
    name: 'reference site',
    inputs: [
      rel(BUNDLE_DIR),
      'openapi',
      'site',
      'parity/cassettes',
      'scripts/lib/parity',
      'scripts/lib/site',
      'scripts/lib/release',
      'scripts/lib/breaking',
      'scripts/docs.ts',
      ...['openapi', 'source-location'].map((lib) => `scripts/lib/${lib}.ts`),
      'packages/contracts/src',
      'packages/client/src',
      'pnpm-lock.yaml',
    ],
    outputs: [rel(DOCS_DIR)],
    run: async () => (await import('./docs.ts')).buildDocs(),
  },
  {
    name: 'mock',
    compiles: true,
    // The bundles too: the validators their schemas need are precompiled into the mock's dist.
    inputs: ['packages/mock/src', 'packages/mock/tsconfig.build.json', 'packages/contracts/dist', rel(BUNDLE_DIR), 'scripts/build-mock.ts', ...SHARED_INPUTS],
    outputs: ['packages/mock/dist'],
    run: async () => (await import('./build-mock.ts')).buildMock(),
  },
];

/** Every step (`pnpm build`). */
export async function build() {
  await runSteps(BUILD_STEPS, { root: ROOT, recordFile: BUILD_RECORD, all: true, unchecked: !isTypeChecking() });
}

/** Only the steps whose inputs changed since they last ran, each with the reason (`pnpm start`). */
export async function buildStale(): Promise<string[]> {
  return runSteps(BUILD_STEPS, { root: ROOT, recordFile: BUILD_RECORD, unchecked: !isTypeChecking() });
}

/** The steps that are out of date, with why, without running anything. */
export function staleSteps(): { step: string; reason: string }[] {
  const record = readRecord(BUILD_RECORD);
  return BUILD_STEPS.flatMap((step) => {
    const reason = whyStale(ROOT, step, record);
    return reason ? [{ step: step.name, reason }] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseScriptArgs({
    usage: 'pnpm build [--changed] [--no-check]',
    description: `Builds everything, in the order data flows: bundles the contracts into
packages/contracts/bundles/, checks the committed generated types, compiles @platform-contracts/contracts,
@platform-contracts/client and @platform-contracts/mock, and writes the reference site to dist/docs/.
\`pnpm start\` runs only the steps whose inputs changed since, as \`--changed\` does.`,
    options: {
      changed: { type: 'boolean', description: 'build only the steps whose inputs changed since the last build, saying why (pnpm test, pnpm start)' },
      'no-check': {
        type: 'boolean',
        description: 'compile without checking types, for a run that type-checks next (pnpm test: its typecheck stage checks every package)',
      },
    },
  });
  setTypeChecking(!values['no-check']);
  if (!values.changed) await build();
  else if ((await buildStale()).length === 0) console.log('build: up to date, nothing to rebuild');
}
