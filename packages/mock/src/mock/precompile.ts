// Validators made ahead of time, by `pnpm build` (scripts/build-mock.ts): a mock of every area is
// created while every schema it declares is recorded, and each one's validator is written as
// ajv's standalone code into dist/validators/, named by its digest (validation.ts loads it from
// there instead of compiling it). A contract changed since the build gives other digests: its
// validators are compiled at run time, as before.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Schema } from '@platform-contracts/contracts';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compilable, createAjv, PRECOMPILED_DIR, type RegisteredComponents, recordSchemas, validatorDigest } from '../engine/validation.ts';
import { createMock } from './mock.ts';

/** Writes the validators of every schema the shipped contracts declare; returns how many. */
export async function precompileValidators(dir: URL = PRECOMPILED_DIR): Promise<number> {
  const wanted = new Map<string, { components: RegisteredComponents; schema: Schema }>();
  recordSchemas((components, schema) => wanted.set(validatorDigest(components, schema), { components, schema }));
  try {
    const mock = await createMock();
    await mock.close();
  } finally {
    recordSchemas(undefined);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ajv = createAjv(true);
  const added = new Set<string>();
  for (const [name, { components, schema }] of wanted) {
    if (!added.has(components.id)) {
      ajv.addSchema({ $id: components.id, components: components.components }, undefined, undefined, false);
      added.add(components.id);
    }
    const validate = ajv.compile(compilable(schema, components));
    writeFileSync(new URL(`${name}.js`, dir), standaloneCode.default(ajv, validate));
  }
  return wanted.size;
}
