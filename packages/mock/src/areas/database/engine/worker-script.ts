// Where the engine's thread scripts are: beside the built module, or bundled once from the
// TypeScript sources (the repository's tests) with esbuild.
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ENTRIES = { worker: 'worker', supervisor: 'supervisor-thread' } as const;

/**
 * The scripts of the engine's worker and supervisor threads. Built, they sit beside this module;
 * from the TypeScript sources (the repository's tests), they are bundled once per process with
 * esbuild into a cache folder of the package, where @sqlite.org/sqlite-wasm still resolves.
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
    const { build } = await import('esbuild');
    const built = async (entry: string) => {
      const outfile = fileURLToPath(new URL(`../../../../node_modules/.cache/platform-mock/engine-${entry}-${process.pid}.mjs`, import.meta.url));
      if (!existsSync(outfile)) {
        await build({
          entryPoints: [fileURLToPath(new URL(`./${entry}.ts`, import.meta.url))],
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          external: ['@sqlite.org/sqlite-wasm'],
          outfile,
          logLevel: 'silent',
        });
        process.once('exit', () => rmSync(outfile, { force: true }));
      }
      return outfile;
    };
    const [worker, supervisor] = await Promise.all([built(ENTRIES.worker), built(ENTRIES.supervisor)]);
    return { worker, supervisor };
  })();
  return scripts;
}
