// The database area one level down, as mock-layout.test.ts holds the mock's top level:
// packages/mock/src/areas/database holds one folder per role (and its README.md), each opening
// with a README.md whose `May import:` line is its row of the table below (a name there is a folder
// beside it or beside one of its parents, as scripts-layout reads it, or `./name`, a folder of its
// own: sql/index.ts is the engine's entry above its folders). A folder imports only
// the folders of its row (the mock's own `engine/`, outside the area, is mock-layout's business),
// and no two folders import each other, whatever the table says.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { foldersInACircle } from '../support/folder-layout.ts';
import { sourceFiles, specifiersOf } from '../support/import-graph.ts';

const AREAS = path.join(ROOT, 'packages/mock/src/areas');
const DATABASE = path.join(AREAS, 'database');
/** What a database folder's import names when it reaches the area's module or another area. */
const ABOVE = 'areas/ (the area module above the database folders)';

/** folder -> the folders its files may import, bottom first. */
const ALLOWED: Record<string, string[]> = {
  protocol: [],
  suite: [],
  'sql/storage': [],
  'sql/wasm': ['protocol', 'sql/storage'],
  'sql/statements': ['protocol', 'sql/wasm'],
  'sql/threads': ['protocol', 'sql/storage', 'sql/wasm', 'sql/statements'],
  sql: ['protocol', 'sql/threads', 'sql/statements', 'sql/wasm', 'sql/storage'],
  namespaces: ['protocol', 'sql'],
  tokens: ['protocol', 'sql', 'namespaces'],
  hrana: ['protocol', 'sql', 'namespaces', 'tokens'],
  'hrana/http': ['hrana', 'protocol', 'sql', 'namespaces', 'tokens'],
  'hrana/ws': ['hrana', 'protocol', 'sql', 'namespaces', 'tokens'],
  'hrana/protobuf': ['hrana', 'hrana/http', 'protocol', 'sql', 'namespaces', 'tokens'],
};

/** The folder of the database area a file is in ('' at its top); ABOVE for the rest of areas/; undefined elsewhere in the mock. */
function folderOf(file: string): string | undefined {
  const inDatabase = path.relative(DATABASE, file);
  if (!inDatabase.startsWith('..')) return path.dirname(inDatabase).split(path.sep).join('/').replace(/^\.$/, '');
  return path.relative(AREAS, file).startsWith('..') ? undefined : ABOVE;
}

interface Import {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

/** The imports of a source that leave its folder for another folder of the area (or the area module above). */
function importsOf(file: string, source: string): Import[] {
  const from = folderOf(file)!;
  return specifiersOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const to = folderOf(path.resolve(path.dirname(file), specifier));
      return to === undefined || to === from ? [] : [{ file: path.relative(ROOT, file), specifier, from, to }];
    });
}

const describeImport = ({ file, specifier, from, to }: Import) => `${file}: ${specifier} (${from} -> ${to})`;

/** Each import that reaches a folder its own may not import. */
const offending = (imports: Import[], allowed: Record<string, string[]> = ALLOWED): string[] =>
  imports.filter(({ from, to }) => !allowed[from]?.includes(to)).map(describeImport);

/** Each pair of folders that import each other, with one import of each way. */
function bothWays(imports: Import[]): string[] {
  const first = new Map<string, Import>();
  for (const found of imports) if (!first.has(`${found.from} -> ${found.to}`)) first.set(`${found.from} -> ${found.to}`, found);
  return [...first.values()]
    .filter(({ from, to }) => from < to && first.has(`${to} -> ${from}`))
    .map((found) => `${found.from} <-> ${found.to}: ${describeImport(found)}; ${describeImport(first.get(`${found.to} -> ${found.from}`)!)}`);
}

