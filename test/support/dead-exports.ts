// Exports that nothing imports, read from each file's syntax alone (the TypeScript compiler's
// parser, no type checking; ts-prune's analysis, which its authors no longer maintain, in a page):
// every import, re-export, `import()` (a template `import(`./${area}.ts`)` reaches each file it can
// name), `import('...')` type and `new URL('...', import.meta.url)` of every file read counts as a
// use of the names it takes. A file whose exports are public (a package's entry point) names no
// dead export, and what it re-exports is used. An `export * from` uses every name of its target.
// A type its own file names besides its declaration is part of another export's shape (the
// compiler must name it in the declarations it emits: TS4058 without the `export`), as knip's
// `ignoreExportsUsedInFile` for types has it: it is no dead export.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A module's own exports, and the names of other modules it uses (`*`: every one). */
interface ModuleFacts {
  exports: string[];
  /** The exported types (interfaces, aliases) the file itself names besides their declaration. */
  typesUsedInFile: Set<string>;
  uses: Map<string, Set<string>>;
}

const ALL = '*';
const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The file a relative specifier names: `./x.js` is `./x.ts` in the sources, a package's `dist/` its `src/`. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const sources = base.replace(/([/\\]packages[/\\][^/\\]+[/\\])dist([/\\])/, '$1src$2');
  return [base, sources]
    .flatMap((name) => [name, name.replace(/\.(m?)js$/, '.$1ts'), `${name}.ts`, path.join(name, 'index.ts')])
    .find((name) => /\.(m?ts|m?js)$/.test(name) && isFile(name));
}

/** The files a template `import()` can name: each file of its folder whose name fits the template. */
function templateTargets(from: string, template: ts.TemplateExpression): string[] {
  const head = template.head.text;
  const tail = template.templateSpans.at(-1)!.literal.text;
  if (!head.startsWith('.') || template.templateSpans.length !== 1) return [];
  const dir = path.resolve(path.dirname(from), path.dirname(`${head}x`));
  const prefix = path.basename(`${head}x`).slice(0, -1);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && (name.endsWith(tail) || name.endsWith(tail.replace(/\.js$/, '.ts'))))
    .map((name) => path.join(dir, name));
}

const hasExport = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** What one file exports and takes from others. */
export function moduleFacts(file: string, text: string): ModuleFacts {
  // JSDoc is not read (a third of the parse): an import in a comment is no use.
  const source = ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    /\.m?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const exports: string[] = [];
  const types = new Set<string>();
  const uses = new Map<string, Set<string>>();
  const use = (target: string | undefined, name: string) => {
    if (target === undefined) return;
    if (!uses.has(target)) uses.set(target, new Set());
    uses.get(target)!.add(name);
  };
  const resolved = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? resolveSpecifier(file, node.text) : undefined);

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const target = resolved(statement.moduleSpecifier);
      const clause = statement.importClause;
      if (clause?.name) use(target, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) use(target, ALL);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) use(target, (element.propertyName ?? element.name).text);
    } else if (ts.isExportDeclaration(statement)) {
      const target = resolved(statement.moduleSpecifier);
      const clause = statement.exportClause;
      if (!clause) use(target, ALL);
      else if (ts.isNamespaceExport(clause)) {
        use(target, ALL);
        exports.push(clause.name.text);
      } else
        for (const element of clause.elements) {
          if (target !== undefined) use(target, (element.propertyName ?? element.name).text);
          exports.push(element.name.text);
        }
    } else if (ts.isExportAssignment(statement)) exports.push('default');
    else if (hasExport(statement)) {
      if (isDefault(statement)) exports.push('default');
      else if (ts.isVariableStatement(statement)) exports.push(...statement.declarationList.declarations.flatMap((d) => bindingNames(d.name)));
      else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) exports.push(name.text);
        if (name && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))) types.add(name.text);
      }
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isTemplateExpression(argument)) for (const target of templateTargets(file, argument)) use(target, ALL);
      else use(resolved(argument), ALL);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const target = resolved(node.argument.literal);
      const qualifier = node.qualifier;
      use(target, qualifier ? (ts.isIdentifier(qualifier) ? qualifier.text : ALL) : ALL);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.[0]) {
      use(resolved(node.arguments[0]), ALL);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const named = (name: string) => (text.match(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g')) ?? []).length > 1;
  return { exports: [...new Set(exports)], typesUsedInFile: new Set([...types].filter(named)), uses };
}

/**
 * `file: name` for each export of the checked files (absolute paths) that no file read imports,
 * but the entry points' (whose exports are public). `readers` are every file whose imports count.
 */
export function deadExports(checked: readonly string[], readers: readonly string[], entries: ReadonlySet<string>, relative = (file: string) => file): string[] {
  const facts = new Map<string, ModuleFacts>();
  for (const file of new Set([...checked, ...readers])) facts.set(file, moduleFacts(file, readFileSync(file, 'utf8')));
  const used = new Map<string, Set<string>>();
  for (const { uses } of facts.values())
    for (const [target, names] of uses) {
      if (!used.has(target)) used.set(target, new Set());
      for (const name of names) used.get(target)!.add(name);
    }
  return checked
    .filter((file) => !entries.has(file))
    .flatMap((file) => {
      const names = used.get(file);
      if (names?.has(ALL)) return [];
      const { exports, typesUsedInFile } = facts.get(file)!;
      return exports.filter((name) => !names?.has(name) && !typesUsedInFile.has(name)).map((name) => `${relative(file)}: ${name}`);
    });
}
