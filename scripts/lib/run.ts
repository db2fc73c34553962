import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths.ts';

/** Stops the script with a one-line reason and a non-zero exit, never a stack trace. */
export function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

export interface RunOptions {
  env?: Record<string, string>;
  /** `stream`: shown as it comes (default); `on-failure`: shown only if the CLI fails; `capture`: returned only. */
  output?: 'stream' | 'on-failure' | 'capture';
}

/** Runs a CLI installed in node_modules/.bin from the repository root. */
export function runBin(
  bin: string,
  args: string[],
  { env = {}, output = 'stream' }: RunOptions = {},
): { ok: boolean; output: string; stdout: string; stderr: string } {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin', bin), args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: output === 'stream' ? 'inherit' : 'pipe',
    env: { ...process.env, ...env },
  });
  if (result.error) fail(`could not run ${bin}: ${result.error.message}`);
  const ok = result.status === 0;
  const stdout = result.stdout ?? '';
  const stderr = withoutNodeBanner(result.stderr ?? '');
  const text = `${stdout}${stderr}`;
  if (!ok && output === 'on-failure') process.stderr.write(text);
  return { ok, output: text, stdout, stderr };
}

/**
 * Redocly CLI prints a boxed "Node.js 20 support is ending" notice on every run; Node 20.19+ is
 * this repository's supported version, so the box is noise, not a finding.
 */
const withoutNodeBanner = (text: string) => text.replace(/\n? *╔[^╝]*Node\.js 20[^╝]*╝\n?/, '');

/** Redocly CLI without its update notice or telemetry (the machines here have no network). */
export const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
