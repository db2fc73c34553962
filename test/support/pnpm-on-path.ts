// pnpm 10 on the PATH, as the README asks of a newcomer's machine: a `pnpm` in a folder of its own
// that runs the pnpm 10 already installed (`npm install -g pnpm@10`, the README's first step), or
// else the pnpm npx fetched (found once: `npx -y pnpm@10` costs seconds per call, and asks the
// registry each time).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanNpmEnv } from '../../scripts/lib/pnpm.ts';

/** The version of the pnpm package a `pnpm` executable on the PATH runs (its package.json beside its bin/), if there is one. */
function installedPnpm(searchPath: string): { bin: string; version: string } | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const bin = path.join(dir, 'pnpm');
    if (!existsSync(bin)) continue;
    try {
      const manifest = JSON.parse(readFileSync(path.join(path.dirname(realpathSync(bin)), '..', 'package.json'), 'utf8'));
      if (manifest.name === 'pnpm') return { bin, version: manifest.version as string };
    } catch {
      // not an npm-installed pnpm (a standalone binary, a shim): the next one, else npx's
    }
    return undefined;
  }
  return undefined;
}

/** Writes `<folder>/bin/pnpm`; returns an environment (a clean npm one, plus `extra`) with that folder first on the PATH. */
export function pnpmOnPath(folder: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = path.join(folder, 'bin');
  const env = { ...cleanNpmEnv(extra), PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  mkdirSync(bin, { recursive: true });
  const installed = installedPnpm(process.env.PATH ?? '');
  const pnpm =
    installed && installed.version.split('.')[0] === '10'
      ? installed.bin
      : spawnSync('npx', ['-y', '-p', 'pnpm@10', 'which', 'pnpm'], { cwd: folder, encoding: 'utf8', env }).stdout.trim();
  writeFileSync(path.join(bin, 'pnpm'), `#!/bin/sh\nexec ${pnpm ? `'${pnpm}'` : 'npx -y pnpm@10'} "$@"\n`);
  chmodSync(path.join(bin, 'pnpm'), 0o755);
  return env;
}
