// The mock's container image (`pnpm image`), started through its Testcontainers module on Podman's
// Docker API, as a user's suite starts it: a database request and a REST request in two
// namespaces, the control endpoints, a stop that writes the coverage; the image as a container
// should be (not root, a health check, a read-only root filesystem); --db-dir and --state on
// mounted volumes across two runs. The image is built once, or reused when built from the same inputs.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PlatformMockContainer, type StartedPlatformMockContainer } from '@platform-contracts/mock/testcontainers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltImage, buildImage, IMAGE_USER, imageConfig } from '../../scripts/lib/build/image.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { blocksOf } from '../support/doc-blocks.ts';
import { containerToolsProblem, type PodmanService, startPodmanService } from '../support/podman-service.ts';

let service: PodmanService | undefined;
let image: BuiltImage;

beforeAll(async () => {
  const problem = containerToolsProblem();
  if (problem) throw new Error(problem);
  service = await startPodmanService();
  image = buildImage();
}, 300_000);
afterAll(() => service?.stop());

const podman = (...args: string[]) => {
  const result = spawnSync('podman', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`podman ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};
/** A folder the image's user (not root) may write, as a user's mounted volume would be. */
const writableFolder = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return dir;
};

/** The status of GET /_mock/health sent with this Host header. */
function statusFor(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${url}/_mock/health`, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.once('error', reject);
  });
}

