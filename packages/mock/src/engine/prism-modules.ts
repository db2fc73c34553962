// Prism's modules, loaded in pieces. Requiring @stoplight/prism-http evaluates about a hundred
// packages in one synchronous call (300 to 600 ms), which would hold the thread that answers
// requests. The background warm-up instead requires each package of its dependency tree on its
// own, dependencies first, and yields between pieces, so requests are answered in between; the
// final import then finds every module in the cache.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Gives way to whatever waits (requests): resolves on a later turn of the event loop. */
export type Yield = () => Promise<void>;
export const nextTurn: Yield = () => new Promise((resolve) => setImmediate(resolve));

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
}

/** The package.json that names the package holding `file`. */
function manifestOf(file: string, cache: Map<string, Manifest | undefined>): Manifest | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (cache.has(dir)) return cache.get(dir);
    let manifest: Manifest | undefined;
    try {
      manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
    } catch {
      continue;
    }
    if (manifest.name === undefined) continue; // a folder's `{ "type": "module" }`, not a package
    cache.set(dir, manifest);
    return manifest;
  }
  return undefined;
}

/**
 * The entry files of the package `name` (resolved from `from`) and of every package it depends
 * on, each once, dependencies before their dependents; `skip` names packages left out (loaded
 * otherwise). Yields after each package read.
 */
export async function entriesInLoadOrder(from: string, name: string, skip: ReadonlySet<string>, pause: Yield): Promise<string[]> {
  const seen = new Set<string>();
  const manifests = new Map<string, Manifest | undefined>();
  const order: string[] = [];
  async function visit(requiredFrom: string, dependency: string) {
    if (skip.has(dependency)) return;
    let file: string;
    try {
      file = createRequire(requiredFrom).resolve(dependency);
    } catch {
      return; // an optional dependency not installed, or one without a CommonJS entry
    }
    if (!path.isAbsolute(file) || seen.has(file)) return;
    seen.add(file);
    const manifest = manifestOf(file, manifests);
    await pause();
    for (const next of Object.keys(manifest?.dependencies ?? {})) await visit(file, next);
    order.push(file);
  }
  await visit(from, name);
  return order;
}

/**
 * Requires each entry of `name`'s dependency tree on its own turn (see entriesInLoadOrder);
 * returns how many pieces it loaded. A piece that fails to load is left to the real import,
 * which reports it.
 */
export async function loadInPieces(from: string, name: string, skip: ReadonlySet<string>, pause: Yield): Promise<number> {
  const entries = await entriesInLoadOrder(from, name, skip, pause);
  const require = createRequire(from);
  for (const entry of entries) {
    try {
      require(entry);
    } catch {
      // an ES module or a broken package: the import that needs it says so
    }
    await pause();
  }
  return entries.length;
}
