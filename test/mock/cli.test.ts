// `pnpm mock` as a person runs it: clear one-line errors and non-zero exits on bad input.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockStartError, startMock } from '@platform-contracts/mock';
import { ROOT } from '../../scripts/lib/paths.ts';

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
    for (const id of ['createVideo', 'listCollections', 'createCollection', 'getCollection', 'updateCollection', 'deleteCollection']) expect(output).toContain(id);
  });

  const badInput: [string, string[], number, RegExp][] = [
    ['a port that is not a number', ['--port', 'abc'], 2, /^error: --port must be a whole number/],
    ['a port above 65535', ['--port', '70000'], 2, /^error: --port must be a whole number/],
    ['an unknown option', ['--colour'], 2, /^error: Unknown option '--colour'/],
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
