// Imports first: every TypeScript file of the packages, scripts, benchmarks and tests opens with its
// imports, before any declaration or statement (Biome sorts them, biome.jsonc's organizeImports,
// but does not see an import placed after code). A file that breaks it is named with the import.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';
import { sourceFiles } from '../support/import-graph.ts';

const FOLDERS = ['packages/cli/src', 'packages/client/src', 'packages/contracts/src', 'packages/mock/src', 'scripts', 'bench', 'test'];

/** The imports of a source that come after its first other statement, as `line: text`. */
function lateImports(source: string): string[] {
  const file = ts.createSourceFile('probe.ts', source, ts.ScriptTarget.Latest, true);
  const isImport = (statement: ts.Statement) => ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement);
  const firstOther = file.statements.findIndex((statement) => !isImport(statement));
  if (firstOther < 0) return [];
  return file.statements
    .slice(firstOther)
    .filter(isImport)
    .map((statement) => `${file.getLineAndCharacterOfPosition(statement.getStart()).line + 1}: ${statement.getText().split('\n')[0]}`);
}

describe('imports first', () => {
  it('holds in every file', () => {
    const late = FOLDERS.flatMap((folder) =>
      sourceFiles(path.join(ROOT, folder))
        .filter((file) => file.endsWith('.ts') && !file.includes(`${path.sep}node_modules${path.sep}`))
        .flatMap((file) => lateImports(readFileSync(file, 'utf8')).map((where) => `${path.relative(ROOT, file)}:${where}`)),
    );
    expect(late).toEqual([]);
  });

  it.each([
    ['imports, then code', "import { a } from './a.ts';\nimport type { B } from './b.ts';\nexport const c: B = a;\n", []],
    ['no import at all', 'export const c = 1;\n', []],
    [
      'an import after a declaration',
      "import { a } from './a.ts';\nconst READS = new Set(['GET']);\nimport { b } from './b.ts';\n",
      ["3: import { b } from './b.ts';"],
    ],
    ['an import after an interface', "interface X {}\nimport type { Y } from './y.ts';\n", ["2: import type { Y } from './y.ts';"]],
  ])('%s', (_name, source, expected) => {
    expect(lateImports(source)).toEqual(expected);
  });
});
