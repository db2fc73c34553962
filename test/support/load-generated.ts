// Loads what a client generator wrote as Node loads a user's module: each TypeScript file
// transpiled alone (TypeScript drops the types and checks nothing, as a bundler's transpile does),
// written as an ES module, and imported by Node itself, so that the module is parsed in strict
// mode by V8 (a duplicate parameter name throws its SyntaxError here, as it would for a user).
// vitest's own module runner is bypassed: it would transform the file first, and a transform
// (esbuild's) refuses some such code with its own message, which no user of the generator sees.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

// Node's own loader, which vitest does not replace: require() of an ES module (Node 20.19+, 22.12+).
const nativeRequire = createRequire(import.meta.url);

/** `./x` written without an extension (swagger-typescript-api, typed-openapi write none; hey-api writes `.js`) resolved as Node needs it. */
function withExtension(specifier: string, from: string): string {
  if (!specifier.startsWith('.') || /\.(m?js|json)$/.test(specifier)) return specifier.replace(/\.ts$/, '.js');
  const target = path.resolve(path.dirname(from), specifier);
  return readdirSync(path.dirname(target)).includes(`${path.basename(target)}.ts`) ? `${specifier}.js` : `${specifier}/index.js`;
}

/**
 * Transpiles every .ts file under `folder` into `into` (mirroring its layout), then imports `entry`
 * (relative to the folder) with Node. `into` is inside the repository, so that the packages the
 * generated code imports (openapi-zod-client's `@zodios/core` and `zod`) resolve to its
 * devDependencies, as they would in the user's project.
 */
export function loadGenerated(folder: string, into: string, entry: string): Record<string, unknown> {
  const files = readdirSync(folder, { withFileTypes: true, recursive: true }).filter((file) => file.isFile() && file.name.endsWith('.ts'));
  for (const file of files) {
    const source = path.join(file.parentPath, file.name);
    const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
      fileName: source,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false, isolatedModules: true },
    });
    const written = path.join(into, path.relative(folder, source)).replace(/\.ts$/, '.js');
    mkdirSync(path.dirname(written), { recursive: true });
    writeFileSync(
      written,
      outputText.replace(/(from\s+|import\()(['"])(\.[^'"]*)\2/g, (_, lead: string, quote: string, specifier: string) => {
        return `${lead}${quote}${withExtension(specifier, source)}${quote}`;
      }),
    );
  }
  writeFileSync(path.join(into, 'package.json'), '{"type":"module"}\n');
  return nativeRequire(path.join(into, entry.replace(/\.ts$/, '.js'))) as Record<string, unknown>;
}
