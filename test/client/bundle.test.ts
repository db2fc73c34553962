// Every entry point bundles for the browser without Node built-ins, one area's subpath pulls in
// no other area, and one area's runtime stays within 8 kB minified and gzipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const CLIENT = path.join(ROOT, 'packages/client');
const exportsMap = JSON.parse(readFileSync(path.join(CLIENT, 'package.json'), 'utf8')).exports as Record<string, { import?: string }>;
const entries = Object.entries(exportsMap)
  .filter(([, target]) => typeof target === 'object' && target.import)
  .map(([subpath]) => `@platform-contracts/client${subpath.slice(1)}`);
const areas = entries.map((entry) => entry.split('/')[2]).filter((area): area is string => area !== undefined);

/** Records every import of a Node built-in instead of failing on the first. */
function nodeBuiltins(found: string[]): Plugin {
  return {
    name: 'node-builtins',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^node:|^(fs|path|os|crypto|http|https|net|tls|stream|util|url|zlib|buffer|events|child_process)$/ }, (args) => {
        found.push(`${args.path} (from ${path.relative(ROOT, args.importer)})`);
        return { path: args.path, external: true };
      });
    },
  };
}

async function bundle(source: string) {
  const builtins: string[] = [];
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [nodeBuiltins(builtins)],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.relative(CLIENT, path.resolve(ROOT, input)));
  return { builtins, inputs, gzipped: gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length };
}

describe.each(entries)('%s', (entry) => {
  it('bundles for the browser with no Node built-in', async () => {
    const { builtins } = await bundle(`export * from '${entry}';`);
    expect(builtins).toEqual([]);
  });
});

describe.each(areas)('the %s subpath', (area) => {
  it('pulls in no other area and stays within 8 kB min+gzip', async () => {
    const { inputs, gzipped } = await bundle(`export * from '@platform-contracts/client/${area}';`);
    const areaFiles = inputs.filter((input) => /^dist\/[a-z-]+\.js$/.test(input)).map((input) => path.basename(input, '.js'));
    expect(areaFiles.filter((name) => !name.startsWith(area))).toEqual([]);
    expect(gzipped).toBeLessThanOrEqual(8 * 1024);
  });
});

it('would notice a Node built-in', async () => {
  const { builtins } = await bundle(`import { readFileSync } from 'node:fs'; export const f = readFileSync;`);
  expect(builtins).toEqual(['node:fs (from <stdin>)']);
});
