// Makes sure the Debian packages the tests run are installed: Chromium for the browser tests,
// Java 17 for Specmatic, buildah, podman and runc for the mock's container image (never a browser,
// a JDK or a base image download), and Podman's configuration for this kind of machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs } from './lib/args.ts';
import { fail } from './lib/run.ts';

const CHROMIUM = '/usr/bin/chromium';
const JAVA = '/usr/bin/java';

/** Each tool: the file the tests run, the Debian package that brings it, and how it says its version. */
const TOOLS = [
  { file: CHROMIUM, debianPackage: 'chromium', version: [CHROMIUM, '--version'] },
  { file: JAVA, debianPackage: 'openjdk-17-jre-headless', version: [JAVA, '-version'] },
  { file: '/usr/bin/buildah', debianPackage: 'buildah', version: ['/usr/bin/buildah', '--version'] },
  { file: '/usr/bin/podman', debianPackage: 'podman', version: ['/usr/bin/podman', '--version'] },
  { file: '/usr/sbin/runc', debianPackage: 'runc', version: ['/usr/sbin/runc', '--version'] },
] as const;

const CONTAINERS_CONF = '/etc/containers/containers.conf';
/**
 * Podman's settings here: runc (crun fails where cgroups are in hybrid mode), cgroupfs and a file
 * event log (no systemd), and ulimits within this machine's hard limits (Podman's defaults are higher).
 */
const CONTAINERS_CONF_TEXT = `# Written by pnpm setup:tools (scripts/setup-tools.ts)
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
`;

/** Writes Podman's settings when there are none or they are an older copy of ours; leaves a file someone else wrote, saying what it needs. */
function configurePodman() {
  const written = existsSync(CONTAINERS_CONF) ? readFileSync(CONTAINERS_CONF, 'utf8') : undefined;
  if (written === CONTAINERS_CONF_TEXT) return;
  if (written !== undefined && !written.startsWith(CONTAINERS_CONF_TEXT.split('\n')[0]!)) {
    console.log(`${CONTAINERS_CONF} is not pnpm setup:tools' own: left as it is; the container tests need in it:\n${CONTAINERS_CONF_TEXT}`);
    return;
  }
  if (process.getuid?.() !== 0) fail(`${CONTAINERS_CONF} is missing: run pnpm setup:tools as root to write it`);
  mkdirSync(path.dirname(CONTAINERS_CONF), { recursive: true });
  writeFileSync(CONTAINERS_CONF, CONTAINERS_CONF_TEXT);
  console.log(`wrote ${CONTAINERS_CONF} (runc, cgroupfs, ulimits)`);
}

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
  configurePodman();
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
tests, Java 17 (${JAVA}, openjdk-17-jre-headless) for Specmatic, and buildah, podman and runc for
the mock's container image (pnpm image), installing what is missing with apt-get (as root); then
writes Podman's settings (${CONTAINERS_CONF}: runc, cgroupfs, ulimits within this machine's limits).
Never downloads a browser, a JDK or a base image.`,
  });
  setUpTools();
}
