// `pnpm mock` as a person runs it: clear one-line errors and non-zero exits on bad input, JSON
// request logs and the start-up time, a clean shutdown on SIGTERM, --state FILE and the caps' flags.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMock, MockStartError, startMock } from '@platform-contracts/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRISM_CHANNEL, type PrismEvent } from '../../../packages/mock/src/engine/prism.ts';
import { ROOT } from '../../../scripts/lib/paths.ts';

// `pnpm mock` runs the built package's bin (packages/mock/dist, made by `pnpm build`).
const CLI = [process.execPath, path.join(ROOT, 'packages/mock/bin/platform-mock.js')] as const;
const runCli = (args: string[]) => spawnSync(CLI[0], [CLI[1], ...args], { encoding: 'utf8', timeout: 30_000 });

async function withBusyPort<T>(use: (port: number) => Promise<T> | T): Promise<T> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    return await use((blocker.address() as { port: number }).port);
  } finally {
    blocker.close();
  }
}

describe('pnpm mock', () => {
  it('prints its URL and every operation it serves', async () => {
    const child = spawn(CLI[0], [CLI[1], '--port', '0', '--area', 'video'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('deleteCollection')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    child.kill('SIGTERM');
    expect(output).toMatch(/at http:\/\/127\.0\.0\.1:\d+/);
    for (const id of ['createVideo', 'listCollections', 'createCollection', 'getCollection', 'updateCollection', 'deleteCollection'])
      expect(output).toContain(id);
  });

  const badInput: [string, string[], number, RegExp][] = [
    ['a port that is not a number', ['--port', 'abc'], 2, /^error: --port must be a whole number/],
    ['a port above 65535', ['--port', '70000'], 2, /^error: --port must be a whole number/],
    ['an unknown option', ['--colour'], 2, /^error: unknown option --colour\nRun `platform-mock --help` for the options\.$/],
    ['an unknown area', ['--port', '0', '--area', 'weather'], 2, /^error: unknown area weather; the areas are .*video/],
  ];
  it.each(badInput)('refuses %s with a clear error', (_name, args, exitCode, message) => {
    const result = runCli(args);
    expect(result.status).toBe(exitCode);
    expect(result.stderr.trim()).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('reports a busy port in one line and exits 1', async () => {
    await withBusyPort((port) => {
      const result = runCli(['--port', String(port)]);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(`error: port ${port} on 127.0.0.1 is already in use: stop what uses it or pass another --port (0 picks a free one)`);
    });
  });
});

describe('Prism, which answers Prefer', () => {
  // Each mock reports loading Prism on its diagnostics channel; a module imported first prints it on the CLI's own standard output, in order.
  const SUBSCRIBER = `data:text/javascript,import dc from 'node:diagnostics_channel'; dc.subscribe('platform-mock:prism', (m) => console.log('prism: ' + m.event));`;

  it('loads in the background once the CLI listens, before the first request that needs it; that request loads nothing', async () => {
    const child = spawn(CLI[0], ['--import', SUBSCRIBER, CLI[1], '--port', '0', '--area', 'storage'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const waiters = new Set<() => void>();
    child.stdout.on('data', (chunk: Buffer) => ((output += chunk), waiters.forEach((check) => check())));
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) waiters.delete(check), resolve(match);
        };
        waiters.add(check);
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
        check();
      });
    try {
      const [, url] = await waitFor(/(http:\/\/127\.0\.0\.1:\d+)[\s\S]*Ready/);
      // A request that does not need Prism: its log line comes after whatever the CLI did at once.
      expect((await fetch(`${url}/_mock/health`)).status).toBe(200);
      await waitFor(/GET \/_mock\/health -> 200/);
      expect(output.indexOf('prism: loading'), output).toBeGreaterThan(output.indexOf('Ready'));
      expect(output.indexOf('prism: loading'), output).toBeLessThan(output.indexOf('GET /_mock/health'));
      await waitFor(/prism: loaded/);
      const preferred = await fetch(`${url}/storagezone`, { headers: { AccessKey: 'any', Prefer: 'code=401' } });
      expect(preferred.status).toBe(401);
      await waitFor(/GET \/storagezone -> 401/);
      expect(output.match(/prism: \w+/g)).toEqual(['prism: loading', 'prism: loaded']);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('is not loaded by startMock (nor by createMock, under it) until a request needs it: suites that never need it do not pay for it', async () => {
    const events: string[] = [];
    const record = (message: unknown) => events.push((message as PrismEvent).event);
    diagnostics.subscribe(PRISM_CHANNEL, record);
    const mock = await startMock({ port: 0, areas: ['storage'] });
    try {
      expect((await fetch(`${mock.url}/storagezone`, { headers: { AccessKey: 'any' } })).status).toBe(200);
      expect(events).toEqual([]);
      expect((await fetch(`${mock.url}/storagezone`, { headers: { AccessKey: 'any', Prefer: 'code=401' } })).status).toBe(401);
      expect(events).toEqual(['loading', 'loaded']);
    } finally {
      diagnostics.unsubscribe(PRISM_CHANNEL, record);
      await mock.close();
    }
  });
});

describe('startMock', () => {
  it('rejects a busy port with a MockStartError', async () => {
    await withBusyPort(async (port) => {
      await expect(startMock({ port })).rejects.toThrow(MockStartError);
    });
  });

  it('names the missing bundle and the command that makes it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'no-bundles-'));
    await expect(startMock({ port: 0, bundleDir: empty })).rejects.toThrow(/contract cannot be loaded: .* is missing: run `pnpm bundle` first/);
  });

  it('serves the reference site under /docs/', async () => {
    const mock = await startMock({ port: 0, areas: ['video'] });
    try {
      const index = await fetch(`${mock.url}/docs/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('Platform API reference');
      expect((await fetch(`${mock.url}/docs/../package.json`)).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});

describe('the platform-mock launcher', () => {
  it('says to build first when the mock is not built, without a stack trace', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'unbuilt-mock-'));
    mkdirSync(path.join(scratch, 'bin'));
    copyFileSync(path.join(ROOT, 'packages/mock/bin/platform-mock.js'), path.join(scratch, 'bin', 'platform-mock.js'));
    writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ type: 'module' }));
    const result = spawnSync(process.execPath, [path.join(scratch, 'bin', 'platform-mock.js')], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('error: the mock is not built yet: run `pnpm build` first (or `pnpm start` to build and serve)');
  });
});

describe('pnpm mock (built CLI): logs, options and SIGTERM', () => {
  const auth = { AccessKey: 'options-test-key' };
  const collectionsPath = '/library/7/collections';

  beforeAll(() => {
    expect(spawnSync(process.execPath, [CLI[1], '--help'], { encoding: 'utf8' }).status, 'packages/mock/dist is missing: run `pnpm build`').toBe(0);
  });

  /** Starts the CLI on a free port and resolves with its URL once it has printed that it is ready. */
  async function startCli(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
    const child = spawn(process.execPath, [CLI[1], '--port', '0', '--area', 'video', ...args]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const found = /at (http:\/\/\S+) /.exec(output);
        if (found && /Ready in \d+ ms/.test(output)) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    return { child, url, output: () => output };
  }

  const exited = (child: ChildProcessWithoutNullStreams) => new Promise<number | null>((resolve) => child.once('exit', resolve));

  it('prints its start-up time and one JSON object per request with --log-format json', async () => {
    const { child, url, output } = await startCli(['--log-format', 'json']);
    try {
      await fetch(`${url}${collectionsPath}`, { headers: auth });
      await printed(child, () =>
        output()
          .split('\n')
          .some((line) => line.startsWith('{')),
      );
      const lines = output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        method: 'GET',
        path: collectionsPath,
        status: 200,
        area: 'video',
        operationId: 'listCollections',
        violations: [],
      });
      expect(output()).not.toContain(auth.AccessKey);
    } finally {
      child.kill('SIGKILL');
    }
  });

  const badOptions: [string, string[], RegExp][] = [
    ['an unknown log format', ['--log-format', 'xml'], /^error: --log-format must be text or json/],
    ['a body limit of 0', ['--max-body-bytes', '0'], /^error: --max-body-bytes must be a whole number from 1 to/],
  ];
  it.each(badOptions)('refuses %s', (_name, args, message) => {
    const result = spawnSync(process.execPath, [CLI[1], ...args], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toMatch(message);
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const { child, url } = await startCli(['--quiet']);
    const { hostname, port } = new URL(url);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const req = request({
      hostname,
      port,
      path: '/library/1/videos',
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
    });
    // The request is in flight (its body half sent) when the signal arrives; the rest is sent
    // once the mock has said that it is finishing the requests in flight.
    await new Promise<void>((resolve) => req.write('{"title":', () => resolve()));
    child.kill('SIGTERM');
    await printed(child, () => stderr.includes('finishing requests in flight'));
    req.end('"Sent after SIGTERM"}');
    const code = exited(child);
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ title: 'Sent after SIGTERM' });
    expect(await code).toBe(0);
  });
});

/** Resolves once the child has printed what `done` looks for (checked on each chunk it prints). */
function printed(child: ChildProcessWithoutNullStreams, done: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const check = () => {
      if (!done()) return;
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      resolve();
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing what was awaited`)));
  });
}

describe('platform-mock --state FILE', () => {
  const LIBRARY = 42;

  it("starts with the snapshot's state for the snapshot's access key", async () => {
    const key = 'snapshot-1';
    const mock = await createMock({ areas: ['video'] });
    const written = await mock.fetch(`${mock.url}/library/${LIBRARY}/collections`, {
      method: 'POST',
      headers: { AccessKey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'From the file' }),
    });
    expect(written.status).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mock-state-')), 'state.json');
    const snapshot = await mock.exportState(key);
    await mock.close();
    writeFileSync(file, JSON.stringify({ ...snapshot, areas: { video: snapshot.areas.video } })); // the mock below serves video only
    const child = spawn(process.execPath, [CLI[1], '--port', '0', '--area', 'video', '--quiet', '--state', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stderr.on('data', (chunk) => (output += chunk));
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const found = /at (http:\/\/\S+)/.exec(output);
          if (found && output.includes('Ready')) resolve(found[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const list = async (accessKey: string) => {
        const response = await fetch(`${url}/library/${LIBRARY}/collections`, { headers: { AccessKey: accessKey } });
        return ((await response.json()) as { items: { name: string }[] }).items.map((c) => c.name);
      };
      expect(await list(key)).toContain('From the file');
      expect(await list('someone-else')).not.toContain('From the file');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('takes a cap from its flag', async () => {
    const child = spawn(process.execPath, [CLI[1], '--port', '0', '--area', 'shield', '--quiet', '--max-shield-zones', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const found = /at (http:\/\/\S+)/.exec(output);
          if (found && output.includes('Ready')) resolve(found[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const response = await fetch(`${url}/shield/shield-zone`, {
        method: 'PATCH',
        headers: { AccessKey: 'k', 'content-type': 'application/json' },
        body: JSON.stringify({ shieldZoneId: 9999, shieldZone: {} }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/at most 2 shield zones .*--max-shield-zones/);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it.each([
    ['--max-collections-per-library', '0'],
    ['--max-records-per-zone', 'many'],
  ])('refuses %s %s with one line and exit 2', (flag, value) => {
    const result = spawnSync(process.execPath, [CLI[1], '--port', '0', flag, value], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')[0]).toBe(`error: ${flag} must be a whole number from 1 to 999999999, got "${value}"`);
  });

  it('refuses a snapshot it cannot import with one line and exit 2', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mock-state-')), 'state.json');
    writeFileSync(file, JSON.stringify({ version: 1, namespace: 'default', areas: { dns: { zones: 'none' } } }));
    const result = spawnSync(process.execPath, [CLI[1], '--port', '0', '--state', file], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toMatch(/^error: .*dns state cannot be imported/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
