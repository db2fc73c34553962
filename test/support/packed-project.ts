// An empty project with the packages installed from their tarballs, as a user gets them: packed
// with `pnpm pack:all --no-build` (pnpm pack, so the build `pnpm test` made is what is packed),
// installed with npm (its cache first, --prefer-offline) in a clean npm environment.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, tarballName } from '../../scripts/lib/paths.ts';
import { cleanNpmEnv } from '../../scripts/lib/pnpm.ts';

const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export const versionOf = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8')).version as string;

export function packedProject(scratch: string) {
  const tarballs = path.join(scratch, 'tarballs');
  const dir = path.join(scratch, 'project');
  const tarball = (name: string) => path.join(tarballs, tarballName(name, versionOf(name)));
  return {
    dir,
    tarballs,
    tarball,
    /** `pnpm pack:all --no-build` of these packages; its output. */
    pack(names: string[]) {
      const result = spawnSync(TSX, ['scripts/pack.ts', ...names, '--no-build', '--out', tarballs], { cwd: ROOT, encoding: 'utf8', env: cleanNpmEnv() });
      if (result.status !== 0) throw new Error(`pnpm pack:all ${names.join(' ')} failed:\n${result.stdout}${result.stderr}`);
      return result.stdout;
    },
    /** An empty ES module project with these tarballs installed by npm; npm's output. */
    install(names: string[]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'empty-project', private: true, type: 'module' }));
      const result = spawnSync('npm', ['install', '--prefer-offline', '--loglevel=warn', ...names.map(tarball)], {
        cwd: dir,
        encoding: 'utf8',
        env: cleanNpmEnv(),
      });
      if (result.status !== 0) throw new Error(`npm install failed:\n${result.stderr}`);
      return `${result.stdout}${result.stderr}`;
    },
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
