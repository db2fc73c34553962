// The mock's source shows its architecture: packages/mock/src holds its entry points (the files
// package.json's exports name) and one folder per role, each opening with a README.md that says
// what it owns and what it may import. Dependencies run one way: a folder imports only the
// folders of its row below, so no circle can run through two folders, and the types several
// layers share live in the lowest folder that uses them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { foldersInACircle } from '../support/folder-layout.ts';
import { sourceFiles, specifiersOf } from '../support/import-graph.ts';

const SRC = path.join(ROOT, 'packages/mock/src');

/** folder -> the folders its files may import (the entry points at the top may import any). */
const ALLOWED: Record<string, string[]> = {
  engine: [],
  areas: ['engine'],
  journal: ['engine'],
  doors: ['engine', 'controls'],
  controls: ['engine', 'journal'],
  proxy: ['engine', 'doors'],
  mock: ['engine', 'areas', 'journal', 'doors', 'controls', 'proxy'],
  vitest: ['engine', 'journal', 'controls', 'mock'],
  cli: ['engine', 'areas', 'doors', 'controls', 'proxy', 'mock'],
};

/** The top-level files: the ones package.json's exports name for the sources (the `development` condition). */
const ENTRY_FILES = (() => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/mock/package.json'), 'utf8')) as {
    exports: Record<string, string | { development?: string }>;
  };
  return Object.values(manifest.exports)
    .flatMap((target) => (typeof target === 'object' && target.development ? [path.relative('./src', target.development)] : []))
    .sort();
})();

/** The folder of packages/mock/src a file is in, or '' for a top-level file. */
const folderOf = (file: string): string => {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : '';
};

/** `file: specifier (from -> to)` for each import of the source that reaches a folder its own may not import. */
function offendingImports(file: string, source: string, allowed: Record<string, string[]> = ALLOWED): string[] {
  const from = folderOf(file);
  if (from === '') return [];
  return specifiersOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const target = path.resolve(path.dirname(file), specifier);
      const to = folderOf(target);
      const inside = !path.relative(SRC, target).startsWith('..');
      if (!inside || to === from || allowed[from]?.includes(to)) return [];
      return [`${path.relative(ROOT, file)}: ${specifier} (${from} -> ${to || 'the top-level entry points'})`];
    });
}

