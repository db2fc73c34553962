// `pnpm test` bundles the contracts once and reuses a fresh build: lint, check:breaking and the
// build share the bundles (bundleIfChanged, on the inputs recorded at the last full bundle), and
// the build stage only runs the steps whose inputs changed (`pnpm build --changed`).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_STEPS } from '../../scripts/build.ts';
import { BUNDLE_INPUTS, bundleIfChanged } from '../../scripts/bundle.ts';
import { compileArgs, setTypeChecking } from '../../scripts/lib/build/compile.ts';
import { fingerprint } from '../../scripts/lib/build/freshness.ts';
import { ROOT } from '../../scripts/lib/paths.ts';
import { AT_ONCE, runStages, STAGES, type Stage, TYPES_CHECKED } from '../../scripts/test.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'bundle-record-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** bundleIfChanged against a record file of our own, with bundling replaced by a recorder. */
function attempt(record: object | undefined, only: string[] = []) {
  const recordFile = path.join(scratch, `record-${Math.random().toString(36).slice(2)}.json`);
  if (record) writeFileSync(recordFile, JSON.stringify(record));
  const bundled: string[][] = [];
  const log: string[] = [];
  const ran = bundleIfChanged(only, { recordFile, run: (areas = []) => bundled.push(areas), log: (line) => log.push(line) });
  return { ran, bundled, log };
}

describe('the bundles, shared by lint, check:breaking and the build', () => {
  const current = fingerprint(ROOT, BUNDLE_INPUTS);

  it('are reused when no input changed since the last full bundle', () => {
    expect(attempt({ bundles: current })).toEqual({ ran: false, bundled: [], log: ['bundles up to date in packages/contracts/bundles/'] });
  });

  it('are made again when a source changed, was added or removed, or nothing was recorded', () => {
    const [file] = Object.keys(current);
    expect(attempt({ bundles: { ...current, [file!]: 'another hash' } }).bundled).toEqual([[]]);
    expect(attempt({ bundles: { ...current, 'openapi/gone.yaml': 'x' } }).bundled).toEqual([[]]);
    expect(attempt({}).bundled).toEqual([[]]);
    expect(attempt(undefined).bundled).toEqual([[]]);
  });

  it('are always made for named areas (a partial bundle is never recorded as the whole)', () => {
    expect(attempt({ bundles: current }, ['dns']).bundled).toEqual([['dns']]);
  });
});

describe('pnpm test’s stages', () => {
  it('build only what changed, after lint and check:breaking made the bundles, and compare the API reports beside the type check', () => {
    expect(STAGES.map(([name]) => name)).toEqual(['lint', 'check:breaking', 'build', 'typecheck', 'api-report', 'vitest']);
    expect(STAGES.find(([name]) => name === 'build')![2]).toContain('--changed');
  });

  it('compile without a type check, because the next stage type-checks every package (tsconfig.json)', () => {
    const build = STAGES.findIndex(([name]) => name === 'build');
    expect(STAGES[build]![2]).toContain('--no-check');
    expect(STAGES[build + 1]![0]).toBe('typecheck');
    expect(STAGES[build + 1]![2]).toEqual(['-p', 'tsconfig.json']);
    const { include } = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
    for (const name of readdirSync(path.join(ROOT, 'packages')).filter((name) => existsSync(path.join(ROOT, 'packages', name, 'tsconfig.build.json'))))
      expect(
        include.some((pattern) => `packages/${name}/src`.startsWith(pattern.replace('*', name))),
        name,
      ).toBe(true);
  });
});

describe('the type tests (*.test-d.ts)', () => {
  const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
  it('are checked by the typecheck stage with the options vitest checks them with, so a whole run tells vitest not to check them again', () => {
    const typeTests = json('tsconfig.typecheck.json') as { extends: string; compilerOptions: Record<string, unknown>; include: string[] };
    expect(typeTests.extends).toBe('./tsconfig.json');
    expect(Object.keys(typeTests.compilerOptions)).toEqual(['tsBuildInfoFile']); // nothing vitest checks them with differs but where tsc keeps its state
    expect(typeTests.include).toEqual(['test/**/*.test-d.ts']);
    expect((json('tsconfig.json') as { include: string[] }).include).toContain('test');
    expect(STAGES.find(([name]) => name === 'typecheck')![2]).toEqual(['-p', 'tsconfig.json']);
    const config = readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8');
    expect(config).toContain(`typecheck: { enabled: !process.env.${TYPES_CHECKED}, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' }`);
  });
});

