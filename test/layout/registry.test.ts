// One registry of areas (the folders under openapi/, generated as AREAS in @platform-contracts/contracts);
// every other place that lists areas is checked against it here. A new area missing from any
// of them fails its row, naming the place.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlatformClient } from '@platform-contracts/client';
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AREA_BEHAVIOURS } from '../../packages/mock/src/areas/index.ts';
import { listAreas, ROOT } from '../../scripts/lib/paths.ts';
import { largestInputs } from '../support/largest-inputs.ts';
import { loadBundle } from '../support/openapi.ts';
import { pairedExamples } from '../support/paired-examples.ts';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readJson = (file: string) => JSON.parse(read(file));
const exists = (file: string) => existsSync(path.join(ROOT, file));

/** The areas whose @platform-contracts/contracts/<area> subpath resolves to an existing file, under the given conditions (node's own resolver). */
function resolvingContractSubpaths(conditions: string[]): string[] {
  const script = `for (const area of ${JSON.stringify(AREAS)}) { try { console.log(area + ' ' + import.meta.resolve('@platform-contracts/contracts/' + area)); } catch {} }`;
  const run = spawnSync(process.execPath, [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return run.stdout
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([, url]) => url && existsSync(fileURLToPath(url)))
    .map(([area]) => area!);
}

const isArea = (name: string) => (AREAS as readonly string[]).includes(name);

/**
 * Derived place -> the areas it has. `exactly`: the place lists areas only, so an area it has
 * that the registry lacks (a removed or misspelt one) fails too; `includes`: the place also
 * holds other things (the client's entry points, `databaseTokens`), so only missing areas fail.
 */
const PLACES: [place: string, kind: 'exactly' | 'includes', areasIn: () => string[]][] = [
  ['the folders under openapi/ holding an openapi.yaml (the source of the registry)', 'exactly', () => listAreas()],
  [
    'redocly.yaml apis, each with its root and its bundle in packages/contracts/bundles/',
    'exactly',
    () =>
      Object.entries(parse(read('redocly.yaml')).apis as Record<string, { root: string; output: string }>)
        .filter(([area, api]) => api.root === `openapi/${area}/openapi.yaml` && api.output === `packages/contracts/bundles/${area}.yaml`)
        .map(([area]) => area),
  ],
  [
    "the contracts' property casing (info.x-property-casing, read by the property-casing lint rule)",
    'includes',
    () => AREAS.filter((area) => loadBundle(area).info['x-property-casing']?.style),
  ],
  [
    '@platform-contracts/contracts generated types (src/generated/<area>.ts)',
    'includes',
    () => AREAS.filter((area) => exists(`packages/contracts/src/generated/${area}.ts`)),
  ],
  ['@platform-contracts/contracts/<area> from the sources (development condition)', 'includes', () => resolvingContractSubpaths(['development'])],
  ['@platform-contracts/contracts/<area> from the built package (dist/)', 'includes', () => resolvingContractSubpaths([])],
  [
    '@platform-contracts/client package.json exports (./<area>)',
    'includes',
    () => Object.keys(readJson('packages/client/package.json').exports).map((key) => key.replace(/^\.\/?/, '')),
  ],
  [
    '@platform-contracts/client src/<area>.ts (generated from the contract)',
    'includes',
    () => AREAS.filter((area) => exists(`packages/client/src/${area}.ts`)),
  ],
  [
    "@platform-contracts/client's generated int64 reader (src/generated/int64/<area>.ts)",
    'includes',
    () => AREAS.filter((area) => exists(`packages/client/src/generated/int64/${area}.ts`)),
  ],
  [
    '@platform-contracts/client index re-exporting the types of @platform-contracts/contracts/<area>',
    'exactly',
    () => [...read('packages/client/src/index.ts').matchAll(/from '@platform-contracts\/contracts\/([^']+)'/g)].map((m) => m[1]!),
  ],
  ['createPlatformClient() properties', 'includes', () => Object.keys(createPlatformClient({ accessKey: 'registry-test' }))],
  ['the mock’s areas (packages/mock/src/areas/index.ts)', 'exactly', () => AREA_BEHAVIOURS.map((area) => area.name)],
  [
    'the paired examples sent to the mock (test/openapi/contracts.test.ts)',
    'includes',
    () => AREAS.filter((area) => operationsOf(area).some((operation) => pairedExamples(loadBundle(area), operation).length > 0)),
  ],
  [
    'the largest inputs (test/mock/areas/work-bounds.test.ts, from test/support/largest-inputs.ts)',
    'includes',
    () => AREAS.filter((area) => largestInputs(area, 1024, 'registry-test').length > 0),
  ],
  [
    'the reference site (dist/docs/index.html links a page of each area)',
    'includes',
    () => {
      if (!exists('dist/docs/index.html')) throw new Error('dist/docs/index.html is missing: run `pnpm build` first');
      const links = [...read('dist/docs/index.html').matchAll(/href="([^"#?]+)/g)].map((m) => m[1]!);
      return AREAS.filter((area) => links.some((link) => path.basename(link).replace(/\.html$/, '') === area || link.split('/').includes(area)));
    },
  ],
];

describe('every list of areas is the registry', () => {
  it.each(PLACES)('%s (%s the areas)', (_place, kind, areasIn) => {
    const found = new Set(areasIn());
    expect(
      AREAS.filter((area) => !found.has(area)),
      'areas missing here',
    ).toEqual([]);
    if (kind === 'exactly')
      expect(
        [...found].filter((name) => !isArea(name)),
        'not areas of the registry',
      ).toEqual([]);
  });
});
