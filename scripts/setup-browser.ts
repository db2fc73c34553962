// Makes sure Debian's Chromium is installed for the browser tests (never a browser download).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fail } from './lib/run.ts';

export const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) fail(`${CHROMIUM} is missing: install Debian's chromium package (sudo apt-get install -y chromium)`);
  console.log('installing Debian chromium (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) fail(`apt-get ${args.join(' ')} failed`);
  }
}
console.log(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim());
