import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const OPENAPI_DIR = path.join(ROOT, 'openapi');
export const CONTRACTS_DIR = path.join(ROOT, 'packages/contracts');
export const BUNDLE_DIR = path.join(CONTRACTS_DIR, 'bundles');
export const DOCS_DIR = path.join(ROOT, 'dist/docs');
export const GENERATED_DIR = path.join(CONTRACTS_DIR, 'src/generated');

/** Every area: a folder under openapi/ that holds an openapi.yaml root. */
export function listAreas(): string[] {
  return readdirSync(OPENAPI_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(OPENAPI_DIR, entry.name, 'openapi.yaml')))
    .map((entry) => entry.name)
    .sort();
}

export const bundlePath = (area: string, format: 'yaml' | 'json') => path.join(BUNDLE_DIR, `${area}.${format}`);
export const generatedPath = (area: string) => path.join(GENERATED_DIR, `${area}.ts`);
