// What CONTRIBUTING.md asks of every area and every operation, checked where a missing piece is
// cheapest to see: each failure names the operation and the file to edit. (Lint names the
// file and line for its own rules: summaries, security, error answers, property casing;
// test/openapi/contracts.test.ts the pairing of examples; layout/registry.test.ts and
// layout/area-lists.test.ts the lists of areas.) An area's client is generated from its contract.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, operationsOf } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { AREA_BEHAVIOURS } from '../../packages/mock/src/areas/index.ts';
import { OPENAPI_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { sourceOf } from '../support/openapi.ts';

const operations = AREAS.flatMap((area) => operationsOf(area).map((operation) => [`${area} ${operation.operationId}`, operation] as const));

describe('every operation', () => {
  it.each(operations)('%s says what the mock does with state (x-mock-state)', (_name, operation) => {
    const text = operation.extensions['x-mock-state'];
    expect(
      typeof text === 'string' && text.trim().length > 0,
      `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) has no x-mock-state: add it to the operation in ${sourceOf(operation.area, operation.path, operation.method)} (see openapi/EXTENSIONS.md)`,
    ).toBe(true);
  });

  it.each(operations)('%s has a TypeScript sample', (_name, operation) => {
    const sample = path.join('openapi', operation.area, 'samples', `${operation.operationId}.ts`);
    expect(existsSync(path.join(ROOT, sample)), `${operation.operationId} has no TypeScript sample: write ${sample} (copy one of openapi/dns/samples/)`).toBe(
      true,
    );
  });
});

describe('every area', () => {
  const assumptions = readFileSync(path.join(OPENAPI_DIR, 'ASSUMPTIONS.md'), 'utf8');

  it.each(AREAS.map((area) => [area]))('%s has its section in openapi/ASSUMPTIONS.md', (area) => {
    const title = String((JSON.parse(readFileSync(path.join(ROOT, 'packages/contracts/bundles', `${area}.json`), 'utf8')).info as { title: string }).title);
    const heading = `## Sources for ${title.replace(/ API$/, '')}`;
    expect(
      assumptions.includes(`\n${heading}\n`),
      `the ${area} area has no section in openapi/ASSUMPTIONS.md: add "${heading}" listing where its assumptions (x-assumed) come from`,
    ).toBe(true);
  });

  it.each(AREAS.map((area) => [area]))('%s has its mock behaviour, named after it', (area) => {
    const file = `packages/mock/src/areas/${area}.ts`;
    expect(
      existsSync(path.join(ROOT, file)),
      `the ${area} area has no mock behaviour: write ${file} (defineArea<'${area}'>()({ name: '${area}', ... }), copy packages/mock/src/areas/dns.ts), then run pnpm generate`,
    ).toBe(true);
    expect(
      AREA_BEHAVIOURS.map((behaviour) => behaviour.name as string),
      `${file} must define the area named '${area}'; if it does, run pnpm generate`,
    ).toContain(area);
  });
});
