// `pnpm mock [option...]`: the built mock as it is, without building first (`pnpm start` builds).
// When a build step is out of date (a contract edited and only bundled, say), it says so before
// serving, so that nobody tests against an older site or mock without knowing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { staleSteps } from './build.ts';
import { plural } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';
import { MOCK_BIN, mockHelp, runMock } from './start.ts';

/** One line per out-of-date step, or nothing. */
export function staleNote(stale: { step: string; reason: string }[]): string {
  if (stale.length === 0) return '';
  const lines = stale.map(({ step, reason }) => `  ${step}: ${reason}`);
  return `note: ${plural(stale.length, 'part')} of the build ${stale.length === 1 ? 'is' : 'are'} out of date; \`pnpm start\` rebuilds ${stale.length === 1 ? 'it' : 'them'} before serving:\n${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(
      await mockHelp(
        'pnpm mock',
        `Serves the built mock (packages/mock/dist) and the built site as they are, without building;
notes first what is out of date. \`pnpm start\` takes the same options and builds what changed.`,
      ),
    );
    process.exit(0);
  }
  if (!existsSync(path.join(ROOT, 'packages/mock/dist'))) {
    console.error(`error: the mock is not built yet: run \`pnpm start\` (builds, then serves) or \`pnpm build\``);
    process.exit(1);
  }
  process.stderr.write(staleNote(staleSteps()));
  process.exit(await runMock(args, 'pnpm mock', MOCK_BIN));
}
