// Repo-wide checks of every area's bundled contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AreaName } from '@platform-contracts/contracts';
import { generateTypes } from '../../scripts/generate.ts';
import { OPENAPI_DIR, generatedPath } from '../../scripts/lib/paths.ts';
import { listAreas, loadBundle, operationsOf, validateAt, type Json } from '../support/openapi.ts';

const areas = listAreas();

/** Every media type with a schema: request bodies and responses, from the contracts' model (which says where each schema sits). */
function mediaTypes(area: AreaName) {
  return operationsOf(area).flatMap(({ operationId, requestBody, responses }) => [
    ...(requestBody?.content ?? []).map((media) => ({ where: `${operationId} request ${media.type}`, media })),
    ...Object.values(responses).flatMap(({ status, content }) => content.map((media) => ({ where: `${operationId} response ${status} ${media.type}`, media }))),
  ]).filter(({ media }) => media.schemaPointer !== undefined);
}

describe.each(areas)('the %s contract', (area) => {
  const document = loadBundle(area);

  it('has a named example for every request body and every response with a body', () => {
    const missing = mediaTypes(area).filter(({ media }) => Object.keys(media.examples).length === 0).map((m) => m.where);
    expect(missing).toEqual([]);
  });

  it('has examples that validate against their schemas', () => {
    const failures = mediaTypes(area).flatMap(({ where, media }) =>
      Object.entries(media.examples).flatMap(([name, value]) => {
        if (typeof value === 'string' && (media.schema as Json).type === 'string') return [];
        return validateAt(area, media.schemaPointer!, value).map((error) => `${where} example "${name}": ${error}`);
      }),
    );
    expect(failures).toEqual([]);
  });

  it('has generated types that match the contract', async () => {
    const committed = readFileSync(generatedPath(area), 'utf8');
    expect(committed === (await generateTypes(area)), `${generatedPath(area)} is stale: run pnpm generate`).toBe(true);
  });

  it('uses only x- fields listed in openapi/EXTENSIONS.md', () => {
    const listed = new Set([...readFileSync(path.join(OPENAPI_DIR, 'EXTENSIONS.md'), 'utf8').matchAll(/^\| `(x-[\w-]+)`/gm)].map((m) => m[1]));
    const used = new Set<string>();
    const walk = (node: Json) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) used.add(key);
        walk(value);
      }
    };
    walk(document);
    expect([...used].filter((field) => !listed.has(field))).toEqual([]);
  });
});

describe('across areas', () => {
  it('has unique operationIds', () => {
    const ids = areas.flatMap((area) => operationsOf(area).map((op) => op.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has paths that no two areas share', () => {
    const paths = areas.flatMap((area) => Object.keys(loadBundle(area).paths ?? {}));
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
