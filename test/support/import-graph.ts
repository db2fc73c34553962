// Which source file of a package imports which, read from each file's syntax alone
// (`ts.preProcessFile`, no type checking): static and type imports, re-exports, `import()` (a
// circle through a lazy import is still a circle of the code) and `declare module` augmentations.
// The layout tests read its circles, its long files and each folder's imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every module specifier the source names. */
export const specifiersOf = (source: string): string[] => ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);

/** The source files under a folder, at any depth (absolute paths; scripts too: .js, .mjs, .cjs). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs|cjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The `.ts` files under `dir`, relative to it, `/`-separated and sorted. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources); undefined for a package's. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')].find(isFile);
}

/** File -> the files of `dir` it imports, each relative to `dir`. */
export function importGraph(dir: string): Map<string, string[]> {
  return new Map(
    tsFiles(dir).map((file) => {
      const absolute = path.join(dir, file);
      const targets = specifiersOf(readFileSync(absolute, 'utf8')).flatMap((specifier) => {
        const target = resolve(absolute, specifier);
        return target === undefined ? [] : [path.relative(dir, target).split(path.sep).join('/')];
      });
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * The graph's circles: each set of files that reach one another through their imports (a strongly
 * connected component, Tarjan's algorithm), sorted, as `a.ts ↔ b.ts ↔ c.ts`. A file importing
 * itself is a circle too.
 */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort().join(' ↔ '));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found.sort();
}

/** The lines of a file, as an editor counts them (a last newline ends the last line). */
export const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
