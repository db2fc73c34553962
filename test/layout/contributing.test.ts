// CONTRIBUTING.md's steps for adding an area stay true: they name exactly the places a new area
// is written in by hand (everything else is generated from its contract), a layout test names
// each of those places when an area lacks it, every repository path they name exists, and every
// path written with <area> exists for each area of the registry.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS } from '@platform-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/paths.ts';

const text = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const steps = text.slice(text.indexOf('## Adding an area'), text.indexOf('\n## ', text.indexOf('## Adding an area') + 1));

/**
 * The places a new area is written in by hand, and the test that names each one an area lacks
 * (its own code is optional: the client is generated without it).
 */
const HAND_WRITTEN: Record<string, { required: boolean; namedBy?: { test: string; says: string } }> = {
  'openapi/<area>/': { required: true, namedBy: { test: 'test/layout/area-requirements.test.ts', says: 'has no TypeScript sample: write' } },
  'openapi/ASSUMPTIONS.md': { required: true, namedBy: { test: 'test/layout/area-requirements.test.ts', says: 'has no section in openapi/ASSUMPTIONS.md' } },
  'packages/mock/src/areas/<area>.ts': { required: true, namedBy: { test: 'test/layout/area-requirements.test.ts', says: 'has no mock behaviour: write' } },
  'packages/client/src/domain/<area>.ts': { required: false },
  'scripts/lib/parity/scenarios/<area>.ts': { required: true, namedBy: { test: 'test/parity/cassettes.test.ts', says: 'has no parity scenarios: write' } },
};

/** The place each numbered step names first: `1. **Its contract folder**, \`openapi/<area>/\`: ...`. */
const PLACES = [...steps.matchAll(/^\d+\. \*\*[^*]+\*\*[^`\n]*`([^`]+)`/gm)].map((m) => m[1]!);

/** Repository paths written in backticks in the steps (inside longer code too), placeholders other than <area> left out. */
const PATHS = [...new Set([...steps.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1]!.split(/[\s,{}()'"]+/)))]
  .filter((token) => /^(openapi|packages|test|scripts)\//.test(token) || /^(README\.md|redocly\.yaml|\.spectral\.yaml)$/.test(token))
  .filter((token) => !/<(?!area>)[^>]+>/.test(token));

describe('CONTRIBUTING.md, adding an area', () => {
  it('numbers exactly the places a new area is written in by hand', () => {
    expect(PLACES).toEqual(Object.keys(HAND_WRITTEN));
  });

  it.each(Object.entries(HAND_WRITTEN).flatMap(([place, { namedBy }]) => (namedBy ? [[place, namedBy.test, namedBy.says] as const] : [])))(
    'a missing %s is named by %s ("%s")',
    (_place, test, says) => {
      expect(readFileSync(path.join(ROOT, test), 'utf8')).toContain(says);
    },
  );

  it.each(PATHS.filter((p) => !p.includes('<area>')).map((p) => [p]))('%s exists', (file) => {
    expect(existsSync(path.join(ROOT, file)), `CONTRIBUTING.md names ${file}, which does not exist: fix the name in CONTRIBUTING.md`).toBe(true);
  });

  it.each(PATHS.filter((p) => p.includes('<area>') && !Object.entries(HAND_WRITTEN).some(([place, { required }]) => place === p && !required)).map((p) => [p]))(
    '%s exists for every area',
    (pattern) => {
      const missing = AREAS.filter((area) => !existsSync(path.join(ROOT, pattern.replaceAll('<area>', area))));
      expect(missing, `write ${missing.map((area) => pattern.replaceAll('<area>', area)).join(', ')} (CONTRIBUTING.md, adding an area)`).toEqual([]);
    },
  );
});
