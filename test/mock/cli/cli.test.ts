// `pnpm mock` as a person runs it: clear one-line errors and non-zero exits on bad input.
import { spawn, spawnSync } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MockStartError, startMock } from '@platform-contracts/mock';
import { describe, expect, it } from 'vitest';
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
