// Every package as a user gets it: packed with pnpm pack and installed with npm into an empty
// project by the README's own block ("Installing the packages", run here as written, its project
// folder in a scratch folder), and used there: `npx platform-mock` serves every area and the site,
// `npx platform --version` answers, the client type-checks under `tsc --strict` (and a wrong
// call does not) and loads with import and require(), and every TypeScript block of the docs
// (test/support/doc-blocks.ts) compiles against the installed packages and runs against the
// installed mock; a block marked as an example test file runs with vitest; every shell block of
// the site's guides runs there as written (test/support/guide-shell-blocks.ts). One pack and one
// npm install for the file; the pack, its first line, once per run (test/support/packed-project.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAreas, PACKAGE_SCOPE, ROOT, scopedName, tarballName } from '../../scripts/lib/paths.ts';
import { blockFileName, typeScriptBlocks } from '../support/doc-blocks.ts';
import { describeGuideShellBlocks } from '../support/guide-shell-blocks.ts';
import { INSTALL_LINES, installBlock, PACK_LINE, packedOnce, packedProject, versionOf } from '../support/packed-project.ts';
import { pnpmOnPath } from '../support/pnpm-on-path.ts';

const PACKAGES = ['contracts', 'client', 'mock', 'cli'];
const scratch = mkdtempSync(path.join(tmpdir(), 'packed-install-'));
const project = packedProject(scratch);
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
/**
 * What the docs' blocks import besides our packages (the optional peers the READMEs tell users to
 * install, an ORM), and Node's types: linked from the repository's dependencies.
 */
const THIRD_PARTY = ['@libsql/client', 'drizzle-orm', 'msw', 'vitest', '@types/node'];
const PROJECT_IN_README = '../my-app';