/** The folders a README's `May import:` line names ('nothing' for none). */
const mayImportOf = (readme: string): string[] | undefined => {
  const line = /^May import: (.+?)\.?$/m.exec(readme)?.[1];
  if (line === undefined) return undefined;
  return line.startsWith('nothing') ? [] : line.split(/,\s*|\s+and\s+/).map((name) => name.replace(/[`/]/g, '').trim());
};

describe('packages/mock/src, folders by role', () => {
  it('holds only the entry points and the folders of the table', () => {
    const entries = readdirSync(SRC, { withFileTypes: true }).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
    const expected = [...ENTRY_FILES, ...Object.keys(ALLOWED).map((folder) => `${folder}/`)];
    expect(
      entries.filter((entry) => !expected.includes(entry)),
      'put it in the folder of its role, or add the folder to ALLOWED',
    ).toEqual([]);
    expect(expected.filter((entry) => !entries.includes(entry))).toEqual([]);
  });

  it.each(Object.keys(ALLOWED))('%s/ opens with a README.md whose "May import:" line is its row of the table', (folder) => {
    const readme = path.join(SRC, folder, 'README.md');
    expect(existsSync(readme), `write ${path.relative(ROOT, readme)}: what the folder owns, and "May import: ..."`).toBe(true);
    expect(mayImportOf(readFileSync(readme, 'utf8'))?.sort()).toEqual([...ALLOWED[folder]!].sort());
  });

  it('the table runs one way: no folder reaches itself through the folders it may import', () => {
    expect(foldersInACircle(ALLOWED)).toEqual([]);
  });

  it.each(Object.keys(ALLOWED))('%s/ imports only the folders of its row', (folder) => {
    const offending = sourceFiles(path.join(SRC, folder)).flatMap((file) => offendingImports(file, readFileSync(file, 'utf8')));
    expect(offending).toEqual([]);
  });
});

describe('the allowed-imports check', () => {
  it.each([
    ['engine/engine.ts', "import type { DoorAnswer } from '../doors/door.ts';", ['packages/mock/src/engine/engine.ts: ../doors/door.ts (engine -> doors)']],
    [
      'doors/fetch/fetch-door.ts',
      "import type { Mock } from '../../mock/mock.ts';",
      ['packages/mock/src/doors/fetch/fetch-door.ts: ../../mock/mock.ts (doors -> mock)'],
    ],
    ['proxy/index.ts', "const m = await import('../mock/mock.ts');", ['packages/mock/src/proxy/index.ts: ../mock/mock.ts (proxy -> mock)']],
    [
      'journal/journal.ts',
      "export { test } from '../vitest.ts';",
      ['packages/mock/src/journal/journal.ts: ../vitest.ts (journal -> the top-level entry points)'],
    ],
    ['mock/mock.ts', "import { createEngine } from '../engine/engine.ts';", []],
    ['areas/database/tokens.ts', "import { DEFAULT_NAMESPACE } from '../../engine/namespaces.ts';", []],
    ['engine/engine.ts', "import { compileContract } from './contract.ts';", []],
    ['index.ts', "import { createMock } from './mock/mock.ts';", []],
  ])('%s: %s', (file, source, expected) => {
    expect(offendingImports(path.join(SRC, file), source)).toEqual(expected);
  });

  it.each([
    [{ engine: [], areas: ['engine'] }, []],
    [{ engine: ['areas'], areas: ['engine'] }, ['engine', 'areas']],
    [{ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }, ['a', 'b', 'c']],
  ])('a table that does not run one way is refused: %j', (table, inCircle) => {
    expect(foldersInACircle(table)).toEqual(inCircle);
  });
});

// One level down in doors/: one folder per door (http/, fetch/, msw/), each on the handler the mock
// hands it, beside the modules every door shares (doors/*.ts). A door's folder imports the shared
// modules and the engine, never another door's folder; the shared modules import no door.
const DOORS = path.join(SRC, 'doors');
/** The door folder of a file under doors/ ('' for the shared modules), or undefined outside doors/. */
const doorOf = (file: string): string | undefined => {
  const relative = path.relative(DOORS, file);
  if (relative.startsWith('..')) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0]! : '';
};
/** `file: specifier (from -> to)` for each import from one door's folder into another's, or from the shared modules into a door. */
function crossDoorImports(file: string, source: string): string[] {
  const from = doorOf(file);
  return specifiersOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const to = doorOf(path.resolve(path.dirname(file), specifier));
      if (from === undefined || to === undefined || to === '' || to === from) return [];
      return [`${path.relative(ROOT, file)}: ${specifier} (${from || 'the shared modules'} -> ${to})`];
    });
}
const DOOR_FOLDERS = readdirSync(DOORS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('packages/mock/src/doors, one folder per door', () => {
  it('has the doors of the CONTRIBUTING walk', () => {
    expect([...DOOR_FOLDERS].sort()).toEqual(['fetch', 'http', 'msw']);
  });

  it.each(DOOR_FOLDERS)('doors/%s/ opens with a README.md that says where an AccessKey goes and what it may import', (door) => {
    const readme = path.join(DOORS, door, 'README.md');
    expect(existsSync(readme), `write ${path.relative(ROOT, readme)}`).toBe(true);
    expect(readFileSync(readme, 'utf8')).toMatch(/AccessKey[\s\S]*^May import: /m);
  });

  it('no door imports another door, and the shared modules import none', () => {
    expect(sourceFiles(DOORS).flatMap((file) => crossDoorImports(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it.each([
    [
      'doors/msw/msw-handlers.ts',
      "import { createFetchDoor } from '../fetch/fetch-door.ts';",
      ['packages/mock/src/doors/msw/msw-handlers.ts: ../fetch/fetch-door.ts (msw -> fetch)'],
    ],
    [
      'doors/door-answers.ts',
      "import { send } from './http/http-io.ts';",
      ['packages/mock/src/doors/door-answers.ts: ./http/http-io.ts (the shared modules -> http)'],
    ],
    ['doors/http/http-door.ts', "import type { DoorHandler } from '../door.ts';", []],
    ['doors/http/http-door.ts', "import { playNetworkFault } from './http-faults.ts';", []],
  ])('the check: %s with %s', (file, source, expected) => {
    expect(crossDoorImports(path.join(SRC, file), source)).toEqual(expected);
  });
});