describe('pnpm test’s stages run', () => {
  it('lint, check:breaking and the build at once, first (they read the bundles, made before), then the type check and the API reports at once, then the tests', () => {
    expect(AT_ONCE).toEqual([
      ['lint', 'check:breaking', 'build'],
      ['typecheck', 'api-report'],
    ]);
    expect(AT_ONCE.flat()).toEqual(STAGES.slice(0, AT_ONCE.flat().length).map(([name]) => name));
  });

  const scratch = mkdtempSync(path.join(tmpdir(), 'stages-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  /** A stage that prints its first line, waits until the other stage has printed its own (a file each, watched), then prints its second line and exits. */
  const meeting = (own: string, other: string, status = 0): Stage => [
    own,
    process.execPath,
    [
      '-e',
      // Watching before its own file is written and looking once after: the other's file cannot come unseen in between.
      `const fs = require('node:fs'), dir = ${JSON.stringify(scratch)};
      const end = () => { console.log('${own} second'); process.exit(${status}); };
      const met = () => fs.existsSync(dir + '/${other}') && end();
      fs.watch(dir, met);
      console.log('${own} first'); fs.writeFileSync(dir + '/${own}', '');
      met();`,
    ],
  ];
  const marks = (name: string): Stage => [name, process.execPath, ['-e', `require('node:fs').writeFileSync(${JSON.stringify(path.join(scratch, name))}, '')`]];

  it('at the same time (each waits for the other), each one’s output written whole, then the next', async () => {
    let written = '';
    const passed: string[] = [];
    const { ran, stoppedAt } = await runStages(
      [meeting('left', 'right'), meeting('right', 'left'), marks('after')],
      [['left', 'right']],
      (text) => {
        written += text;
      },
      (name) => passed.push(name),
    );
    expect(stoppedAt).toBeUndefined();
    expect(passed).toEqual(['left', 'right', 'after']);
    expect(ran.map(({ name, status }) => [name, status])).toEqual([
      ['left', 0],
      ['right', 0],
      ['after', 0],
    ]);
    for (const name of ['left', 'right']) expect(written).toMatch(new RegExp(`── ${name} \\(\\d+\\.\\d s\\)\\n${name} first\\n${name} second\\n`));
    expect(written).toMatch(/pnpm test: left \d+\.\d s, right \d+\.\d s\n/);
    expect(existsSync(path.join(scratch, 'after'))).toBe(true);
  });

  it('in their place: stages named at once wait for the stage listed before them', async () => {
    const { ran } = await runStages([marks('first'), meeting('up', 'down'), meeting('down', 'up')], [['up', 'down']], () => {});
    expect(ran.map(({ name, status }) => [name, status])).toEqual([
      ['first', 0],
      ['up', 0],
      ['down', 0],
    ]);
  });

  it('group by group: the stages of a group at once, the next group once the one before has ended', async () => {
    let written = '';
    const { ran, stoppedAt } = await runStages(
      [meeting('north', 'south'), meeting('south', 'north'), meeting('east', 'west'), meeting('west', 'east')],
      [
        ['north', 'south'],
        ['east', 'west'],
      ],
      (text) => {
        written += text;
      },
    );
    expect(stoppedAt).toBeUndefined();
    expect(ran.map(({ name }) => name)).toEqual(['north', 'south', 'east', 'west']);
    // One summary line per group as it ends: the first group's, then both groups'.
    const summaries = written.split('\n').filter((line) => line.startsWith('pnpm test: '));
    expect(summaries.map((line) => line.replace(/ \d+\.\d s/g, ''))).toEqual(['pnpm test: north, south', 'pnpm test: north, south, east, west']);
    expect(written.indexOf('pnpm test: north')).toBeLessThan(written.indexOf('── east'));
  });

  it('stops after the group with a failure, at the first stage that failed in their order, and runs nothing after it', async () => {
    const passed: string[] = [];
    const { ran, stoppedAt } = await runStages(
      [meeting('one', 'two', 0), meeting('two', 'one', 3), marks('never')],
      [['one', 'two']],
      () => {},
      (name) => passed.push(name),
    );
    expect(passed).toEqual([]); // the group failed: not even its passing stage counts (pnpm test marks the build checked after typecheck passed)
    expect(ran.map(({ name }) => name)).toEqual(['one', 'two']);
    expect(stoppedAt).toMatchObject({ name: 'two', status: 3 });
    expect(existsSync(path.join(scratch, 'never'))).toBe(false);
  });
});

describe('the build’s compiles', () => {
  it('check types unless told not to (--no-check), with the package’s build configuration', () => {
    expect(compileArgs('packages/mock/tsconfig.build.json')).toEqual(['-p', 'packages/mock/tsconfig.build.json']);
    try {
      setTypeChecking(false);
      expect(compileArgs('packages/mock/tsconfig.build.json')).toEqual(['-p', 'packages/mock/tsconfig.build.json', '--noCheck']);
    } finally {
      setTypeChecking(true);
    }
    expect(compileArgs('packages/cli/tsconfig.build.json')).toEqual(['-p', 'packages/cli/tsconfig.build.json']);
  });
});

describe('the reference site’s build step', () => {
  /** scripts/docs.ts and the scripts/lib modules it imports, directly or through each other. */
  function modulesOf(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, imported] of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/from '(\.{1,2}\/[\w/.-]+\.ts)'/g)) {
      const target = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), imported!));
      if (target.startsWith('scripts/')) modulesOf(target, seen);
    }
    return seen;
  }

  it('reads site/ and every script module the site is built with, so that a change there rebuilds it', () => {
    const step = BUILD_STEPS.find((s) => s.name === 'reference site')!;
    const modules = [...modulesOf('scripts/docs.ts')].filter((file) => !['scripts/lib/paths.ts', 'scripts/lib/args.ts', 'scripts/lib/run.ts'].includes(file));
    expect(modules.length).toBeGreaterThan(4);
    expect(modules.filter((file) => !step.inputs.some((input) => file === input || file.startsWith(`${input}/`)))).toEqual([]);
    expect(step.inputs).toContain('site');
  });
});
