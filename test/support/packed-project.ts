// A project with the packages installed from their tarballs, as a user gets them (the README's
// block that packs and installs them makes it: test/newcomer/packed-install.test.ts): commands
// run there in a clean npm environment.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.ts';
import { cleanNpmEnv } from '../../scripts/lib/pnpm.ts';

export const versionOf = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8')).version as string;

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
