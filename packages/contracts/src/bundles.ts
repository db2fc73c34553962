// Where the bundled contracts live (the package's bundles/ folder, written by `pnpm bundle`)
// and how to read them. Resolved from this file, so it works from src/ and from dist/ alike.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, type AreaName } from './generated/areas.ts';

/** The folder holding every area's bundle, <area>.yaml and <area>.json. */
export const BUNDLE_DIR = fileURLToPath(new URL('../bundles', import.meta.url));

/** An area's bundle cannot be used: unknown area, missing file, or not an OpenAPI document. The message is one line naming the file and what to run. */
export class BundleError extends Error {
  override name = 'BundleError';
}

export function isAreaName(value: unknown): value is AreaName {
  return (AREAS as readonly unknown[]).includes(value);
}

export interface BundleOptions {
  /** Folder to read from instead of the package's bundles/. */
  dir?: string;
}

/** The file of an area's bundled contract in one format (the format is always named: the JSON bundle is what code reads, the YAML one what people read). */
export function bundlePath(area: AreaName, format: 'json' | 'yaml', { dir = BUNDLE_DIR }: BundleOptions = {}): string {
  if (!isAreaName(area)) throw new BundleError(`unknown area ${JSON.stringify(area)}; the areas are ${AREAS.join(', ')}`);
  return path.join(dir, `${area}.${format}`);
}

/** An area's bundled contract, parsed from its JSON bundle. */
export function readBundle(area: AreaName, options: BundleOptions = {}): Record<string, unknown> {
  const file = bundlePath(area, 'json', options);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BundleError(
      code === 'ENOENT' ? `${file} is missing: run \`pnpm bundle\` first` : `${file} cannot be read (${code ?? 'unknown error'}): run \`pnpm bundle\` again`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new BundleError(`${file} is not valid JSON (${(error as Error).message.split('\n')[0]}): run \`pnpm bundle\` again`);
  }
  if (!document || typeof document !== 'object' || Array.isArray(document) || typeof (document as { openapi?: unknown }).openapi !== 'string') {
    throw new BundleError(`${file} is not an OpenAPI document: run \`pnpm bundle\` again`);
  }
  return document as Record<string, unknown>;
}
