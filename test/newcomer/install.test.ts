// A fresh install ends clean: no warning that asks the newcomer to act (approve-builds), from the
// lockfile, in an empty copy of the repository's manifests (pnpm's store first: offline-safe
// once the store holds the packages).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { cleanNpmEnv } from '../../scripts/lib/pnpm.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'fresh-install-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a fresh install', () => {
  it('ends without a warning that asks for action', () => {
    for (const file of ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml']) cpSync(path.join(ROOT, file), path.join(scratch, file));
    for (const name of readdirSync(path.join(ROOT, 'packages'))) {
      const from = path.join(ROOT, 'packages', name);
      if (!existsSync(path.join(from, 'package.json'))) continue;
      mkdirSync(path.join(scratch, 'packages', name), { recursive: true });
      cpSync(path.join(from, 'package.json'), path.join(scratch, 'packages', name, 'package.json'));
      if (existsSync(path.join(from, 'bin'))) cpSync(path.join(from, 'bin'), path.join(scratch, 'packages', name, 'bin'), { recursive: true });
    }
    const result = spawnSync('npx', ['-y', 'pnpm@10', 'install', '--frozen-lockfile', '--prefer-offline'], {
      cwd: scratch,
      encoding: 'utf8',
      env: cleanNpmEnv({ CI: '1' }),
    });
    const pnpmOutput = `${result.stdout}${result.stderr}`;
    expect(result.status, pnpmOutput).toBe(0);
    expect(pnpmOutput).not.toMatch(/approve-builds|Ignored build scripts|WARN|npm warn/i);
  }, 300_000);
});
