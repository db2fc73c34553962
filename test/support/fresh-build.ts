// vitest's globalSetup: the build outputs the tests read (the contracts' bundles, each package's
// dist/, the site) are brought up to date before any test runs. `pnpm test` builds first; a single
// file run alone (`npx vitest run test/client/int64.test.ts`) would otherwise test bundles older
// than the contracts (after an edit, or after undoing one with git checkout) and fail with a
// message that says nothing of it. It rebuilds the stale steps, saying why, as `pnpm start` does.
import { BUILD_STEPS } from '../../scripts/build.ts';
import { type BuildStep, readRecord, runSteps, whyStale } from '../../scripts/lib/build/freshness.ts';
import { BUILD_RECORD, ROOT } from '../../scripts/lib/paths.ts';

export interface FreshBuildOptions {
  root?: string;
  recordFile?: string;
  log?: (line: string) => void;
}

/** Rebuilds the steps whose inputs changed since the last build, after one line saying so; returns what ran. */
export async function freshBuild(
  steps: BuildStep[] = BUILD_STEPS,
  { root = ROOT, recordFile = BUILD_RECORD, log = console.log }: FreshBuildOptions = {},
): Promise<string[]> {
  const record = readRecord(recordFile);
  const stale = steps.filter((step) => whyStale(root, step, record) !== undefined).map((step) => step.name);
  if (stale.length === 0) return [];
  log(`vitest: the build is older than its sources (${stale.join(', ')}); rebuilding before the tests, as \`pnpm test\` does:`);
  return runSteps(steps, { root, recordFile, log: (line) => log(`  ${line}`) });
}

export default async function setup() {
  await freshBuild();
}
