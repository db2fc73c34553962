// The mock's container image, built FROM scratch with buildah: no base image is pulled from
// anywhere. Its content is this machine's Node binary, the libraries `ldd` lists for it, and the
// mock package as npm would install it (`pnpm deploy --prod`: the built mock, the reference site,
// @platform-contracts/contracts and the production dependencies, from pnpm's store). The image is
// labelled with a digest of what went into it, so that an image built from the same inputs is
// reused rather than built again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCS_DIR, ROOT } from '../paths.ts';
import { cleanNpmEnv, pnpmCommand } from '../pnpm.ts';

/** The image's repository name; its tag is the mock package's version. */
const IMAGE_REPOSITORY = 'localhost/platform-mock';
const MOCK_PACKAGE = path.join(ROOT, 'packages/mock');
const mockVersion = (): string => JSON.parse(readFileSync(path.join(MOCK_PACKAGE, 'package.json'), 'utf8')).version;
export const imageName = (version = mockVersion()) => `${IMAGE_REPOSITORY}:${version}`;
/** The tag the READMEs' snippets use, moved to each image built or reused. */
export const LATEST_IMAGE = `${IMAGE_REPOSITORY}:latest`;

/** The user the mock runs as: no name on the host, not root (distroless's `nonroot`). */
export const IMAGE_USER = 65532;
/** Where the app lives, and the image's working folder for volumes (owned by IMAGE_USER). */
const APP_DIR = '/app';
const DATA_DIR = '/data';
export const IMAGE_PORT = 4010;
const NODE_IN_IMAGE = '/usr/local/bin/node';
const INPUTS_LABEL = 'io.platform-contracts.inputs';
const HEALTHCHECK_SOURCE = path.join(ROOT, 'scripts/lib/build/image-healthcheck.mjs');

/** The image's settings, one table: its environment, entrypoint, health check, user and labels. */
export function imageConfig(version: string, node: string) {
  return {
    env: {
      // Inside a container the mock listens on every interface, so that a published port reaches it;
      // the Host allow-list and CORS still answer only loopback names and origins (README, "The mock as a container image").
      PLATFORM_MOCK_HOST: '0.0.0.0',
      PLATFORM_MOCK_PORT: String(IMAGE_PORT),
      PLATFORM_MOCK_PROGRAM: `docker run ${IMAGE_REPOSITORY.replace(/^localhost\//, '')}:${version}`,
      NODE_ENV: 'production',
    },
    entrypoint: [NODE_IN_IMAGE, `${APP_DIR}/bin/platform-mock.js`],
    healthcheck: { command: [NODE_IN_IMAGE, `${APP_DIR}/healthcheck.mjs`], interval: '5s', timeout: '5s', startPeriod: '5s', retries: 3 },
    user: `${IMAGE_USER}:${IMAGE_USER}`,
    workdir: DATA_DIR,
    port: IMAGE_PORT,
    labels: {
      'org.opencontainers.image.title': 'platform-mock',
      'org.opencontainers.image.description': 'Mock server for every area of the platform API, with its reference site',
      'org.opencontainers.image.version': version,
      'io.platform-contracts.node': node,
    },
  };
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd: options.cwd ?? ROOT, env: options.env ?? process.env });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n')}`);
  return result.stdout;
}

/** Every file under `dir` (followed through symbolic links), sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .sort();
}

/** A digest of everything the image is made of: the built packages, the site, the lockfile, the Node binary and this builder. */
function imageInputs(node = process.execPath): string {
  const hash = createHash('sha256');
  const places = ['packages/mock/bin', 'packages/mock/dist', 'packages/mock/package.json', 'packages/contracts/dist', 'packages/contracts/bundles'];
  const files = [...places.flatMap((place) => filesUnder(path.join(ROOT, place))), ...filesUnder(DOCS_DIR)];
  files.push(path.join(ROOT, 'packages/contracts/package.json'), path.join(ROOT, 'pnpm-lock.yaml'), HEALTHCHECK_SOURCE, new URL(import.meta.url).pathname);
  for (const file of files) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  const { size, mtimeMs } = statSync(node);
  hash.update(`${node} ${size} ${mtimeMs} ${process.version}`);
  return hash.digest('hex').slice(0, 32);
}

