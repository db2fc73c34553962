// platform-mock (the packed CLI, packages/mock/bin) in a process of its own, for the tests of what
// only the CLI does: flags, files written when it stops, its exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';

export const MOCK_CLI = path.join(ROOT, 'packages/mock/bin/platform-mock.js');

/** How the CLI ended: its exit code and what it printed (`output` is both streams). */
export interface CliExit {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

/**
 * The CLI serving: `ready` resolves with its standard output once it prints "Ready" (and rejects if
 * it ends before), `url` with the address it printed; `stop` sends `signal` and resolves with how it ended.
 */
export function serveMockCli(args: string[], signal: NodeJS.Signals = 'SIGTERM') {
  const child = spawn(process.execPath, [MOCK_CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<CliExit>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr, output: `${stdout}${stderr}` })));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (/^Ready in/m.test(stdout)) resolve(stdout);
    });
    void exited.then(({ code }) => reject(new Error(`exited ${code} before it was ready: ${stdout}${stderr}`)));
  });
  return {
    ready,
    url: ready.then((output) => /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!),
    stop: (): Promise<CliExit> => {
      child.kill(signal);
      return exited;
    },
  };
}
