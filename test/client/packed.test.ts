// The client as a new user gets it: both packages packed (`pnpm pack`, as they are published),
// installed from the tarballs with npm into an empty project (offline: openapi-fetch comes from
// npm's cache), then a right call and a wrong path are checked with `tsc --strict`, and the
// package is loaded with import and with require() (Node 20.19+ loads ES modules with require).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
let dir = '';
let app = '';

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(() => {
  for (const name of ['contracts', 'client']) {
    if (!existsSync(path.join(ROOT, 'packages', name, 'dist'))) throw new Error(`packages/${name}/dist is missing: run \`pnpm build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'platform-client-packed-'));
  const tarballs: Record<string, string> = {};
  for (const name of ['contracts', 'client']) {
    const packed = execFileSync('npx', ['-y', 'pnpm@10', 'pack', '--pack-destination', dir], { cwd: path.join(ROOT, 'packages', name), encoding: 'utf8' });
    tarballs[name] = `file:${packed.trim().split('\n').at(-1)!.trim()}`;
  }
  app = path.join(dir, 'app');
  execFileSync('mkdir', [app]);
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({
      name: 'new-user-app',
      private: true,
      type: 'module',
      dependencies: { '@platform-contracts/client': tarballs.client, '@platform-contracts/contracts': tarballs.contracts },
      overrides: { '@platform-contracts/contracts': tarballs.contracts },
    }),
  );
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
  if (installed.status !== 0) throw new Error(`npm install failed:\n${installed.output}`);
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const RIGHT = `import { createPlatformClient, paginate, ShieldApiError } from '@platform-contracts/client';
import { createVideoClient } from '@platform-contracts/client/video';
const platform = createPlatformClient({ accessKey: 'k', apiBaseUrl: 'http://127.0.0.1:4010' });
const { data, failure } = await platform.shield.GET('/shield/shield-zones', { params: { query: { perPage: 10 } }, timeoutMs: 5_000 });
const firstId: number | bigint | undefined = data?.data[0]?.shieldZoneId; // int64: a bigint beyond 2^53
if (failure instanceof ShieldApiError && failure.status === 401) console.log(failure.body);
for await (const zone of paginate(platform.storage, '/storagezone', { limit: 3 })) console.log(zone.Id.toString(), firstId);
const video = createVideoClient({ accessKey: 'k', baseUrl: 'http://127.0.0.1:4010' });
const collection = await video.GET('/library/{libraryId}/collections/{collectionId}', { params: { path: { libraryId: 1, collectionId: 'c' } } });
console.log(collection.data?.guid.length);
`;

const WRONG = {
  'wrong-path.ts': [`await platform.video.GET('/totally/made-up');`, /wrong-path\.ts\(3,\d+\): error TS2345: Argument of type '"\/totally\/made-up"'/],
  'wrong-method.ts': [`await platform.storage.DELETE('/storagezone');`, /wrong-method\.ts\(3,\d+\): error TS2345: Argument of type '"\/storagezone"'/],
  'wrong-option.ts': [`await platform.shield.GET('/shield/shield-zones', { timeout: 200 });`, /wrong-option\.ts\(3,\d+\): error TS\d+: Object literal may only specify known properties/],
} as const;

/** One tsc --strict run over the right file and every wrong one (tsc is slow on a shared machine): its output, by file. */
let checked: { status: number | null; output: string } | undefined;
function typeCheck() {
  if (checked) return checked;
  writeFileSync(path.join(app, 'right.ts'), RIGHT);
  for (const [file, [line]] of Object.entries(WRONG)) {
    writeFileSync(path.join(app, file), `import { createPlatformClient } from '@platform-contracts/client';\nconst platform = createPlatformClient({ accessKey: 'k' });\n${line}\n`);
  }
  const files = ['right.ts', ...Object.keys(WRONG)];
  checked = run(process.execPath, [TSC, '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--noEmit', ...files], app);
  return checked;
}

describe('the packed client in an empty project', () => {
  it('type-checks a right call, paging and the typed failure under tsc --strict', () => {
    const { output } = typeCheck();
    expect(output.split('\n').filter((line) => !line.startsWith('wrong-') && line.trim() !== '' && !line.startsWith(' '))).toEqual([]);
  }, 240_000);

  it.each(Object.entries(WRONG))('rejects %s under tsc --strict', (file, [, error]) => {
    const { status, output } = typeCheck();
    expect(status).not.toBe(0);
    expect(output).toMatch(error);
    expect(output.split('\n').filter((line) => line.startsWith(file))).toHaveLength(1);
  }, 240_000);

  it.each([
    ['require()', `const client = require('@platform-contracts/client'); const video = require('@platform-contracts/client/video');`, 'cjs'],
    ['import', `const client = await import('@platform-contracts/client'); const video = await import('@platform-contracts/client/video');`, 'mjs'],
  ])('loads with %s on this Node', (_name, load, extension) => {
    const file = path.join(app, `load.${extension}`);
    writeFileSync(file, `${load}\nconsole.log(typeof client.createPlatformClient, typeof client.paginate, typeof video.createVideoClient);\n`);
    const result = run(process.execPath, [file], app);
    expect(result).toEqual({ status: 0, output: 'function function function\n' });
  });
});
