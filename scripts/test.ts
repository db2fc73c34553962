// `pnpm test [vitest argument...]`: every check, in order, stopping at the first that fails:
// lint, the breaking-change gate, the build, the type check, then the tests (vitest), which get
// any arguments given here (`pnpm test test/mock` runs only those files). The contracts are
// bundled once (by the first stage that needs the bundles) and the build reuses what is fresh
// (`pnpm build --changed`): only the steps whose inputs changed since the last build run, compiled
// without a type check (`--no-check`), since the typecheck stage right after checks every package.
// Each stage's time is printed as it ends.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { helpText } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
export const STAGES: [string, string, string[]][] = [
  ['lint', bin('tsx'), ['scripts/lint.ts']],
  ['check:breaking', bin('tsx'), ['scripts/check-breaking.ts']],
  ['build', bin('tsx'), ['scripts/build.ts', '--changed', '--no-check']],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json']],
  ['vitest', bin('vitest'), ['run']],
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(
      helpText({
        usage: 'pnpm test [vitest argument...]',
        description: `Runs every check, stopping at the first that fails: ${STAGES.map(([name]) => name).join(', ')}.
Arguments go to vitest: \`pnpm test test/mock\` runs only the files under test/mock/,
\`pnpm test -t "busy port"\` only the tests whose name matches.`,
      }),
    );
    process.exit(0);
  }
  const times: string[] = [];
  for (const [name, command, stageArgs] of STAGES) {
    const started = performance.now();
    const result = spawnSync(command, name === 'vitest' ? [...stageArgs, ...args] : stageArgs, { cwd: ROOT, stdio: 'inherit' });
    times.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`pnpm test: ${times.join(', ')}`);
    if (result.status !== 0) {
      console.error(`error: pnpm test stopped at ${name}`);
      process.exit(result.status ?? 1);
    }
  }
}
