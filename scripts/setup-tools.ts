// Makes sure the Debian packages the tests run are installed: Chromium for the browser tests and
// Java 17 for Specmatic (never a browser or a JDK download).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseScriptArgs } from './lib/args.ts';
import { fail } from './lib/run.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const JAVA = '/usr/bin/java';

/** Each tool: the file the tests run, the Debian package that brings it, and how it says its version. */
const TOOLS = [
  { file: CHROMIUM, debianPackage: 'chromium', version: [CHROMIUM, '--version'] },
  { file: JAVA, debianPackage: 'openjdk-17-jre-headless', version: [JAVA, '-version'] },
] as const;

function setUpTools() {
  const missing = TOOLS.filter((tool) => !existsSync(tool.file));
  if (missing.length > 0) {
    const packages = missing.map((tool) => tool.debianPackage);
    if (process.getuid?.() !== 0)
      fail(`${missing.map((tool) => tool.file).join(', ')} missing: install Debian's ${packages.join(' ')} (sudo apt-get install -y ${packages.join(' ')})`);
    console.log(`installing Debian ${packages.join(', ')} (apt-get)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
      if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) fail(`apt-get ${args.join(' ')} failed`);
    }
  }
  for (const { version } of TOOLS) {
    const [file, ...args] = version;
    const run = spawnSync(file, args, { encoding: 'utf8' });
    console.log(`${run.stdout}${run.stderr}`.trim().split('\n')[0]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  parseScriptArgs({
    usage: 'pnpm setup:tools',
    description: `Makes sure the Debian packages the tests run are there: Chromium (${CHROMIUM}) for the browser
tests and Java 17 (${JAVA}, openjdk-17-jre-headless) for Specmatic, installing what is missing with
apt-get (as root). Never downloads a browser or a JDK.`,
  });
  setUpTools();
}
