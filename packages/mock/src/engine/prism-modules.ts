// Prism's modules, loaded in pieces. Requiring @stoplight/prism-http evaluates about a hundred
// packages in one synchronous call (300 to 600 ms), which would hold the thread that answers
// requests. The background warm-up instead requires each package of its dependency tree, and
// each file of a package, on its own, dependencies first, and yields between pieces, so requests are answered in between; the
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
 * A require of a literal name on a line that starts at its first column, as compilers write a
 * module's own requires: what a file needs as it loads, not what a function may require later
 * (a browser-only branch, an optional engine), which stays unevaluated until asked for.
 */
const TOP_LEVEL_REQUIRE = /^(?=\S).*?\brequire\(\s*["']([^"'\s]+)["']\s*\)/gm;
/** The package a bare specifier names, and whether it names a file in it (`lodash/fp`, `@scope/pkg/file`). */
function packageOf(specifier: string): { name: string; subpath: boolean } {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, length).join('/'), subpath: parts.length > length };
}
const SCRIPT = /\.c?js$/;

/**
 * The entry files of the package `name` (resolved from `from`) and of every package it depends
 * on, each once, dependencies before their dependents, and the files each file requires at its
 * top level (its package's, or a dependency's such as `lodash/fp`), each before the files that
 * require it, except inside a cycle (a package's entry alone evaluated its whole package at once:
 * Prism's took 53 to 67 ms); `skip` names packages left out (loaded otherwise). Yields after
 * each package read and each file read.
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
    await visitFilesOf(file);
    order.push(file);
  }
  /** Files being walked, outermost first: a require of one of them closes a cycle. */
  const stack: string[] = [];
  /** Files inside a cycle, left to the require that starts it (Node breaks a cycle where it was entered). */
  const inCycle = new Set<string>();
  /**
   * The files `file` requires at its top level, each before the files that require it: its own
   * package's files, and files of the packages its package depends on (`lodash/fp`); whole
   * packages are pieces of their own (visit).
   */
  async function visitFilesOf(file: string) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    const dependencies = manifestOf(file, manifests)?.dependencies ?? {};
    stack.push(file);
    for (const [, specifier] of text.matchAll(TOP_LEVEL_REQUIRE)) {
      if (!specifier!.startsWith('.')) {
        const named = packageOf(specifier!);
        if (!named.subpath || !(named.name in dependencies) || skip.has(named.name)) continue;
      }
      let inner: string;
      try {
        inner = createRequire(file).resolve(specifier!);
      } catch {
        continue;
      }
      const open = stack.indexOf(inner);
      if (open >= 0) for (const member of stack.slice(open + 1)) inCycle.add(member);
      if (seen.has(inner) || !SCRIPT.test(inner)) continue;
      seen.add(inner);
      await pause();
      await visitFilesOf(inner);
      if (!inCycle.has(inner)) order.push(inner);
    }
    stack.pop();
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