/** The inputs label of the image `name`, or undefined when there is no such image. */
function imageLabel(name: string): string | undefined {
  const result = spawnSync('podman', ['image', 'inspect', '--format', `{{index .Labels "${INPUTS_LABEL}"}}`, name], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The libraries the dynamic loader gives `binary` (`ldd`), the loader itself included. */
function sharedLibraries(binary: string): string[] {
  return [...run('ldd', [binary]).matchAll(/(\/\S+) \(0x/g)].map((match) => match[1]!);
}

/**
 * The app folder: the mock package as `pnpm deploy --prod` installs it (its production dependencies
 * from pnpm's store, @platform-contracts/contracts copied in as its `files` give it), the reference
 * site in its `docs/` (as the packed package has it) and the health check. Peers the image never
 * loads (TypeScript, type packages) are left out.
 */
function stageApp(into: string): void {
  const [pnpm, pnpmArgs] = pnpmCommand();
  const deploy = (offline: boolean) =>
    run(
      pnpm,
      [
        ...pnpmArgs,
        '--filter',
        '@platform-contracts/mock',
        'deploy',
        '--prod',
        offline ? '--offline' : '--prefer-offline',
        '--config.inject-workspace-packages=true',
        into,
      ],
      { env: cleanNpmEnv() },
    );
  try {
    deploy(true);
  } catch {
    // A store without some package (a fresh CI machine that installed no dev tree for it): fetch it.
    rmSync(into, { recursive: true, force: true });
    deploy(false);
  }
  const store = path.join(into, 'node_modules/.pnpm');
  for (const entry of readdirSync(store))
    if (/^(typescript|@types\+|undici-types)@?/.test(entry)) rmSync(path.join(store, entry), { recursive: true, force: true });
  cpSync(DOCS_DIR, path.join(into, 'docs'), { recursive: true, dereference: true });
  cpSync(HEALTHCHECK_SOURCE, path.join(into, 'healthcheck.mjs'));
}

/** The image's root filesystem in `root`: Node and its libraries, the app, /etc/passwd for the user, /data and /tmp. */
function stageRoot(root: string, node = process.execPath): void {
  mkdirSync(path.dirname(path.join(root, NODE_IN_IMAGE)), { recursive: true });
  cpSync(node, path.join(root, NODE_IN_IMAGE), { dereference: true });
  for (const library of sharedLibraries(node)) {
    mkdirSync(path.dirname(path.join(root, library)), { recursive: true });
    cpSync(library, path.join(root, library), { dereference: true });
  }
  stageApp(path.join(root, APP_DIR.slice(1)));
  mkdirSync(path.join(root, 'etc'), { recursive: true });
  writeFileSync(
    path.join(root, 'etc/passwd'),
    `root:x:0:0:root:/root:/sbin/nologin\nmock:x:${IMAGE_USER}:${IMAGE_USER}:platform-mock:${DATA_DIR}:/sbin/nologin\n`,
  );
  writeFileSync(path.join(root, 'etc/group'), `root:x:0:\nmock:x:${IMAGE_USER}:\n`);
  for (const dir of [DATA_DIR, '/tmp']) mkdirSync(path.join(root, dir), { recursive: true });
  chmodSync(path.join(root, 'tmp'), 0o1777);
}

export interface BuiltImage {
  name: string;
  inputs: string;
  reused: boolean;
  /** Uncompressed bytes, as `podman image inspect` counts them. */
  size: number;
}

/** Builds the image (or finds one built from the same inputs, unless `force`), saying each step through `say`. */
export function buildImage({ force = false, say = (_line: string) => {} }: { force?: boolean; say?: (line: string) => void } = {}): BuiltImage {
  const version = mockVersion();
  const name = imageName(version);
  const inputs = imageInputs();
  const size = () => Number(run('podman', ['image', 'inspect', '--format', '{{.Size}}', name]).trim());
  if (!force && imageLabel(name) === inputs) {
    run('podman', ['tag', name, LATEST_IMAGE]);
    return { name, inputs, reused: true, size: size() };
  }
  const previous = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', name], { encoding: 'utf8' }).stdout.trim();
  const staging = mkdtempSync(path.join(tmpdir(), 'platform-mock-image-'));
  const container = run('buildah', ['from', '--quiet', 'scratch']).trim();
  try {
    const root = path.join(staging, 'root');
    say('staging Node, its libraries and the mock package (pnpm deploy --prod)...');
    stageRoot(root);
    say('copying into a scratch container (buildah)...');
    const mount = run('buildah', ['mount', container]).trim();
    run('cp', ['-a', `${root}/.`, mount]);
    run('chown', [`${IMAGE_USER}:${IMAGE_USER}`, path.join(mount, DATA_DIR)]);
    run('buildah', ['umount', container]);
    const config = imageConfig(version, process.version);
    const { healthcheck } = config;
    run('buildah', [
      'config',
      ...Object.entries(config.env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
      '--entrypoint',
      JSON.stringify(config.entrypoint),
      '--cmd',
      '',
      '--user',
      config.user,
      '--workingdir',
      config.workdir,
      '--port',
      `${config.port}/tcp`,
      '--stop-signal',
      'SIGTERM',
      '--healthcheck',
      `CMD ${healthcheck.command.join(' ')}`,
      '--healthcheck-interval',
      healthcheck.interval,
      '--healthcheck-timeout',
      healthcheck.timeout,
      '--healthcheck-start-period',
      healthcheck.startPeriod,
      '--healthcheck-retries',
      String(healthcheck.retries),
      ...Object.entries({ ...config.labels, [INPUTS_LABEL]: inputs }).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
      container,
    ]);
    say(`committing ${name}...`);
    // Docker's format: OCI image configs have no HEALTHCHECK.
    run('buildah', ['commit', '--quiet', '--format', 'docker', '--rm', container, name]);
    run('podman', ['tag', name, LATEST_IMAGE]);
  } catch (error) {
    spawnSync('buildah', ['rm', container]);
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  // The image this one replaced, untagged now: removed, unless a container still uses it.
  if (previous) spawnSync('podman', ['rmi', previous], { stdio: 'ignore' });
  return { name, inputs, reused: false, size: size() };
}