/** The folder of the table a README's name means: `./name` a sub-folder of `folder`, else the nearest folder of that name beside `folder` or one of its parents. */
function folderNamed(folder: string, name: string): string {
  if (name.startsWith('./')) return `${folder}/${name.slice(2)}`;
  const parents = folder.split('/').map((_, at, parts) => parts.slice(0, parts.length - 1 - at).join('/'));
  return parents.map((parent) => (parent ? `${parent}/${name}` : name)).find((candidate) => candidate in ALLOWED) ?? name;
}

/** The folders of the table a folder's README's `May import:` line names ('nothing' for none). */
const mayImportOf = (folder: string, readme: string): string[] | undefined => {
  const line = /^May import: (.+?)\.?$/m.exec(readme)?.[1];
  if (line === undefined) return undefined;
  if (line.startsWith('nothing')) return [];
  return line.split(/,\s*|\s+and\s+/).map((name) => folderNamed(folder, name.replace(/`/g, '').replace(/\/$/, '').trim()));
};

const IMPORTS = sourceFiles(DATABASE).flatMap((file) => importsOf(file, readFileSync(file, 'utf8')));

describe('packages/mock/src/areas/database, folders by role', () => {
  it('holds its README.md and the folders of the table, and nothing else', () => {
    const entries = readdirSync(DATABASE, { recursive: true, withFileTypes: true }).map((entry) => {
      const relative = path.relative(DATABASE, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      return entry.isDirectory() ? `${relative}/` : relative;
    });
    const folders = entries.filter((entry) => entry.endsWith('/')).map((entry) => entry.slice(0, -1));
    expect(folders.filter((folder) => !(folder in ALLOWED)).sort(), 'put its files in the folder of their role, or add the folder to ALLOWED').toEqual([]);
    expect(Object.keys(ALLOWED).filter((folder) => !folders.includes(folder))).toEqual([]);
    expect(
      entries.filter((entry) => !entry.includes('/')),
      'the top holds only the README: each file goes in its folder',
    ).toEqual(['README.md']);
  });

  it.each(Object.keys(ALLOWED))('%s/ opens with a README.md whose "May import:" line is its row of the table', (folder) => {
    const readme = path.join(DATABASE, folder, 'README.md');
    expect(existsSync(readme), `write ${path.relative(ROOT, readme)}: what the folder owns, and "May import: ..."`).toBe(true);
    expect(mayImportOf(folder, readFileSync(readme, 'utf8'))?.sort()).toEqual([...ALLOWED[folder]!].sort());
  });

  it('the table runs one way: no folder reaches itself through the folders it may import', () => {
    expect(foldersInACircle(ALLOWED)).toEqual([]);
  });

  it.each(Object.keys(ALLOWED))('%s/ imports only the folders of its row', (folder) => {
    expect(offending(IMPORTS.filter(({ from }) => from === folder))).toEqual([]);
  });

  it('no two folders import each other', () => {
    expect(bothWays(IMPORTS)).toEqual([]);
  });
});

describe('the database layout checks refuse planted cases', () => {
  const planted = (file: string, source: string) => importsOf(path.join(DATABASE, file), source);

  it.each([
    ['sql/statements/runner.ts', "import { ProtocolError } from '../../protocol/protocol.ts';", []],
    [
      'sql/statements/runner.ts',
      "import type { Stream } from '../../namespaces/stream-table.ts';",
      ['sql/statements/runner.ts: ../../namespaces/stream-table.ts (sql/statements -> namespaces)'],
    ],
    [
      'sql/statements/runner.ts',
      "import { GRACE_MS } from '../threads/messages.ts';",
      ['sql/statements/runner.ts: ../threads/messages.ts (sql/statements -> sql/threads)'],
    ],
    ['sql/storage/vfs.ts', "import type { Sqlite } from '../wasm/wasm.ts';", ['sql/storage/vfs.ts: ../wasm/wasm.ts (sql/storage -> sql/wasm)']],
    ['sql/threads/worker.ts', "import { createSqlEngine } from '../index.ts';", ['sql/threads/worker.ts: ../index.ts (sql/threads -> sql)']],
    ['sql/index.ts', "import { runRequest } from './statements/runner.ts';", []],
    [
      'namespaces/stream-table.ts',
      "import type { Access } from '../sql/statements/requests.ts';",
      ['namespaces/stream-table.ts: ../sql/statements/requests.ts (namespaces -> sql/statements)'],
    ],
    [
      'protocol/values.ts',
      "export { bind } from '../sql/statements/bind-args.ts';",
      ['protocol/values.ts: ../sql/statements/bind-args.ts (protocol -> sql/statements)'],
    ],
    ['hrana/http/handlers.ts', "import { answerFlow } from '../ws/flow.ts';", ['hrana/http/handlers.ts: ../ws/flow.ts (hrana/http -> hrana/ws)']],
    ['hrana/pipeline-runner.ts', "const ws = await import('./ws/connection.ts');", ['hrana/pipeline-runner.ts: ./ws/connection.ts (hrana -> hrana/ws)']],
    ['tokens/token-store.ts', "import type { DatabaseInfo } from '../../database.ts';", [`tokens/token-store.ts: ../../database.ts (tokens -> ${ABOVE})`]],
    ['hrana/ws/slots.ts', "import { runCursor } from '../pipeline-runner.ts';", []],
    ['namespaces/namespace-databases.ts', "import { DEFAULT_NAMESPACE } from '../../../engine/namespaces.ts';", []],
  ])('%s: %s', (file, source, expected) => {
    const prefix = `${path.relative(ROOT, DATABASE)}/`;
    expect(offending(planted(file, source)).map((line) => line.replace(prefix, ''))).toEqual(expected);
  });

  it('refuses two sibling folders that import each other, each allowed by its row', () => {
    const allowed = { ...ALLOWED, 'hrana/http': [...ALLOWED['hrana/http']!, 'hrana/ws'], 'hrana/ws': [...ALLOWED['hrana/ws']!, 'hrana/http'] };
    const imports = [
      ...planted('hrana/http/handlers.ts', "import { answerFlow } from '../ws/flow.ts';"),
      ...planted('hrana/ws/connection.ts', "import { hranaHttp } from '../http/handlers.ts';"),
    ];
    expect(offending(imports, allowed)).toEqual([]);
    expect(bothWays([...IMPORTS, ...imports]).map((line) => line.split(':')[0])).toEqual(['hrana/http <-> hrana/ws']);
  });

  it('refuses a folder and the folder below it importing each other, as the area and its engine/ did', () => {
    const imports = [
      ...planted('sql/statements/runner.ts', "import { toSqlValue } from '../../protocol/values.ts';"),
      ...planted('protocol/values.ts', "import type { SqlRequest } from '../sql/statements/requests.ts';"),
    ];
    expect(bothWays(imports)).toEqual([
      `protocol <-> sql/statements: ${path.relative(ROOT, DATABASE)}/protocol/values.ts: ../sql/statements/requests.ts (protocol -> sql/statements); ${path.relative(ROOT, DATABASE)}/sql/statements/runner.ts: ../../protocol/values.ts (sql/statements -> protocol)`,
    ]);
  });

  it("refuses the engine's folders importing each other, as the flat sql/ let its statements and its threads do", () => {
    const imports = [
      ...planted('sql/statements/runner.ts', "import type { SqlRequest } from '../threads/messages.ts';"),
      ...planted('sql/threads/worker.ts', "import { runRequest } from '../statements/runner.ts';"),
    ];
    expect(bothWays(imports).map((line) => line.split(':')[0])).toEqual(['sql/statements <-> sql/threads']);
  });

  it.each([
    ['sql/wasm', 'storage', 'sql/storage'],
    ['sql/wasm', 'protocol', 'protocol'],
    ['sql', './threads', 'sql/threads'],
    ['hrana/http', 'hrana', 'hrana'],
  ])("%s/README.md's May import line: %s is %s", (folder, name, expected) => {
    expect(mayImportOf(folder, `May import: ${name}.`)).toEqual([expected]);
  });
});
