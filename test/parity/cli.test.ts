// `pnpm parity` as the platform team runs it: record against an upstream (here the stand-in)
// with the access key from the environment, then verify the folder; a cassette that no longer
// matches the mock fails with the line that says where.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { startStandIn } from './stand-in.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'parity-cli-'));
const ACCESS_KEY = 'cli-access-key-7d41a9';
const parity = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/parity.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });

let standIn: Awaited<ReturnType<typeof startStandIn>>;
let recorded: { status: number | null; stdout: string; stderr: string };
const file = path.join(scratch, 'recorded', 'database.refusals.json');
beforeAll(async () => {
  standIn = await startStandIn();
  // The stand-in answers in this process while the command runs in its own, so it must not block: spawn asynchronously.
  recorded = await new Promise<typeof recorded>((resolve) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/parity.ts', 'record', '--upstream', standIn.url, '--out', path.join(scratch, 'recorded'), '--scenario', 'database/refusals'],
      { cwd: ROOT, env: { ...process.env, PLATFORM_ACCESS_KEY: ACCESS_KEY } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}, 120_000);
afterAll(async () => {
  await standIn?.close();
  rmSync(scratch, { recursive: true, force: true });
});

it('record writes one cassette per scenario, marked as the stand-in’s', () => {
  expect(recorded.status, recorded.stderr).toBe(0);
  expect(recorded.stdout).toContain(`${path.relative(ROOT, file)}: 13 steps, stand-in`);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ scenario: 'database/refusals', source: 'stand-in' });
});

it('writes no secret: not the access key, nor any token the upstream handed out', () => {
  const text = readFileSync(file, 'utf8');
  const handedOut = standIn.sent.flatMap((body) => [...body.matchAll(/"token":"([^"]+)"/g)].map((m) => m[1]!));
  expect(handedOut.length).toBeGreaterThan(0);
  for (const secret of [ACCESS_KEY, ...handedOut]) expect(text).not.toContain(secret);
  expect(text).toContain('"authorization": "Bearer <DatabaseToken:1>"');
});

it('verify passes on what it recorded and fails on a cassette the mock no longer matches, saying where', () => {
  const doctored = JSON.parse(readFileSync(file, 'utf8'));
  doctored.steps[3].answer.status = 409;
  mkdirSync(path.join(scratch, 'doctored'));
  writeFileSync(path.join(scratch, 'doctored', 'database.refusals.json'), JSON.stringify(doctored));
  const result = parity(['verify', path.join(scratch, 'recorded'), path.join(scratch, 'doctored')]);
  expect(result.status, result.stderr).toBe(1);
  expect(result.stdout.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^database\/refusals step 4 listDatabaseTokens \(GET \/database\/parity-no-such-thing\/tokens\): status \(status\): recorded 409, mock 404 \[openapi\/database\/.+\.yaml:\d+\]$/,
    ),
    '2 cassettes, 26 steps, 1 difference; report in dist/parity/',
  ]);
});
