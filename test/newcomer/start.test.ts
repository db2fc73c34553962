// `pnpm start`: rebuilds only what changed (saying why), takes the mock's options, prints the
// URLs, the database tokens and the request log, and stops cleanly on Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_STEPS, staleSteps } from '../../scripts/build.ts';
import { type BuildStep, markChecked, runSteps } from '../../scripts/lib/build/freshness.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { cleanNpmEnv, pnpmCommand } from '../../scripts/lib/pnpm.ts';
import vitestConfig from '../../vitest.config.ts';
import { freshBuild } from '../support/fresh-build.ts';

describe('rebuilding only what changed', () => {
  let root = '';
  const ran: string[] = [];
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  /** a: src/a -> out/a; b: out/a + src/b -> out/b; c: src/c -> out/c. */
  const steps: BuildStep[] = [
    { name: 'a', inputs: ['src/a'], outputs: ['out/a'], run: () => (ran.push('a'), write('out/a', 'built from a')) },
    { name: 'b', inputs: ['out/a', 'src/b'], outputs: ['out/b'], run: () => (ran.push('b'), write('out/b', 'b')) },
    { name: 'c', inputs: ['src/c'], outputs: ['out/c'], run: () => (ran.push('c'), write('out/c', 'c')) },
  ];
  const run = async (all = false, unchecked = false) => {
    ran.length = 0;
    const log: string[] = [];
    await runSteps(steps, { root, recordFile: path.join(root, 'record.json'), all, unchecked, log: (line) => log.push(line) });
    return { ran: [...ran], log };
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'freshness-'));
    write('src/a/one.txt', '1');
    write('src/b/two.txt', '2');
    write('src/c/three.txt', '3');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds everything the first time, saying why', async () => {
    const { ran, log } = await run();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['rebuilding a: out/a is missing', 'rebuilding b: out/b is missing', 'rebuilding c: out/c is missing']);
  });

  it('rebuilds nothing when nothing changed', async () => {
    expect(await run()).toEqual({ ran: [], log: [] });
  });

  it('rebuilds a changed step and what reads its output, not the rest', async () => {
    write('src/a/one.txt', 'changed');
    expect(await run()).toEqual({ ran: ['a'], log: ['rebuilding a: src/a/one.txt changed'] });
    // a wrote the same output as before, so b, which reads it, stays.
    write('src/b/two.txt', 'changed');
    expect(await run()).toEqual({ ran: ['b'], log: ['rebuilding b: src/b/two.txt changed'] });
  });

  it('notices new and removed files and a deleted output', async () => {
    write('src/c/four.txt', '4');
    expect((await run()).log).toEqual(['rebuilding c: src/c/four.txt is new']);
    rmSync(path.join(root, 'src/c/four.txt'));
    expect((await run()).log).toEqual(['rebuilding c: src/c/four.txt was removed']);
    rmSync(path.join(root, 'out/c'));
    expect((await run()).log).toEqual(['rebuilding c: out/c is missing']);
  });

  it('runs every step when asked to (pnpm build)', async () => {
    expect((await run(true)).ran).toEqual(['a', 'b', 'c']);
  });

  it('compiles again, checking types, what was compiled without a type check, until a check of every package passed (markChecked)', async () => {
    steps[1]!.compiles = true; // b compiles TypeScript; a and c do not
    try {
      expect((await run(true, true)).ran).toEqual(['a', 'b', 'c']); // pnpm build --no-check
      expect(await run(false, true)).toEqual({ ran: [], log: [] }); // another build without a check: nothing to do
      const UNCHECKED_B = 'rebuilding b: it was compiled without a type check (pnpm start, pnpm build --no-check), and no type check has passed since';
      expect(await run()).toEqual({ ran: ['b'], log: [UNCHECKED_B] }); // pnpm start, pnpm pack:all
      expect(await run()).toEqual({ ran: [], log: [] });
      await run(true, true);
      markChecked(path.join(root, 'record.json')); // pnpm test's typecheck stage passed
      expect(await run()).toEqual({ ran: [], log: [] });
    } finally {
      steps[1]!.compiles = undefined;
    }
  });
});

