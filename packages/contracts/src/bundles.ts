// Where the bundled contracts live (the package's bundles/ folder, written by `pnpm bundle`)
// and how to read them. Resolved from this file, so it works from src/ and from dist/ alike.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder holding every area's bundle, <area>.yaml and <area>.json. */
export const BUNDLE_DIR = fileURLToPath(new URL('../bundles/', import.meta.url));

/** The file of an area's bundled contract. */
export function bundlePath(area: string, format: 'json' | 'yaml' = 'json'): string {
  return fileURLToPath(new URL(`../bundles/${area}.${format}`, import.meta.url));
}

/** An area's bundle could not be read: missing or not JSON. The message is one line naming the file and what to run. */
export class BundleError extends Error {
  override name = 'BundleError';
}

/** An area's bundled contract, parsed (the JSON bundle). */
export function readBundle(area: string): Record<string, unknown> {
  const file = bundlePath(area, 'json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BundleError(
      code === 'ENOENT' ? `${file} is missing: run \`pnpm bundle\` first` : `${file} cannot be read (${code ?? String(error)}): run \`pnpm bundle\` again`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new BundleError(`${file} is not valid JSON (${(error as Error).message.split('\n')[0]}): run \`pnpm bundle\` again`);
  }
  if (!document || typeof document !== 'object' || Array.isArray(document) || !('openapi' in document)) {
    throw new BundleError(`${file} is not an OpenAPI document: run \`pnpm bundle\` again`);
  }
  return document as Record<string, unknown>;
}
