// pnpm 10 on the PATH, as the README asks of a newcomer's machine: a `pnpm` in a folder of its own
// that runs the pnpm npx fetched (found once: `npx -y pnpm@10` costs seconds per call).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanNpmEnv } from '../../scripts/lib/pnpm.ts';

/** Writes `<folder>/bin/pnpm`; returns an environment (a clean npm one, plus `extra`) with that folder first on the PATH. */
export function pnpmOnPath(folder: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = path.join(folder, 'bin');
  const env = { ...cleanNpmEnv(extra), PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  mkdirSync(bin, { recursive: true });
  const pnpm = spawnSync('npx', ['-y', '-p', 'pnpm@10', 'which', 'pnpm'], { cwd: folder, encoding: 'utf8', env }).stdout.trim();
  writeFileSync(path.join(bin, 'pnpm'), `#!/bin/sh\nexec ${pnpm ? `'${pnpm}'` : 'npx -y pnpm@10'} "$@"\n`);
  chmodSync(path.join(bin, 'pnpm'), 0o755);
  return env;
}