describe('a test file run alone (npx vitest run FILE)', () => {
  it("is preceded by vitest's globalSetup, which brings the build up to date first (then makes the run's scratch folder)", () => {
    expect(vitestConfig.test?.globalSetup).toEqual(['./test/support/fresh-build.ts', './test/support/run-scratch.ts']);
  });

  it('rebuilds what is older than its sources, saying so and why; then nothing', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fresh-build-'));
    try {
      const ran: string[] = [];
      const write = (file: string, text: string) => (
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true }), writeFileSync(path.join(root, file), text)
      );
      const steps: BuildStep[] = [
        { name: 'bundles', inputs: ['openapi'], outputs: ['bundles/video.json'], run: () => (ran.push('bundles'), write('bundles/video.json', '{}')) },
        { name: 'site', inputs: ['site'], outputs: ['docs/index.html'], run: () => (ran.push('site'), write('docs/index.html', '<html>')) },
      ];
      write('openapi/video.yaml', 'openapi: 3.1.0');
      write('site/app.js', '');
      const options = { root, recordFile: path.join(root, 'record.json') };
      await freshBuild(steps, { ...options, log: () => {} });
      write('openapi/video.yaml', 'openapi: 3.1.1'); // an edit (or a git checkout undoing one) after the last build
      const log: string[] = [];
      ran.length = 0;
      expect(await freshBuild(steps, { ...options, log: (line) => log.push(line) })).toEqual(['bundles']);
      expect(ran).toEqual(['bundles']);
      expect(log).toEqual([
        'vitest: the build is older than its sources (bundles); rebuilding before the tests, as `pnpm test` does:',
        '  rebuilding bundles: openapi/video.yaml changed',
      ]);
      expect(await freshBuild(steps, { ...options, log: (line) => log.push(line) })).toEqual([]);
      expect(log).toHaveLength(2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('deciding what to rebuild', () => {
  it('loads none of the build tools when nothing is out of date (pnpm start and pnpm mock start at once)', () => {
    // TypeScript (CommonJS) lands in require's cache when an ES module imports it: generate.ts does, for the contracts step.
    const probe = `await import(${JSON.stringify(path.join(ROOT, 'scripts/build.ts'))}); const { createRequire } = await import('node:module'); console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const loaded = JSON.parse(result.stdout) as string[];
    expect(loaded.filter((file) => /[\\/]node_modules[\\/](typescript|@scalar|@redocly)[\\/]/.test(file))).toEqual([]);
  }, 60_000);
});

/** `pnpm start` as a terminal runs it: its own process group, Ctrl+C sent to the whole group. */
function start(args: string[], command: string[] = [process.execPath, '--import', 'tsx', 'scripts/start.ts'], env: Record<string, string> = {}) {
  const child = spawn(command[0]!, [...command.slice(1), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...cleanNpmEnv(), ...env },
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (match: RegExpExecArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(output);
      if (match) waiters.splice(waiters.indexOf(waiter), 1), waiter.resolve(match);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    output: () => output,
    closed,
    waitFor: (pattern: RegExp) =>
      Promise.race([
        new Promise<RegExpExecArray>((resolve) => waiters.push({ pattern, resolve })),
        closed.then((code) => Promise.reject(new Error(`exited ${code} before printing ${pattern}:\n${output}`))),
      ]),
    interrupt: () => (process.kill(-child.pid!, 'SIGINT'), closed),
  };
}

describe('pnpm start', () => {
  beforeAll(() => {
    // Starting rebuilds whatever is stale, which must not happen under the other tests' feet.
    const stale = staleSteps();
    if (stale.length > 0) throw new Error(`the build is out of date (${stale.map((s) => `${s.step}: ${s.reason}`).join('; ')}): run \`pnpm build\` first`);
  });

  it("answers --help with its own description and the mock's options", () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: pnpm start \[option\.\.\.\]/);
    expect(result.stdout).toMatch(/--port/);
    expect(result.stdout).toMatch(/--quiet/);
  });

  it('takes --port, says the build is up to date, prints both URLs, the tokens and the request log, and ends 0 on Ctrl+C', async () => {
    const server = start(['--port', '0']);
    try {
      const [, url] = (await server.waitFor(/(http:\/\/127\.0\.0\.1:\d+)[\s\S]*Ready/))!;
      expect(server.output()).toContain('build: up to date, nothing to rebuild');
      expect(server.output()).toContain(`${url}/docs/`);
      expect(server.output()).toMatch(/Full Access \S+/);
      expect(server.output()).toMatch(/Read Only \S+/);
      expect((await fetch(`${url}/docs/`)).status).toBe(200);
      await fetch(`${url}/storagezone`, { headers: { AccessKey: 'any' } });
      await server.waitFor(/GET \/storagezone -> 200/);
    } finally {
      expect(await server.interrupt(), server.output()).toBe(0);
    }
    expect(server.output()).not.toMatch(/ELIFECYCLE|\n\s+at /);
  }, 120_000);

  it('through pnpm, Ctrl+C ends without ELIFECYCLE', async () => {
    // The pnpm running the tests (`npx -y pnpm@10` when there is none: it reads the whole node_modules first, 5 to 10 s).
    const [command, prefix] = pnpmCommand();
    const server = start(['--port', '0', '--area', 'video', '--quiet'], [command, ...prefix, 'start']);
    try {
      await server.waitFor(/http:\/\/127\.0\.0\.1:\d+[\s\S]*Ready/);
    } finally {
      await server.interrupt();
    }
    expect(server.output()).toMatch(/SIGINT: finishing requests in flight/);
    expect(server.output()).not.toMatch(/ELIFECYCLE|Command failed|\n\s+at |npm warn/i);
  }, 120_000);

  it('--quiet silences the request log', async () => {
    const server = start(['--port', '0', '--area', 'storage', '--quiet']);
    try {
      const [, url] = (await server.waitFor(/(http:\/\/127\.0\.0\.1:\d+)[\s\S]*Ready/))!;
      const response = await fetch(`${url}/storagezone`, { headers: { AccessKey: 'any' } });
      expect(response.status).toBe(200);
    } finally {
      expect(await server.interrupt()).toBe(0);
    }
    expect(server.output()).not.toMatch(/GET \/storagezone/);
  }, 120_000);

  it('a busy port gives advice that works: another --port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as { port: number }).port;
      const server = start(['--port', String(port), '--area', 'video']);
      expect(await server.closed).toBe(1);
      expect(server.output()).toMatch(new RegExp(`port ${port} .*already in use.*--port`));
    } finally {
      blocker.close();
    }
  }, 120_000);

  it.each([
    ['a port that is not a number', ['--port', 'abc']],
    ['an unknown option', ['--colour']],
    ['an unknown area', ['--area', 'nosuch']],
  ])(
    'refuses %s as a usage error (exit 2)',
    async (_name, args) => {
      const server = start(args);
      expect(await server.closed).toBe(2);
      expect(server.output()).toMatch(/error: /);
    },
    120_000,
  );
});

