// The packages as a user gets them. `packedOnce()`: the README's block that packs and installs them
// ("Installing the packages") has `pnpm pack:all` as its first line, and that line runs once per
// vitest run, for every file that needs the tarballs (packed-install, published-types), under a
// lock (two files may ask at once from two workers), from an empty dist/packages/ (no tarball of an
// earlier pack can stand in for one this pack did not write). `packedProject()`: a project with the
// packages installed from those tarballs (the block's other lines make it:
// test/newcomer/packed-install.test.ts), where commands run in a clean npm environment.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { PACKAGE_SCOPE, ROOT, tarballName } from '../../scripts/lib/paths.ts';
import { cleanNpmEnv } from '../../scripts/lib/pnpm.ts';
import { PACKAGES } from '../../scripts/pack.ts';
import { blocksOf } from './doc-blocks.ts';
import { pnpmOnPath } from './pnpm-on-path.ts';
import { underLock } from './run-lock.ts';

export const versionOf = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8')).version as string;

const OUT = path.join(ROOT, 'dist/packages');

/** The README's block that packs the packages and installs them in another project (`../my-app`). */
export const installBlock = blocksOf('README.md').find((block) => block.language === 'sh' && /pnpm pack:all/.test(block.code));
/** Its first line, which packs (and sets nothing the lines after it use), and the lines after it, which install. */
export const [PACK_LINE, ...INSTALL_LINES] = installBlock?.code.split('\n') ?? [];

export interface Packed {
  /** The pack line's exit code and output. */
  status: number | null;
  output: string;
  /** Each package's tarball, as the pack wrote it (a copy kept for the run). */
  tarballs: Record<string, string>;
}

/** The README block's `pnpm pack:all` line, run as written in the repository once per vitest run; every caller gets its result. */
export function packedOnce(): Packed {
  const dir = path.join(inject('runScratch'), 'packed');
  mkdirSync(dir, { recursive: true });
  return underLock(path.join(dir, 'lock'), () => {
    const record = path.join(dir, 'packed.json');
    if (existsSync(record)) return JSON.parse(readFileSync(record, 'utf8')) as Packed;
    if (!PACK_LINE?.startsWith('pnpm pack:all')) throw new Error(`the README's install block does not start with pnpm pack:all:\n${installBlock?.code}`);
    for (const file of existsSync(OUT) ? readdirSync(OUT) : []) {
      if (PACKAGES.some((name) => file.startsWith(`${PACKAGE_SCOPE.slice(1)}-${name}-`))) rmSync(path.join(OUT, file));
    }
    const result = spawnSync('bash', ['--norc', '--noprofile', '-e', '-c', PACK_LINE], { cwd: ROOT, encoding: 'utf8', env: pnpmOnPath(dir) });
    const tarballs: Record<string, string> = {};
    mkdirSync(path.join(dir, 'tarballs'), { recursive: true });
    for (const name of PACKAGES) {
      const written = path.join(OUT, tarballName(name, versionOf(name)));
      if (!existsSync(written)) continue;
      tarballs[name] = path.join(dir, 'tarballs', path.basename(written));
      copyFileSync(written, tarballs[name]);
    }
    const packed: Packed = { status: result.status, output: `${result.stdout}${result.stderr}`, tarballs };
    writeFileSync(record, JSON.stringify(packed));
    return packed;
  });
}

export function packedProject(scratch: string) {
  const dir = path.join(scratch, 'project');
  return {
    dir,
    /** Runs a command in the project (npx in a clean npm environment). */
    run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
      const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...cleanNpmEnv(), ...env } });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: `${result.stdout}${result.stderr}` };
    },
    /**
     * Runs a command in the project, in its own process group as a terminal would, until it prints
     * its URL; stop() sends SIGINT to the group (Ctrl+C) and resolves with the output once all ended.
     */
    serve(command: string, args: string[]) {
      const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: cleanNpmEnv() });
      let output = '';
      const url = new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk;
          const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match && /Ready/.test(output)) resolve(match[1]!);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited ${code} before it was ready:\n${output}`)));
      });
      const closed = new Promise<string>((resolve) => child.once('close', () => resolve(output)));
      return { url, output: () => output, stop: () => (process.kill(-child.pid!, 'SIGINT'), closed) };
    },
  };
}
