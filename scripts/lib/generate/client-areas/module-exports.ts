// What a module of the client's sources exports, read from its syntax alone: the generated entry
// points re-export an area's own module by name, and the index every area's names.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CLIENT_SRC, domainFile } from './names.ts';

export interface ExportedName {
  name: string;
  /** Only a type (the sources say so: `export type`, `export interface`, `export { type X }`, as verbatimModuleSyntax requires). */
  typeOnly: boolean;
}

/**
 * What a module of the client's sources exports, read from its syntax alone (fast: no type
 * checking), following its `export * from` into the client's own modules; `read` gives a file's
 * text (the generated files about to be written included). Re-exports from packages are left out.
 */
export function moduleExports(
  file: string,
  read: (file: string) => string | undefined = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined),
  seen = new Set<string>(),
): ExportedName[] {
  const text = read(file);
  if (text === undefined || seen.has(file)) return [];
  seen.add(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: ExportedName[] = [];
  const target = (specifier: string) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      if (from !== undefined && !from.startsWith('.')) continue;
      if (!statement.exportClause) {
        if (from !== undefined)
          found.push(...moduleExports(target(from), read, seen).map((item) => ({ ...item, typeOnly: item.typeOnly || statement.isTypeOnly })));
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) found.push({ name: element.name.text, typeOnly: statement.isTypeOnly || element.isTypeOnly });
      }
    } else if (exported(statement)) {
      const typeOnly = ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement);
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) found.push({ name: declaration.name.getText(source), typeOnly: false });
      else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || typeOnly) && statement.name)
        found.push({ name: statement.name.text, typeOnly });
    }
  }
  // A value and a type of one name (an enumeration's object and type) is a value.
  const byName = new Map<string, ExportedName>();
  for (const item of found) byName.set(item.name, { name: item.name, typeOnly: (byName.get(item.name)?.typeOnly ?? true) && item.typeOnly });
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** What each area's own module exports, sorted; no entry for an area without one. */
export function domainExportsOf(areas: readonly string[]): Map<string, ExportedName[]> {
  return new Map(
    areas.flatMap((area) => {
      const file = path.join(CLIENT_SRC, domainFile(area));
      return existsSync(file) ? [[area, moduleExports(file)] as const] : [];
    }),
  );
}
