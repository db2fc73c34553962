// `pnpm test [vitest argument...]`: every check, stopping at the first that fails: lint, the
// breaking-change gate, the build, the type check, the public API reports (etc/, scripts/api-report.ts), then the tests (vitest), which get any
// arguments given here (`pnpm test test/mock` runs only those files). The contracts are bundled
// first, once; then lint, check:breaking and the build run at the same time (each reads the
// bundles and none reads what another writes), each one's output shown whole when it ends, and
// after them the type check and the API reports, at the same time too. The
// build reuses what is fresh (`pnpm build --changed`: only the steps whose inputs changed since
// the last build run) and compiles without a type check (`--no-check`), since the typecheck
// stage right after checks every package; once it passes, the build record says so (until then a
// build that checks types, such as pnpm pack:all, compiles again). Each stage's time is printed as it ends.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { helpText } from './lib/args.ts';
import { markChecked } from './lib/build/freshness.ts';
import { BUILD_RECORD, ROOT } from './lib/paths.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
export type Stage = [name: string, command: string, args: string[]];
export const STAGES: Stage[] = [
  ['lint', bin('tsx'), ['scripts/lint.ts']],
  ['check:breaking', bin('tsx'), ['scripts/check-breaking.ts']],
  ['build', bin('tsx'), ['scripts/build.ts', '--changed', '--no-check']],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json']],
  ['api-report', bin('tsx'), ['scripts/api-report.ts']],
  ['vitest', bin('vitest'), ['run']],
];
/**
 * Set for vitest once the typecheck stage has passed in a whole run (no vitest arguments): that
 * stage's `tsc -p tsconfig.json` has checked the type tests (the `*.test-d.ts` files under test/,
 * with the compiler options of vitest.config.ts's typecheck), so vitest does not check them again
 * at the end of its run, one tsc alone on a 2-core machine.
 */
export const TYPES_CHECKED = 'PLATFORM_TEST_TYPES_CHECKED';
/**
 * The stages that run at the same time, a group each: lint, check:breaking and the build once the
 * bundles are made (they read the bundles and the sources, and write nothing the others read);
 * then the type check and the API reports (one reads the sources, the other the built
 * declarations; neither writes what the other reads).
 */
export const AT_ONCE = [
  ['lint', 'check:breaking', 'build'],
  ['typecheck', 'api-report'],
];

export interface Ended {
  name: string;
  status: number;
  seconds: number;
}
type Write = (text: string) => void;

/** A stage run with its output kept, then written whole when it ends (the stages beside it do not interleave). */
function runKept([name, command, args]: Stage, write: Write): Promise<Ended> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.once('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      write(`── ${name} (${seconds.toFixed(1)} s)\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, status: code ?? 1, seconds });
    });
  });
}

function runShown([name, command, args]: Stage): Ended {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  return { name, status: result.status ?? 1, seconds: (performance.now() - started) / 1000 };
}

/**
 * The stages in order, those named in one group of `atOnce` that come one after another at the
 * same time; stops after the first group with a failure. Returns every stage that ran and the one
 * it stopped at (the first failed, in the stages' order).
 */
export async function runStages(
  stages: Stage[],
  atOnce: string[][],
  write: Write = (text) => process.stdout.write(text),
  onPassed: (name: string) => void = () => {},
) {
  const ran: Ended[] = [];
  const groups: Stage[][] = [];
  for (const stage of stages) {
    const last = groups.at(-1);
    const together = atOnce.find((group) => group.includes(stage[0]));
    if (last && together?.includes(last[0]![0])) last.push(stage);
    else groups.push([stage]);
  }
  for (const group of groups) {
    const ended = group.length === 1 ? [runShown(group[0]!)] : await Promise.all(group.map((stage) => runKept(stage, write)));
    ran.push(...ended);
    write(`pnpm test: ${ran.map(({ name, seconds }) => `${name} ${seconds.toFixed(1)} s`).join(', ')}\n`);
    const failed = ended.find((stage) => stage.status !== 0);
    if (failed) return { ran, stoppedAt: failed };
    for (const { name } of ended) onPassed(name);
  }
  return { ran, stoppedAt: undefined };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(
      helpText({
        usage: 'pnpm test [vitest argument...]',
        description: `Runs every check, stopping at the first that fails: ${STAGES.map(([name]) => name).join(', ')}
(${AT_ONCE.map((group) => group.join(', ')).join(' at the same time, once the contracts are bundled; then ')} at the same time).
Arguments go to vitest: \`pnpm test test/mock\` runs only the files under test/mock/,
\`pnpm test -t "busy port"\` only the tests whose name matches.`,
      }),
    );
    process.exit(0);
  }
  const { bundleIfChanged } = await import('./bundle.ts');
  bundleIfChanged();
  const withArgs = STAGES.map(([name, command, stageArgs]): Stage => [name, command, name === 'vitest' ? [...stageArgs, ...args] : stageArgs]);
  // The build compiled without checking types; once the type check passed, its record says they were checked.
  const { stoppedAt } = await runStages(withArgs, AT_ONCE, undefined, (name) => {
    if (name !== 'typecheck') return;
    markChecked(BUILD_RECORD);
    if (args.length === 0) process.env[TYPES_CHECKED] = '1';
  });
  if (stoppedAt) {
    console.error(`error: pnpm test stopped at ${stoppedAt.name}`);
    process.exit(stoppedAt.status);
  }
}
