// Where the engine's thread scripts are: beside the built module, or bundled from the TypeScript
// sources (the repository's tests) with esbuild.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

export const ENTRIES = { worker: 'worker', supervisor: 'supervisor-thread' } as const;

/**
 * The scripts of the engine's worker and supervisor threads. Built, they sit beside this module;
 * from the TypeScript sources (the repository's tests), they are bundled once per process into a
 * cache folder of the package, where @libsql/libsql-wasm-experimental still resolves.
 */
let scripts: Promise<{ worker: string; supervisor: string }> | undefined;
export function workerScripts(): Promise<{ worker: string; supervisor: string }> {
  scripts ??= (async () => {
    if (!import.meta.url.endsWith('.ts')) {
      return {
        worker: fileURLToPath(new URL(`./${ENTRIES.worker}.js`, import.meta.url)),
        supervisor: fileURLToPath(new URL(`./${ENTRIES.supervisor}.js`, import.meta.url)),
      };
    }
    const cache = fileURLToPath(new URL('../../../../../node_modules/.cache/platform-mock', import.meta.url));
    const built = (entry: string) => bundledScript(fileURLToPath(new URL(`./${entry}.ts`, import.meta.url)), cache);
    const [worker, supervisor] = await Promise.all([built(ENTRIES.worker), built(ENTRIES.supervisor)]);
    return { worker, supervisor };
  })();
  return scripts;
}

/**
 * Bundles `entry` into `cache`, in a file named by its content: a bundle is never taken for
 * another version of the sources. (A name per process id was: a process killed before its exit
 * hook left its bundle, and a later process given the same id ran those old sources.) Processes
 * that bundle the same sources at once write the same bytes, each through a file of its own
 * renamed into place.
 */
export async function bundledScript(entry: string, cache: string): Promise<string> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@libsql/libsql-wasm-experimental'],
    outfile: path.join(cache, 'bundle.mjs'),
    write: false,
    logLevel: 'silent',
  });
  const text = outputFiles[0]!.contents;
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const outfile = path.join(cache, `${path.basename(entry, '.ts')}-${digest}.mjs`);
  if (!existsSync(outfile)) {
    mkdirSync(cache, { recursive: true });
    const partial = `${outfile}.${process.pid}-${threadId}.partial`;
    writeFileSync(partial, text);
    renameSync(partial, outfile);
  }
  return outfile;
}
