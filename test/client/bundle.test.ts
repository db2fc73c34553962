// What an application bundles (bench/lib/client-size.ts measures it as esbuild does): every entry
// point builds for the browser without Node built-ins; one area's subpath pulls in no other area;
// one area's client costs at most 5 kB minified and gzipped up front, alone and as a bundler
// splits it into chunks, and with the direct path its first call loads (the database's SQL pipeline client its own bound, OWN_LIMITS); and the
// exact JSON of `int64: 'bigint'` (lossless-json) is loaded only by a client that asks for it,
// never up front.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '@platform-contracts/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientFactories, firstCallBytes, limitOf, type Measured, measure, measureAreaClients, measureSplit, OWN_LIMITS } from '../../bench/lib/client-size.ts';
import { ROOT } from '../../scripts/lib/paths.ts';

const exportsMap = JSON.parse(readFileSync(path.join(ROOT, 'packages/client/package.json'), 'utf8')).exports as Record<string, unknown>;
const entries = Object.keys(exportsMap)
  .filter((subpath) => subpath !== './package.json')
  .map((subpath) => `@platform-contracts/client${subpath.slice(1)}`);

/** Files of the exact JSON reader: never loaded up front. */
const exactJson = (inputs: string[]) => inputs.filter((input) => /lossless-json|exact-json|exact-int64|generated\/int64\//.test(input));

let sizes: Map<string, { clients: Map<string, Measured>; subpath: Measured }>;
beforeAll(async () => {
  sizes = await measureAreaClients();
}, 120_000);

it('has an entry point per area, and the index', () => {
  expect(entries.sort()).toEqual(['@platform-contracts/client', ...AREAS.map((area) => `@platform-contracts/client/${area}`)].sort());
});

describe.each(entries)('%s', (entry) => {
  it('bundles for the browser with no Node built-in, up front or loaded later', async () => {
    const { builtins } = await measure(`export * from '${entry}';`);
    expect(builtins).toEqual([]);
  });
});

const factories = await Promise.all(AREAS.map(async (area) => [area, await clientFactories(area)] as const));

describe.each(factories.flatMap(([area, names]) => names.map((factory) => [area, factory, limitOf(factory)] as const)))(
  'the %s client %s',
  (area, factory, limit) => {
    it(`costs at most ${limit} bytes up front`, () => {
      expect(sizes.get(area)!.clients.get(factory)!.gzipped).toBeLessThanOrEqual(limit);
    });

    // Every call needs the direct path, loaded by the first: the bound holds for both together too.
    it.skipIf(factory in OWN_LIMITS)(`has loaded at most ${limit} bytes by its first call without middleware`, () => {
      expect(firstCallBytes(sizes.get(area)!.clients.get(factory)!)).toBeLessThanOrEqual(limit);
    });

    it('loads the exact JSON of int64: bigint only on demand', () => {
      expect(exactJson(sizes.get(area)!.clients.get(factory)!.inputs)).toEqual([]);
    });

    // As an application's bundler splits it (esbuild --splitting): a module the up-front code shares
    // with an on-demand one becomes a chunk of its own, loaded up front too.
    it(`costs at most ${limit} bytes up front when split into chunks`, async () => {
      const { gzipped } = await measureSplit(`export { ${factory} } from '@platform-contracts/client/${area}';`);
      expect(gzipped).toBeLessThanOrEqual(limit);
    });
  },
);

it('measures a client for every area', () => {
  expect(factories.filter(([, names]) => names.length === 0).map(([area]) => area)).toEqual([]);
});

describe.each(AREAS.map((area) => [area]))('the %s subpath', (area) => {
  it('pulls in no other area', () => {
    const { subpath } = sizes.get(area)!;
    const areaFiles = [...subpath.inputs, ...subpath.lazy.flatMap((chunk) => chunk.inputs)]
      .filter((input) => /^packages\/client\/dist\/([a-z-]+|domain\/[a-z-]+|generated\/(enums|int64)\/[a-z-]+)\.js$/.test(input))
      .map((input) => path.basename(input, '.js'));
    expect(areaFiles.filter((name) => name !== area)).toEqual([]);
  });

  it('loads the exact JSON of int64: bigint only on demand', () => {
    const { subpath } = sizes.get(area)!;
    expect(exactJson(subpath.inputs)).toEqual([]);
    expect(exactJson(subpath.lazy.flatMap((chunk) => chunk.inputs))).toEqual(expect.arrayContaining([expect.stringMatching(/^lossless-json\//)]));
  });
});

describe('the measure', () => {
  it('notices a Node built-in', async () => {
    const { builtins } = await measure(`import { readFileSync } from 'node:fs'; export const f = readFileSync;`);
    expect(builtins).toEqual(['node:fs (from <stdin>)']);
  });

  it('counts a chunk shared with an on-demand module as up front when split', async () => {
    const shared = `import { parseExactJson } from '@platform-contracts/contracts/exact-json'; export const parse = parseExactJson; export const load = () => import('@platform-contracts/contracts/exact-json');`;
    const apart = `export const load = () => import('@platform-contracts/contracts/exact-json');`;
    const [together, alone] = await Promise.all([measureSplit(shared), measureSplit(apart)]);
    expect(together.chunks).toBe(2);
    expect(alone.chunks).toBe(1);
    expect(together.gzipped).toBeGreaterThan(alone.gzipped + 1000);
  });

  it('counts what is imported up front, and what import() loads apart', async () => {
    const upFront = await measure(`export { parseExactJson } from '@platform-contracts/contracts/exact-json';`);
    const onDemand = await measure(`export const load = () => import('@platform-contracts/contracts/exact-json');`);
    expect(exactJson(upFront.inputs)).not.toEqual([]);
    expect(upFront.gzipped).toBeGreaterThan(onDemand.gzipped + 1000);
    expect(exactJson(onDemand.inputs)).toEqual([]);
    expect(onDemand.lazy.map((chunk) => chunk.target)).toEqual([expect.stringMatching(/exact-json/)]);
  });
});
