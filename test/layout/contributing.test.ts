// CONTRIBUTING.md's steps for adding an area stay true: every repository path they name exists,
// and every path written with <area> exists for each area of the registry.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '@platform-contracts/contracts';
import { ROOT } from '../../scripts/lib/paths.ts';

const text = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const steps = text.slice(text.indexOf('## Adding an area'), text.indexOf('\n## ', text.indexOf('## Adding an area') + 1));

/** Repository paths written in backticks in the steps (inside longer code too), placeholders other than <area> left out. */
const PATHS = [...new Set([...steps.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1]!.split(/[\s,{}()'"]+/)))]
  .filter((token) => /^(openapi|packages|test|scripts)\/|^(redocly\.yaml|\.spectral\.yaml)$/.test(token))
  .filter((token) => !/<(?!area>)[^>]+>/.test(token));

describe('CONTRIBUTING.md, adding an area', () => {
  it('names the places an area lives in', () => {
    expect(PATHS).toEqual(expect.arrayContaining(['openapi/<area>/', 'openapi/ASSUMPTIONS.md', '.spectral.yaml', 'packages/client/src/<area>.ts', 'packages/mock/src/areas/<area>.ts', 'test/contract/<area>.test.ts']));
  });

  it.each(PATHS.filter((p) => !p.includes('<area>')).map((p) => [p]))('%s exists', (file) => {
    expect(existsSync(path.join(ROOT, file)), `CONTRIBUTING.md names ${file}, which does not exist: fix the name in CONTRIBUTING.md`).toBe(true);
  });

  it.each(PATHS.filter((p) => p.includes('<area>')).map((p) => [p]))('%s exists for every area', (pattern) => {
    const missing = AREAS.filter((area) => !existsSync(path.join(ROOT, pattern.replaceAll('<area>', area))));
    expect(missing, `write ${missing.map((area) => pattern.replaceAll('<area>', area)).join(', ')} (CONTRIBUTING.md, adding an area)`).toEqual([]);
  });
});
