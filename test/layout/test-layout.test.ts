// The tests follow the mock's roles (CONTRIBUTING.md, "Tests"): a unit test of a folder of the mock
// lives in test/mock/<the same path as under packages/mock/src>/, a test that reaches the mock
// through a public seam, per area, in test/areas/<area>/ or test/areas/<area>.test.ts; a test
// imports the mock's sources only from the folder it mirrors (and the folders that folder may
// import, its README's "May import:" line), else the package's entry points; and the mock runs in
// process unless a door is under test: every file that starts it on a real port says which door.
// Each rule is one check over the files and its table of exceptions, shown to refuse planted cases.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AREAS } from '@platform-contracts/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { sourceFiles } from '../support/import-graph.ts';

const TEST = path.join(ROOT, 'test');
const SRC = path.join(ROOT, 'packages/mock/src');
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** Test files that import the mock's sources from outside the folder they mirror, each with why it cannot use an entry point today. */
const SOURCE_IMPORTS: { file: RegExp; why: string }[] = [
  { file: /^test\/support\/sql-engine\.ts$/, why: "the SQL engine's unit tests' shared requests, typed by the engine's own request type (SqlRequest)" },
  { file: /^test\/layout\//, why: "layout tests read the sources' own tables (the mock's areas) to hold them to the registry" },
  {
    file: /^test\/mock\/engine\/(differential|answer-reuse|engine-parts)\.test\.ts$/,
    why: "the engine's units driven with the real areas (AREA_BEHAVIOURS, the areas' random picker) or the doors' serializer, which the public createMock hides",
  },
  {
    file: /^test\/mock\/doors\/(doors|http-door)\.test\.ts$/,
    why: 'GIVEN_AREAS (mock/options.ts): the test-only hook that serves a synthetic contract at every door (and a planted invalid answer at the HTTP door), on purpose no public option',
  },
  {
    file: /^test\/mock\/vitest\/vitest-(early-start|fixture-areas|fixture-start)\.test\.ts$/,
    why: "they count the database engine's threads the vitest layer starts: the control branch takes the database out of that layer",
  },
];

/** What starts the mock on a real port, found in a test file's code (not its comments). */
/**
 * The calls that start the mock on a real port: always, or only when asked (`{ port: true }` in an
 * argument). The database's helpers always listen here; the dbarea branch makes them run in process
 * unless asked: once merged, their rows say 'asked'.
 */
const PORT_CALLS: Record<string, 'always' | 'asked'> = {
  startMock: 'always',
  useHttpMock: 'always',
  serveMockCli: 'always',
  useDatabaseMock: 'asked',
  startDatabaseHost: 'asked',
};
const PORT_MODULES = ['@platform-contracts/mock/vitest/global-setup', '@platform-contracts/mock/testcontainers'];

/** The files that start the mock on a real port, each with the door it tests (or what needs a real URL). */
const REAL_PORT: { file: RegExp; door: string }[] = [
  {
    file: /^test\/areas\/database\/(concurrency-stress|drivers|migration-tools|websocket)\.test\.ts$/,
    door: "the database's WebSocket door (libsql:// and ws://, Hrana's streams) with real drivers and migration tools, beside HTTP",
  },
  {
    file: /^test\/mock\/areas\/database\/(authority|hrana\/(close-stream|sqld-parity)|protocol\/error-codes|sql\/threads\/run-turns)\.test\.ts$/,
    door: "the database's WebSocket door: one behaviour compared over HTTP and WebSocket",
  },
  {
    file: /^test\/(areas\/database\/tokens|mock\/areas\/database\/hrana\/http\/pipeline-http)\.test\.ts$/,
    door: 'raw HTTP to the database door (node:http), bodies and headers as sent',
  },
  { file: /^test\/areas\/database\/durability\.test\.ts$/, door: 'the CLI with --db-dir: a process that listens and keeps its files across restarts' },
  { file: /^test\/mock\/cli\/cli(-coverage|-bundle)?\.test\.ts$/, door: 'the CLI: a process that listens, its output, signals and exit codes' },
  {
    file: /^test\/mock\/doors\/(access|doors|http-door|docs-serving|upgrade)\.test\.ts$/,
    door: 'the HTTP door: Host and CORS, sockets and timeouts, bodies read off the socket, connection upgrades, the site it serves (in Chromium too: its CSP, a drive-by page)',
  },
  { file: /^test\/mock\/mock\/in-process\.test\.ts$/, door: 'mock.fetch answers as the HTTP door does: both doors side by side' },
  {
    file: /^test\/mock\/mock\/tick-object\.test\.ts$/,
    door: 'what startMock does for the HTTP door first, before it refuses the options given (it listens on no port)',
  },
  {
    file: /^test\/mock\/proxy\/proxy(-cli|-database)?\.test\.ts$/,
    door: "the validation proxy forwards over node:http to upstreams of its own (the database's over WebSocket)",
  },
  { file: /^test\/mock\/vitest\/vitest-fixture-http\.test\.ts$/, door: "the vitest global setup's mock over HTTP, for suites in other processes" },
  { file: /^test\/contracts\/specmatic\.test\.ts$/, door: 'Specmatic (Java) calls the mock over HTTP' },
  {
    file: /^test\/docs\/try-it\.test\.ts$/,
    door: "Test Request from the site in Chromium calls the mock across origins (file://'s null, another loopback name): CORS",
  },
  {
    file: /^test\/docs\/(samples|vector-search-guide)\.test\.ts$/,
    door: 'code samples and a guide snippet run as written, in processes of their own, against a URL',
  },
  { file: /^test\/image\/image\.test\.ts$/, door: 'the container image' },
  {
    file: /^test\/newcomer\/(packed-install|start)\.test\.ts$/,
    door: '`npx platform-mock`, `pnpm start` and `pnpm mock` as a newcomer runs them: processes that listen',
  },
];

/**
 * This count at main 9ff7c15, before the rule (issue 59 counted 47: the files that call one of the
 * five helpers; the global setup, the image and the CLI on `--port 0` add 4).
 */
const REAL_PORT_FILES_BEFORE = 51;

/** The names a file's code calls, the modules it imports, and whether an argument list holds `'--port', '0'`. */
function codeOf(source: string): { calls: Map<string, boolean>; modules: Set<string>; portFlags: Set<string> } {
  const file = ts.createSourceFile('test.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  /** Each name called, and whether any of its calls asked for a port (`{ port: true }` in an argument). */
  const calls = new Map<string, boolean>();
  const modules = new Set<string>();
  const portFlags = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name !== undefined) calls.set(name, calls.get(name) === true || node.arguments.some(asksForPort));
      if (callee.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) modules.add(node.arguments[0].text);
    }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      modules.add(node.moduleSpecifier.text);
    }
    if (ts.isArrayLiteralExpression(node)) {
      const texts = node.elements.map((element) => (ts.isStringLiteralLike(element) ? element.text : undefined));
      texts.forEach((text, at) => {
        if (text === '--port' && texts[at + 1] === '0') portFlags.add('--port 0');
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { calls, modules, portFlags };
}

/** An argument `{ ..., port: true }`. */
const asksForPort = (argument: ts.Expression) =>
  ts.isObjectLiteralExpression(argument) &&
  argument.properties.some(
    (property) =>
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === 'port' &&
      property.initializer.kind === ts.SyntaxKind.TrueKeyword,
  );

/** Why a test file's code starts the mock on a real port (empty: it does not). */
function realPortSigns(source: string, portCalls: Record<string, 'always' | 'asked'> = PORT_CALLS): string[] {
  const { calls, modules, portFlags } = codeOf(source);
  return [
    ...Object.entries(portCalls)
      .filter(([name, when]) => calls.has(name) && (when === 'always' || calls.get(name)))
      .map(([name]) => `${name}()`),
    ...PORT_MODULES.filter((name) => modules.has(name)),
    ...(portFlags.size > 0 ? ['a CLI on --port 0'] : []),
  ];
}

/** The folder of packages/mock/src a path inside it starts with ('' for a top-level entry file). */
const roleOf = (fromSrc: string) => (fromSrc.includes('/') ? fromSrc.split('/')[0]! : '');

/** A role folder's README "May import:" line: the folders its sources may import. */
function mayImport(role: string): string[] {
  const readme = path.join(SRC, role, 'README.md');
  const line = existsSync(readme) ? /^May import: (.+?)\.?$/m.exec(readFileSync(readme, 'utf8'))?.[1] : undefined;
  if (line === undefined || line.startsWith('nothing')) return [];
  return line.split(/,\s*|\s+and\s+/).map((name) => name.replace(/[`/]/g, '').trim());
}

/** `specifier (why)` for each import of the mock's sources that a test at `file` (relative to the root) may not make. */
function offendingSourceImports(file: string, source: string): string[] {
  const mirrored = /^test\/mock\/([^/]+)\//.exec(file)?.[1];
  const allowed = mirrored ? new Set([mirrored, ...mayImport(mirrored)]) : new Set<string>();
  const specifiers = ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName);
  return specifiers.flatMap((specifier) => {
    if (!specifier.startsWith('.')) return [];
    const target = path
      .relative(SRC, path.resolve(ROOT, path.dirname(file), specifier))
      .split(path.sep)
      .join('/');
    if (target.startsWith('..')) return [];
    const role = roleOf(target);
    if (role !== '' && allowed.has(role)) return [];
    const where =
      role === ''
        ? 'an entry point: import the package'
        : mirrored
          ? `${role}/ is not ${mirrored}/ nor a folder it may import`
          : 'only test/mock/<folder>/ imports sources';
    return [`${specifier} (${where})`];
  });
}

/** Entries of test/mock/ (folders, at any depth, outside fixtures) that name no folder of packages/mock/src. */
function foldersNamingNoSource(mockTests: string, sources: string): string[] {
  return readdirSync(mockTests, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(mockTests, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((folder) => !folder.split('/').includes('fixtures') && !existsSync(path.join(sources, folder)));
}

/** An entry directly under test/areas/ that names no area: `<area>/` or `<area>.test.ts`. */
const namesNoArea = (name: string, isFolder: boolean, areas: readonly string[] = AREAS): boolean =>
  !areas.includes((isFolder ? name : name.replace(/\.test(-d)?\.ts$/, '')) as never) || (!isFolder && !/\.test(-d)?\.ts$/.test(name));

const testFiles = sourceFiles(TEST)
  .map(relative)
  .filter((file) => /\.test(-d)?\.ts$/.test(file));
const listed = (table: { file: RegExp }[], file: string) => table.some((row) => row.file.test(file));

describe('test folders mirror the roles', () => {
  it('every folder under test/mock/ names a folder of packages/mock/src/', () => {
    expect(foldersNamingNoSource(path.join(TEST, 'mock'), SRC), 'name the folder after the source folder its tests cover').toEqual([]);
  });

  it('every test file under test/mock/ sits in a folder of its role', () => {
    const loose = testFiles.filter((file) => /^test\/mock\/[^/]+$/.test(file));
    expect(loose, 'move it to test/mock/<the folder of packages/mock/src it tests>/').toEqual([]);
  });

  it('every entry of test/areas/ names an area of the registry', () => {
    const entries = readdirSync(path.join(TEST, 'areas'), { withFileTypes: true });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((entry) => namesNoArea(entry.name, entry.isDirectory())).map((entry) => entry.name)).toEqual([]);
  });
});

describe("a test reaches the mock's sources only from the folder it mirrors", () => {
  const offending = testFiles.concat(sourceFiles(path.join(TEST, 'support')).map(relative)).flatMap((file) => {
    const found = offendingSourceImports(file, readFileSync(path.join(ROOT, file), 'utf8'));
    return found.length > 0 ? [{ file, found }] : [];
  });

  it('no other test imports them but those of the table', () => {
    expect(offending.filter(({ file }) => !listed(SOURCE_IMPORTS, file))).toEqual([]);
  });

  it.each(SOURCE_IMPORTS.map((row) => [row.file.source, row] as const))('the exception %s is still needed', (_name, row) => {
    expect(
      offending.some(({ file }) => row.file.test(file)),
      `no test needs it any more (${row.why}): remove the row`,
    ).toBe(true);
  });
});

describe('the mock runs in process unless a door is under test', () => {
  const starting = testFiles.filter((file) => realPortSigns(readFileSync(path.join(ROOT, file), 'utf8')).length > 0);

  it(`${starting.length} test files start the mock on a real port (${REAL_PORT_FILES_BEFORE} before the rule), each testing a door`, () => {
    expect(
      starting.filter((file) => !listed(REAL_PORT, file)),
      'run it in process (createMock, mock.fetch, a client with `fetch: mock.fetch`), or add a row naming the door under test',
    ).toEqual([]);
  });

  it.each(REAL_PORT.map((row) => [row.file.source, row] as const))('the door %s still starts one', (_name, row) => {
    expect(
      starting.some((file) => row.file.test(file)),
      `no file of the row starts a port any more (${row.door}): remove the row`,
    ).toBe(true);
  });
});

describe('the checks refuse planted cases', () => {
  it.each([
    ['asked', 'const db = useHelper();', []],
    ['asked', 'const db = useHelper({ lockWaitMs: 5 });', []],
    ['asked', 'const db = useHelper({ lockWaitMs: 5 }, { port: true });', ['useHelper()']],
    ['asked', 'const db = useHelper({}, { port: false });', []],
    ['always', 'const db = useHelper();', ['useHelper()']],
  ] as const)('a helper that listens %s: %s', (when, source, signs) => {
    expect(realPortSigns(source, { useHelper: when })).toEqual(signs);
  });

  it.each([
    ['const mock = await startMock({ port: 0 });', ['startMock()']],
    ["const mock = useHttpMock(['video']);", ['useHttpMock()']],
    ['const db = useDatabaseMock();', []],
    ['const db = useDatabaseMock({}, { port: true });', ['useDatabaseMock()']],
    ["serveMockCli(['--area', 'video']);", ['serveMockCli()']],
    ["spawn(process.execPath, [CLI, '--port', '0']);", ['a CLI on --port 0']],
    ["spawn(PRISM, ['mock', file, '--port', String(port)]); // another tool's server", []],
    ["import setup from '@platform-contracts/mock/vitest/global-setup';", ['@platform-contracts/mock/vitest/global-setup']],
    ['const mock = await createMock(); // not startMock(), which listens', []],
    ["it('is not loaded by startMock() until needed', () => {});", []],
    ["const answer = await mock.fetch(base + '/storagezone');", []],
  ])('%s', (source, signs) => {
    expect(realPortSigns(source)).toEqual(signs);
  });

  it.each([
    ['test/mock/engine/x.test.ts', "import { createEngine } from '../../../packages/mock/src/engine/engine.ts';", []],
    ['test/mock/journal/x.test.ts', "import { createEngine } from '../../../packages/mock/src/engine/engine.ts';", []],
    [
      'test/mock/engine/x.test.ts',
      "import { serialize } from '../../../packages/mock/src/doors/door-answers.ts';",
      ['../../../packages/mock/src/doors/door-answers.ts (doors/ is not engine/ nor a folder it may import)'],
    ],
    [
      'test/mock/doors/x.test.ts',
      "const m = await import('../../../packages/mock/src/mock/mock.ts');",
      ['../../../packages/mock/src/mock/mock.ts (mock/ is not doors/ nor a folder it may import)'],
    ],
    [
      'test/mock/engine/x.test.ts',
      "import { createMock } from '../../../packages/mock/src/index.ts';",
      ['../../../packages/mock/src/index.ts (an entry point: import the package)'],
    ],
    [
      'test/areas/video.test.ts',
      "import { createEngine } from '../../packages/mock/src/engine/engine.ts';",
      ['../../packages/mock/src/engine/engine.ts (only test/mock/<folder>/ imports sources)'],
    ],
    ['test/areas/video.test.ts', "import { createMock } from '@platform-contracts/mock';", []],
    ['test/areas/video.test.ts', "import { useMock } from '../support/mock.ts';", []],
  ])('%s: %s', (file, source, expected) => {
    expect(offendingSourceImports(file, source)).toEqual(expected);
  });

  it.each([
    ['video', true, false],
    ['video.test.ts', false, false],
    ['dns.test-d.ts', false, false],
    ['weather', true, true],
    ['weather.test.ts', false, true],
    ['contract', true, true],
    ['video.ts', false, true],
  ])('test/areas/%s (folder: %s) names no area: %s', (name, isFolder, refused) => {
    expect(namesNoArea(name, isFolder)).toBe(refused);
  });

  it('refuses a folder of test/mock/ that names no source folder, and passes one that does (and fixtures)', () => {
    const planted = mkdtempSync(path.join(tmpdir(), 'test-layout-'));
    try {
      for (const folder of ['src/engine/parts', 'src/doors', 'tests/engine/parts', 'tests/doors/fixtures/any', 'tests/misc', 'tests/engine/more'])
        mkdirSync(path.join(planted, folder), { recursive: true });
      expect(foldersNamingNoSource(path.join(planted, 'tests'), path.join(planted, 'src')).sort()).toEqual(['engine/more', 'misc']);
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });
});
