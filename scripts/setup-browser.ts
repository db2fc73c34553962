// Makes sure Debian's Chromium is installed for the browser tests (never a browser download).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseScriptArgs } from './lib/args.ts';
import { fail } from './lib/run.ts';

export const CHROMIUM = '/usr/bin/chromium';

function setUpBrowser() {
  if (!existsSync(CHROMIUM)) {
    if (process.getuid?.() !== 0) fail(`${CHROMIUM} is missing: install Debian's chromium package (sudo apt-get install -y chromium)`);
    console.log('installing Debian chromium (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
      if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) fail(`apt-get ${args.join(' ')} failed`);
    }
  }
  console.log(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseScriptArgs({
    usage: 'pnpm setup:browser',
    description: `Makes sure Debian's Chromium (${CHROMIUM}) is there for the browser tests, installing the
chromium package with apt-get when it is missing (as root). Never downloads a browser.`,
  });
  setUpBrowser();
}
