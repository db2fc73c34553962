// Over HTTP (TEAM_BACKEND=http), the run starts one `platform-mock` for every file, as a team's
// globalSetup would, and gives its URL to the tests (`inject('mockUrl')`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const CLI = path.join(import.meta.dirname, '../../packages/mock/bin/platform-mock.js');

export default async function setup(project: TestProject) {
  if (process.env.TEAM_BACKEND !== 'http') return;
  const child = spawn(process.execPath, [CLI, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+)[\s\S]*Ready/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`platform-mock exited ${code}: ${output}`)));
  });
  project.provide('mockUrl', url);
  return () => {
    child.kill('SIGTERM');
  };
}
