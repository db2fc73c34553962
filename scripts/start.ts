// `pnpm start [mock options]`: the main job. Rebuilds only what changed since the last build
// (saying why), then runs the mock CLI with every option given here, which serves every area
// and the reference site and prints its URLs, the database tokens and the request log.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { helpText } from './lib/args.ts';
import { ROOT } from './lib/paths.ts';

export const MOCK_BIN = path.join(ROOT, 'packages/mock/bin/platform-mock.js');

const SPEC = {
  usage: 'pnpm start [mock option...]',
  description: `Builds what changed since the last build (\`pnpm build\` or \`pnpm start\`), saying why, then
serves the mock for every area and the reference site (/docs/) from one origin. Every option
is the mock's (\`pnpm mock --help\`), for example --port 4011, --host 0.0.0.0, --area video,
--quiet. Ctrl+C stops it (exit 0).`,
};

/** The mock's own help, when it is built (it is the authority on its options). */
export function mockHelp(): string {
  if (!existsSync(path.join(ROOT, 'packages/mock/dist'))) return 'The mock\'s options are listed by `pnpm mock --help` once it is built (`pnpm build`).\n';
  const result = spawnSync(process.execPath, [MOCK_BIN, '--help'], { encoding: 'utf8' });
  return `Options of the mock:\n${result.stdout}`;
}

/**
 * Runs the mock as a child in its own process group, so that Ctrl+C reaches it once, through
 * this process: the mock finishes its requests and exits 0, and this process exits with its code.
 */
export function runMock(args: string[], bin = MOCK_BIN): Promise<number> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
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
    process.stdout.write(`${helpText({ ...SPEC })}\n${mockHelp()}`);
    process.exit(0);
  }
  const { buildStale } = await import('./build.ts');
  const ran = await buildStale();
  if (ran.length === 0) console.log('build: up to date, nothing to rebuild');
  process.exit(await runMock(args));
}
