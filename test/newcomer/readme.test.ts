// The root README's shell blocks, run as written, in order, on a fresh copy of the repository
// (its tracked and new files, as a clone would have them: no node_modules, no build), with pnpm
// 10 on the PATH as the README asks. The first install must end clean: from the lockfile (CI),
// without a warning that asks the newcomer to act (approve-builds). A block that starts a server (it prints "Ready") keeps
// running, as in a terminal of its own, for the blocks after it, and gets Ctrl+C at the end;
// it listens on a free port (`--port 0` added), and the later blocks get its address in place of
// the docs' 127.0.0.1:4010. A block marked `<!-- not run: reason -->` is skipped, with a reason.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { blocksOf } from '../support/doc-blocks.ts';
import { pnpmOnPath } from '../support/pnpm-on-path.ts';

const blocks = blocksOf('README.md').filter((block) => block.language === 'sh');
const scratch = mkdtempSync(path.join(tmpdir(), 'readme-'));
const clone = path.join(scratch, 'platform-contracts');
let env: NodeJS.ProcessEnv = {};
const servers: { stop: () => Promise<string> }[] = [];
let address = '';

beforeAll(() => {
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .stdout.split('\0')
    .filter(Boolean);
  for (const file of files) cpSync(path.join(ROOT, file), path.join(clone, file), { recursive: true, verbatimSymlinks: true });
  env = pnpmOnPath(scratch, { npm_config_prefer_offline: 'true', CI: '1' });
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A block that ends: its exit code and output. */
function runBlock(code: string) {
  const result = spawnSync('bash', ['--norc', '--noprofile', '-e', '-c', code], { cwd: clone, encoding: 'utf8', env, timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A block that serves: resolves with its address and its output so far once it prints Ready, or rejects with its output if it ends first. */
function serveBlock(code: string) {
  const child = spawn('bash', ['--norc', '--noprofile', '-e', '-c', code], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const ready = new Promise<{ address: string; output: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)[\s\S]*Ready/.exec(output);
      if (match) resolve({ address: match[1]!, output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`ended (${code}) before it was ready:\n${output}`)));
  });
  const closed = new Promise<string>((resolve) => child.once('close', () => resolve(output)));
  servers.push({ stop: () => (process.kill(-child.pid!, 'SIGINT'), closed) });
  return ready;
}

/** A command that serves until Ctrl+C, at the end of a line (before a comment). */
const SERVES = /(pnpm@10 start|pnpm start|pnpm mock|platform-mock)(?=[ \t]*(#.*)?$)/m;
/**
 * What no block may print: an npm warning, an error code or a stack trace; nor, from the first
 * install, pnpm's warnings, such as a build script it asks the newcomer to approve.
 */
const FAULTS = [/npm warn|ERR_|\n\s+at /i, /\bWARN\b|approve-builds|Ignored build scripts/];
const expectClean = (output: string) => {
  for (const fault of FAULTS) expect(output).not.toMatch(fault);
};

describe('the README’s shell blocks, on a fresh copy of the repository', () => {
  it('are found, and every block that is not run says why', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks.filter((b) => b.notRun !== undefined)) expect(block.notRun, block.name).toMatch(/\w{3,}.*\w{3,}/);
  });

  // In order: a later block may use what an earlier one built or started.
  it.each(blocks.filter((block) => block.notRun === undefined).map((block) => [block.name, block] as const))(
    '%s runs as written',
    async (_name, block) => {
      const code = address ? block.code.replaceAll('http://127.0.0.1:4010', address) : block.code;
      if (SERVES.test(code)) {
        const served = await serveBlock(code.replace(new RegExp(SERVES.source, 'gm'), '$1 --port 0'));
        address = served.address;
        expectClean(served.output);
        expect((await fetch(`${address}/_mock/health`)).status).toBe(200);
        expect((await fetch(`${address}/docs/`)).status).toBe(200);
        return;
      }
      const result = runBlock(code);
      expect(result.status, result.output).toBe(0);
      expectClean(result.output);
    },
    300_000,
  );

  it('pnpm start compiled every package without a type check (the test command checks types): the build record says so', () => {
    const record = JSON.parse(readFileSync(path.join(clone, 'dist/.build-record.json'), 'utf8')) as Record<string, Record<string, string>>;
    const packages = readdirSync(path.join(clone, 'packages'));
    expect(packages.length).toBeGreaterThanOrEqual(4);
    for (const name of packages) expect(record[name]?.['(types not checked)'], name).toBe('pnpm start, pnpm build --no-check');
  });
});
