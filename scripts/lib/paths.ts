import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const OPENAPI_DIR = path.join(ROOT, 'openapi');
export const CONTRACTS_DIR = path.join(ROOT, 'packages/contracts');
export const BUNDLE_DIR = path.join(CONTRACTS_DIR, 'bundles');
export const DOCS_DIR = path.join(ROOT, 'dist/docs');
export const GENERATED_DIR = path.join(CONTRACTS_DIR, 'src/generated');
/** Cassettes recorded from the platform (`pnpm parity record`), and the stand-in's (test equipment, never counted as the platform's). */
export const PLATFORM_CASSETTES = path.join(ROOT, 'parity/cassettes');
export const STAND_IN_CASSETTES = path.join(ROOT, 'test/parity/cassettes');
/** Where the inputs of the last build are recorded (see lib/build/freshness.ts); tests point it elsewhere. */
export const BUILD_RECORD = process.env.PLATFORM_BUILD_RECORD ?? path.join(ROOT, 'dist/.build-record.json');

/** Every area: a folder under openapi/ that holds an openapi.yaml root. */
export function listAreas(): string[] {
  return readdirSync(OPENAPI_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(OPENAPI_DIR, entry.name, 'openapi.yaml')))
    .map((entry) => entry.name)
    .sort();
}

export const bundlePath = (area: string, format: 'yaml' | 'json') => path.join(BUNDLE_DIR, `${area}.${format}`);
/** Beside an area's bundle, its negative cases as Specmatic reads them (external examples of <area>.yaml). */
export const negativeCasesDir = (area: string) => path.join(BUNDLE_DIR, `${area}_examples`);
export const generatedPath = (area: string) => path.join(GENERATED_DIR, `${area}.ts`);

/**
 * The npm scope of every package of this repository, named once: the `packageScope` field of the
 * root package.json (the pack script, the docs tests and test/layout/scope.test.ts read it).
 */
export const PACKAGE_SCOPE: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).packageScope;
/** `@scope/name` of the package in packages/<name>. */
export const scopedName = (name: string) => `${PACKAGE_SCOPE}/${name}`;
/** The file name `npm pack` and `pnpm pack` give a package's tarball: `scope-name-version.tgz`. */
export const tarballName = (name: string, version: string) => `${PACKAGE_SCOPE.slice(1)}-${name}-${version}.tgz`;