async function pipeline(mock: StartedPlatformMockContainer, authToken: string, sql: string[]) {
  const response = await fetch(`${mock.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${authToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [...sql.map((text) => ({ type: 'execute', stmt: { sql: text } })), { type: 'close' }] }),
  });
  expect(response.status).toBe(200);
  const { results } = (await response.json()) as { results: { type: string; response?: { result: { rows: { value: string }[][] } } }[] };
  for (const result of results) expect(result.type).toBe('ok');
  // The last statement's rows (the last result answers the close).
  return results.at(-2)!.response!.result.rows;
}

describe('the image, through PlatformMockContainer', () => {
  it('answers a database and a REST request in two namespaces, runs as a container should, and writes the coverage when stopped', async () => {
    const out = writableFolder('image-coverage-');
    const coverageFile = path.join(out, 'coverage.json');
    const mock = await new PlatformMockContainer(image.name).withCoverageFile(coverageFile).start();
    let stopped = false;
    try {
      // The namespace `default`, with the database tokens the mock printed at start.
      expect(mock.tokens.databaseId).toBe('my-database');
      const rows = await pipeline(mock, mock.tokens.fullAccessToken, ['CREATE TABLE t (x)', "INSERT INTO t VALUES ('in the container')", 'SELECT x FROM t']);
      expect(rows[0]![0]!.value).toBe('in the container');
      // Another namespace, over REST: what it creates is its own, and reset(key) forgets it.
      const collections = `${mock.url}/library/7/collections`;
      const key = { AccessKey: 'image-test-rest' };
      const created = await fetch(collections, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'In a container' }),
      });
      expect(created.status).toBe(200);
      const names = async (headers: Record<string, string>) =>
        ((await (await fetch(collections, { headers })).json()) as { items: { name: string }[] }).items.map((item) => item.name);
      expect(await names(key)).toContain('In a container');
      expect(await names({ AccessKey: 'image-test-other' })).not.toContain('In a container');
      const journal = await mock.requests('image-test-rest');
      expect(journal.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /library/7/collections', 'GET /library/7/collections']);
      await mock.reset('image-test-rest');
      expect(await names(key)).not.toContain('In a container');
      const reached = (await mock.coverage()).operations.filter((op) => op.calls > 0).map((op) => op.operationId);
      expect(reached).toEqual(expect.arrayContaining(['runPipeline', 'createCollection', 'listCollections']));
      // A name the Host allow-list does not hold (DNS rebinding) is refused, as outside a container.
      expect(await statusFor(mock.url, 'evil.example')).toBe(403);
      expect(await statusFor(mock.url, 'localhost')).toBe(200);
      expect(await statusFor(mock.url, new URL(mock.url).host)).toBe(200);
      // As a container should run: read-only (the module's default), not root, the mock as PID 1, healthy (podman runs the check on demand).
      expect(JSON.parse(podman('inspect', '--format', '{{json .HostConfig.ReadonlyRootfs}}', mock.getId()))).toBe(true);
      const [user, pid] = podman('top', mock.getId(), 'user', 'pid').split('\n')[1]!.trim().split(/\s+/);
      expect([user, pid]).toEqual(['mock', '1']);
      const health = spawnSync('podman', ['healthcheck', 'run', mock.getId()], { encoding: 'utf8' });
      expect(health.status, health.stderr).toBe(0);
      const stoppedContainer = await mock.stop({ remove: false });
      stopped = true;
      expect(JSON.parse(podman('inspect', '--format', '{{json .State.ExitCode}}', mock.getId()))).toBe(0);
      expect(spawnSync('podman', ['logs', mock.getId()], { encoding: 'utf8' }).stderr).toMatch(/SIGTERM: finishing requests in flight, then stopping/);
      podman('rm', stoppedContainer.getId());
    } finally {
      if (!stopped) await mock.stop();
    }
    expect(existsSync(coverageFile)).toBe(true);
    const written = JSON.parse(readFileSync(coverageFile, 'utf8')) as { operations: { operationId: string; calls: number }[] };
    expect(written.operations.find((op) => op.operationId === 'createCollection')!.calls).toBe(1);
  }, 120_000);

  it('is built as a container should be: not root, a health check, the port, the version', () => {
    const config = JSON.parse(podman('image', 'inspect', '--format', '{{json .Config}}', image.name)) as Record<string, unknown>;
    const expected = imageConfig(image.name.split(':').at(-1)!, process.version);
    expect(config.User).toBe(`${IMAGE_USER}:${IMAGE_USER}`);
    expect(config.Entrypoint).toEqual(expected.entrypoint);
    const [{ Healthcheck: healthcheck }] = JSON.parse(podman('image', 'inspect', image.name)) as [{ Healthcheck: { Test: string[] } }];
    expect(healthcheck.Test).toEqual(['CMD', ...expected.healthcheck.command]);
    expect(Object.keys(config.ExposedPorts as object)).toEqual(['4010/tcp']);
    expect((config.Labels as Record<string, string>)['org.opencontainers.image.version']).toBe(image.name.split(':').at(-1));
    // Node is about 99 MB of it; 200 MB uncompressed is about the 60 MB compressed the image must stay within (pnpm bench image measures that).
    expect(image.size).toBeLessThanOrEqual(200e6);
  });

  it('keeps --db-dir on a mounted volume across runs, and starts from a --state file', async () => {
    const volume = writableFolder('image-db-dir-');
    const first = await new PlatformMockContainer(image.name)
      .withBindMounts([{ source: volume, target: '/data/db' }])
      .withMockOptions({ 'db-dir': '/data/db', quiet: true })
      .start();
    const collections = (mock: StartedPlatformMockContainer) => `${mock.url}/library/7/collections`;
    let snapshot;
    try {
      await pipeline(first, first.tokens.fullAccessToken, ['CREATE TABLE kept (x)', "INSERT INTO kept VALUES ('across runs')"]);
      const key = { AccessKey: 'image-state' };
      const created = await fetch(collections(first), {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: '{"name":"From a state file"}',
      });
      expect(created.status).toBe(200);
      snapshot = await first.namespace('image-state').exportState();
    } finally {
      await first.stop();
    }
    const { version, areas } = snapshot;
    // The snapshot's REST areas only: the database of `default` is the folder's.
    const { database: _database, ...rest } = areas as Record<string, unknown>;
    writeFileSync(path.join(volume, 'state.json'), JSON.stringify({ version, areas: rest }));
    const second = await new PlatformMockContainer(image.name)
      .withBindMounts([{ source: volume, target: '/data/db' }])
      .withMockOptions({ 'db-dir': '/data/db', state: '/data/db/state.json', quiet: true })
      .start();
    try {
      // The tokens are kept too (their digests, in the folder): the first run's still work.
      for (const token of [first.tokens.fullAccessToken, second.tokens.fullAccessToken]) {
        const rows = await pipeline(second, token, ['SELECT x FROM kept']);
        expect(rows[0]![0]!.value).toBe('across runs');
      }
      const listed = (await (await fetch(collections(second), { headers: { AccessKey: 'default' } })).json()) as { items: { name: string }[] };
      expect(listed.items.map((item) => item.name)).toContain('From a state file');
    } finally {
      await second.stop();
    }
  }, 120_000);
});

describe("the README's Testcontainers block", () => {
  it('runs as written against the image', async () => {
    const [block] = blocksOf('README.md').filter((b) => b.language === 'ts' && b.code.includes('PlatformMockContainer'));
    expect(block?.notRun).toContain('test/image/image.test.ts');
    const dir = path.join(ROOT, 'dist/readme-blocks');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'testcontainers-block.ts');
    writeFileSync(file, block!.code);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import(file);
      expect(log).toHaveBeenCalledWith(200, true);
    } finally {
      log.mockRestore();
    }
  }, 120_000);
});
