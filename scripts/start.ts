// `pnpm start [mock options]`: the main job. Rebuilds only what changed since the last build
// (saying why), compiling without a type check (as a dev server does: `pnpm test` and
// `pnpm build` check types; the build record says what was compiled unchecked), then runs the mock CLI with every option given here, which serves every area
// and the reference site and prints its URLs, the database tokens and the request log.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/paths.ts';

export const MOCK_BIN = path.join(ROOT, 'packages/mock/bin/platform-mock.js');
/** The built CLI's flags and usage text. */
const MOCK_CLI_OPTIONS = path.join(ROOT, 'packages/mock/dist/cli/cli-options.js');

const DESCRIPTION = `Builds what changed since the last build (\`pnpm build\` or \`pnpm start\`), saying why,
without checking types (\`pnpm test\` and \`pnpm build\` check them), then runs the mock with the
options given. Ctrl+C stops it (exit 0).`;

/**
 * The mock's help under this script's name (the mock is the authority on its options), after
 * what the script does first; before the mock is built, where its options will be.
 */
export async function mockHelp(program: string, preface: string): Promise<string> {
  if (!existsSync(MOCK_CLI_OPTIONS))
    return `Usage: ${program} [option...]\n\n${preface}\n\nThe mock's options are listed here once it is built (\`pnpm build\`).\n`;
  const { usage } = (await import(pathToFileURL(MOCK_CLI_OPTIONS).href)) as { usage(options: { program: string; preface: string }): string };
  return `${usage({ program, preface })}\n`;
}

/**
 * Runs the mock as a child in its own process group, so that Ctrl+C reaches it once, through
 * this process: the mock finishes its requests and exits 0, and this process exits with its code.
 * Its help and usage errors name the command the user typed (`program`).
 */
export function runMock(args: string[], program: string, bin = MOCK_BIN): Promise<number> {
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, PLATFORM_MOCK_PROGRAM: program },
  });
  const forward = (signal: NodeJS.Signals) => child.exitCode === null && child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  process.on('SIGHUP', forward);
  // Never leave the mock behind, whatever ends this process.
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`error: could not run the mock: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(await mockHelp('pnpm start', DESCRIPTION));
    process.exit(0);
  }
  const [{ buildStale }, { setTypeChecking }] = await Promise.all([import('./build.ts'), import('./lib/build/compile.ts')]);
  setTypeChecking(false);
  const ran = await buildStale();
  if (ran.length === 0) console.log('build: up to date, nothing to rebuild');
  process.exit(await runMock(args, 'pnpm start'));
}
