import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths.ts';

/** Stops the script with a one-line reason and a non-zero exit, never a stack trace. */
export function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

/** Runs a CLI installed in node_modules/.bin, streaming its output; returns its exit code. */
export function runBin(bin: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin', bin), args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) fail(`could not run ${bin}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Redocly CLI without its update notice or telemetry (the machines here have no network). */
export const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

/** Runs a CLI quietly: its output is shown only when it fails. Returns whether it succeeded. */
export function runBinQuietly(bin: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin', bin), args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (result.error) fail(`could not run ${bin}: ${result.error.message}`);
  if (result.status !== 0) process.stderr.write(`${result.stdout}${result.stderr}`);
  return result.status === 0;
}
