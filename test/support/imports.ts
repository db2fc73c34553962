// What the layout tests read of the code: source files, and the modules each one names.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every module specifier a file names: static and type imports, re-exports, import(), require(). */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The source files under a folder, at any depth. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs|cjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