describe('pnpm mock', () => {
  const MOCK = [process.execPath, '--import', 'tsx', 'scripts/mock.ts'];

  it('serves what is built and says which parts of the build are out of date', async () => {
    const noRecord = path.join(mkdtempSync(path.join(tmpdir(), 'no-record-')), 'record.json');
    const server = start(['--port', '0', '--area', 'video', '--quiet'], MOCK, { PLATFORM_BUILD_RECORD: noRecord });
    try {
      await server.waitFor(/http:\/\/127\.0\.0\.1:\d+[\s\S]*Ready/);
    } finally {
      expect(await server.interrupt()).toBe(0);
    }
    expect(server.output()).toContain(`note: ${BUILD_STEPS.length} parts of the build are out of date; \`pnpm start\` rebuilds them`);
    expect(server.output()).toMatch(/mock: no record of an earlier build here/);
  }, 120_000);

  it('says nothing about the build when it is up to date', async () => {
    const server = start(['--port', '0', '--area', 'video', '--quiet'], MOCK);
    try {
      await server.waitFor(/http:\/\/127\.0\.0\.1:\d+[\s\S]*Ready/);
    } finally {
      expect(await server.interrupt()).toBe(0);
    }
    expect(server.output()).not.toMatch(/out of date/);
  }, 120_000);
});