// The block's first line, `pnpm pack:all`, runs once per vitest run (published-types uses its
// tarballs too); its other lines, which install them in ../my-app, run here, in one bash as written.
let installed: { status: number | null; output: string } = { status: null, output: '' };
beforeAll(() => {
  if (!installBlock) return;
  const packed = packedOnce();
  installed = packed;
  if (packed.status !== 0) return;
  const code = INSTALL_LINES.join('\n').replaceAll(PROJECT_IN_README, project.dir);
  // npm's cache as a developer's machine has it, read without asking the registry again for each
  // of its dependencies (as the README's own test installs with pnpm): a third less CPU, half the wall time.
  const env = pnpmOnPath(scratch, { npm_config_prefer_offline: 'true' });
  const result = spawnSync('bash', ['--norc', '--noprofile', '-e', '-c', code], { cwd: ROOT, encoding: 'utf8', env });
  installed = { status: result.status, output: `${packed.output}${result.stdout}${result.stderr}` };
  if (result.status !== 0) return;
  // The docs' TypeScript blocks are ES modules (top-level await), as in the READMEs' projects.
  project.run('npm', ['pkg', 'set', 'type=module']);
  for (const name of THIRD_PARTY.filter((name) => !existsSync(path.join(project.dir, 'node_modules', name)))) {
    mkdirSync(path.dirname(path.join(project.dir, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(project.dir, 'node_modules', name), 'dir');
  }
}, 300_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the README’s block that installs the packages in another project', () => {
  it('is a shell block of the README that its own test leaves to this file, and uses ../my-app as its project', () => {
    expect(installBlock).toBeDefined();
    expect(installBlock!.notRun).toContain('test/newcomer/packed-install.test.ts');
    expect(installBlock!.code).toContain(PROJECT_IN_README);
  });

  it('packs in its first line, alone, which sets nothing the lines after it use (the pack is shared with published-types)', () => {
    expect(PACK_LINE).toMatch(/^pnpm pack:all(\s+#.*)?$/);
    expect(INSTALL_LINES.length).toBeGreaterThan(0);
  });

  it('runs as written: packs, installs without an npm warning and answers npx platform --version', () => {
    expect(installed.status, installed.output).toBe(0);
    expect(installed.output).not.toMatch(/npm warn|ERR_|\n\s+at /i);
    expect(installed.output.trim().split('\n').at(-1)).toBe(versionOf('cli'));
  });
});

describe('pnpm pack:all', () => {
  it('writes one tarball per package, named by npm from the scope, into one folder', () => {
    const names = PACKAGES.map((name) => tarballName(name, versionOf(name)));
    expect(names).toEqual(PACKAGES.map((name) => `${PACKAGE_SCOPE.slice(1)}-${name}-${versionOf(name)}.tgz`));
    const listed = /packed 4 packages into dist\/packages\/:\n((?: {2}\S+\n?){4})/.exec(installed.output);
    expect(listed?.[1]?.trim().split(/\s+/), installed.output).toEqual(names);
    for (const name of names) expect(existsSync(path.join(ROOT, 'dist/packages', name)), name).toBe(true);
  });

  it.each(PACKAGES)('publishes %s with exact versions, no development sources, nothing private', (name) => {
    const manifest = readFileSync(path.join(project.dir, 'node_modules', scopedName(name), 'package.json'), 'utf8');
    expect(manifest).not.toMatch(/workspace:|"development"|"private"|\/src\/[^"]*\.ts"/);
    for (const [dependency, range] of Object.entries(JSON.parse(manifest).dependencies ?? {})) {
      if (dependency.startsWith(`${PACKAGE_SCOPE}/`)) expect(range, dependency).toBe(versionOf(dependency.slice(PACKAGE_SCOPE.length + 1)));
    }
  });

  it('ships the site in the mock (its prepack), and leaves no copy in the repository', () => {
    expect(existsSync(path.join(project.dir, 'node_modules', scopedName('mock'), 'docs/index.html'))).toBe(true);
    expect(existsSync(path.join(ROOT, 'packages/mock/docs'))).toBe(false);
  });

  it("installs without an npm warning: no EBADENGINE on Node 20 (SQLite's WebAssembly build ships inside the mock)", () =>
    expect(installed.output).not.toMatch(/npm warn/i));

  it("installs no SQLite package: the mock carries SQLite's WebAssembly build itself (the docs' blocks below run SQL on it)", () => {
    expect(existsSync(path.join(project.dir, 'node_modules/@sqlite.org'))).toBe(false);
    expect(existsSync(path.join(project.dir, 'node_modules', scopedName('mock'), 'dist/areas/database/sql/wasm/sqlite3.wasm'))).toBe(true);
  });
});

describe('installed from the tarballs into an empty project', () => {
  it('npx platform-mock --port 0 serves every area and the site, and stops on Ctrl+C', async () => {
    const mock = project.serve('npx', ['platform-mock', '--port', '0', '--quiet']);
    try {
      const url = await mock.url;
      const health = (await (await fetch(`${url}/_mock/health`)).json()) as { areas: string[] };
      expect([...health.areas].sort()).toEqual(listAreas());
      const site = await fetch(`${url}/docs/`);
      expect(site.status).toBe(200);
      expect(await site.text()).toMatch(/<html/i);
      for (const area of listAreas()) expect((await fetch(`${url}/docs/openapi/${area}.json`)).status, area).toBe(200);
    } finally {
      const output = await mock.stop();
      expect(output).toMatch(/SIGINT: finishing requests in flight/);
      expect(output).not.toMatch(/\n\s+at |ELIFECYCLE|npm warn/i);
    }
  }, 120_000);

  it('npx platform --version prints the version of the CLI package', () => {
    const result = project.run('npx', ['platform', '--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(versionOf('cli'));
  });

  it.each([
    ['require()', `const client = require('${scopedName('client')}'); const video = require('${scopedName('client')}/video');`, 'cjs'],
    ['import', `const client = await import('${scopedName('client')}'); const video = await import('${scopedName('client')}/video');`, 'mjs'],
  ])('the client loads with %s on this Node', (_name, load, extension) => {
    writeFileSync(
      path.join(project.dir, `load.${extension}`),
      `${load}\nconsole.log(typeof client.createPlatformClient, typeof client.paginate, typeof video.createVideoClient);\n`,
    );
    expect(project.run(process.execPath, [`load.${extension}`])).toMatchObject({ status: 0, output: 'function function function\n' });
  });
});

// The client's types as a user sees them, and every TypeScript block of the docs: one tsc --strict run.
const client = scopedName('client');
const WRONG = {
  'wrong-path.ts': [`await platform.video.GET('/totally/made-up');`, /wrong-path\.ts\(3,\d+\): error TS2345: Argument of type '"\/totally\/made-up"'/],
  'wrong-method.ts': [`await platform.storage.DELETE('/storagezone');`, /wrong-method\.ts\(3,\d+\): error TS2345: Argument of type '"\/storagezone"'/],
  'wrong-option.ts': [
    `await platform.shield.GET('/shield/shield-zones', { timeout: 200 });`,
    /wrong-option\.ts\(3,\d+\): error TS\d+: Object literal may only specify known properties/,
  ],
} as const;
const blocks = typeScriptBlocks().map((block) => ({ ...block, fileName: block.exampleFile ?? `docs/${blockFileName(block)}` }));
const scripts = blocks.filter((block) => !block.exampleFile);
const testFiles = blocks.filter((block) => block.exampleFile);

let checked: { status: number | null; output: string } | undefined;
function typeCheck() {
  if (checked) return checked;
  mkdirSync(path.join(project.dir, 'docs'), { recursive: true });
  for (const block of blocks) {
    mkdirSync(path.dirname(path.join(project.dir, block.fileName)), { recursive: true });
    writeFileSync(path.join(project.dir, block.fileName), block.exampleFile ? block.code : `${block.code}\nexport {};\n`);
  }
  for (const [file, [line]] of Object.entries(WRONG)) {
    writeFileSync(
      path.join(project.dir, file),
      `import { createPlatformClient } from '${client}';\nconst platform = createPlatformClient({ accessKey: 'k' });\n${line}\n`,
    );
  }
  const files = [...blocks.map((block) => block.fileName), ...Object.keys(WRONG)];
  checked = project.run(process.execPath, [
    TSC,
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--skipLibCheck',
    '--noEmit',
    ...files,
  ]);
  return checked;
}

describe('the packed client under tsc --strict', () => {
  it.each(Object.entries(WRONG))(
    'rejects %s',
    (file, [, error]) => {
      const { status, output } = typeCheck();
      expect(status).not.toBe(0);
      expect(output).toMatch(error);
      expect(output.split('\n').filter((line) => line.startsWith(file))).toHaveLength(1);
    },
    240_000,
  );
});

describe('the docs’ TypeScript blocks, against the packed packages', () => {
  it('are found in the READMEs and the guides', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    expect(new Set(blocks.map((block) => block.file.split('/')[0]))).toEqual(new Set(['README.md', 'packages', 'site']));
    expect(scripts.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((block) => [block.name, block] as const))(
    '%s compiles',
    (_name, block) => {
      const errors = typeCheck()
        .output.split('\n')
        .filter((line) => line.startsWith(block.fileName));
      expect(errors).toEqual([]);
    },
    240_000,
  );

  let runs: Map<string, { output: string; failure?: string }>;
  beforeAll(() => {
    writeFileSync(path.join(project.dir, 'run-doc-blocks.ts'), readFileSync(path.join(ROOT, 'test/support/run-doc-blocks.ts')));
    const result = project.run(TSX, ['run-doc-blocks.ts', ...scripts.map((block) => block.fileName)]);
    runs = new Map();
    for (const chunk of result.stdout.split('\n@@block ').slice(1)) {
      const [file, ...rest] = chunk.split('\n');
      const body = rest.join('\n');
      const failed = /\n@@failed (.*)\n?$/.exec(body);
      runs.set(file!, {
        output: body.replace(/\n@@(ok|failed.*)\n?$/, '').trim(),
        failure: failed ? failed[1] : body.includes('\n@@ok') ? undefined : `did not finish: ${result.stderr}`,
      });
    }
  }, 240_000);

  it.each(scripts.map((block) => [block.name, block] as const))('%s runs against the mock', (_name, block) => {
    expect(runs.get(block.fileName)?.failure).toBeUndefined();
  });

  // The example test files, as a user runs them: vitest in the project, on the packed packages.
  let report:
    | { testResults: { name: string; status: string; message: string; assertionResults?: { title: string; failureMessages: string[] }[] }[] }
    | undefined;
  // biome-ignore lint/suspicious/noDuplicateTestHooks: this part's own setup, after the scripts' (hooks run in order)
  beforeAll(() => {
    if (testFiles.length === 0) return;
    const result = project.run(process.execPath, [
      path.join(project.dir, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=json',
      ...testFiles.map((block) => block.fileName),
    ]);
    report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
  }, 240_000);

  it.each(testFiles.map((block) => [block.name, block] as const))('%s passes under vitest', (_name, block) => {
    const file = report?.testResults.find((result) => result.name.endsWith(block.fileName));
    const failures = (file?.assertionResults ?? []).flatMap((test) => test.failureMessages.map((message) => `${test.title}: ${message.split('\n')[0]}`));
    expect(file?.status, [file?.message, ...failures].join('\n')).toBe('passed');
  });
});

describeGuideShellBlocks(project);
