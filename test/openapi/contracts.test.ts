// Repo-wide checks of every area's bundled contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AreaName } from '@platform-contracts/contracts';
import { generateTypes } from '../../scripts/generate.ts';
import { OPENAPI_DIR, generatedPath } from '../../scripts/lib/paths.ts';
import { resolveRef, listAreas, loadBundle, operationsOf, validateAt, type Json } from '../support/openapi.ts';

const areas = listAreas();

const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Every media type with a schema: request bodies and responses, with where its schema sits. */
function mediaTypes(area: AreaName) {
  const document = loadBundle(area);
  return operationsOf(area).flatMap(({ path, method, operationId, source: operation }) => {
    const found: { where: string; media: Json; schemaPointer: string }[] = [];
    const add = (where: string, holder: Json, holderPointer: string[]) => {
      const owner = holder?.$ref ? resolveRef(document, holder) : holder;
      const base = holder?.$ref ? holder.$ref.slice(2).split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~')) : holderPointer;
      for (const [type, media] of Object.entries(owner?.content ?? {}) as [string, Json][]) {
        if (media.schema) found.push({ where: `${operationId} ${where} ${type}`, media, schemaPointer: pointer(...base, 'content', type, 'schema') });
      }
    };
    if (operation.requestBody) add('request', operation.requestBody, ['paths', path, method, 'requestBody']);
    for (const [status, response] of Object.entries(operation.responses ?? {})) add(`response ${status}`, response, ['paths', path, method, 'responses', status]);
    return found;
  });
}

describe.each(areas)('the %s contract', (area) => {
  const document = loadBundle(area);

  it('has a named example for every request body and every response with a body', () => {
    const missing = mediaTypes(area).filter(({ media }) => Object.keys(media.examples ?? {}).length === 0).map((m) => m.where);
    expect(missing).toEqual([]);
  });

  it('has examples that validate against their schemas', () => {
    const failures = mediaTypes(area).flatMap(({ where, media, schemaPointer }) =>
      Object.entries(media.examples ?? {}).flatMap(([name, example]) => {
        const value = resolveRef(document, example).value;
        if (typeof value === 'string' && media.schema.type === 'string') return [];
        return validateAt(area, schemaPointer, value).map((error) => `${where} example "${name}": ${error}`);
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
