// The benchmarks' server processes: started with an IPC channel, killed when the benchmark ends,
// polled until they answer.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { fail } from '../../scripts/lib/run.ts';

export const CLI = path.join(ROOT, 'packages/mock/bin/platform-mock.js');
export const BUILT = path.join(ROOT, 'packages/mock/dist/index.js');
export const HEADERS = { AccessKey: 'bench-key', 'content-type': 'application/json' };

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

export function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Polls until the URL answers (any status); returns the milliseconds since `since`. */
export async function waitFor(url: string, since: number, timeoutMs = 30_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    try {
      await fetch(url, { headers: HEADERS, redirect: 'manual' });
      return performance.now() - since;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return fail(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** `platform-mock` on a free port; `ms`: from the command to the first answer of `probe` (a path). */
export async function startOurs(
  nodeArgs: string[] = [],
  cliArgs: string[] = [],
  probe = '/_mock/health',
): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const port = await freePort();
  const since = performance.now();
  const child = start(process.execPath, [...nodeArgs, CLI, '--port', String(port), '--quiet', ...cliArgs]);
  const url = `http://127.0.0.1:${port}`;
  const ms = await waitFor(`${url}${probe}`, since);
  return { child, url, ms };
}
