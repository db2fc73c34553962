// The validators `pnpm build` writes ahead of time (packages/mock/src/mock/precompile.ts): one for every
// schema a mock of every area declares, judging every value as ajv's validator compiled at run
// time does (verdict and errors), and used by the mock instead of compiling.
import { existsSync, readFileSync } from 'node:fs';
import type { Schema } from '@platform-contracts/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compiledValidator,
  PRECOMPILED_DIR,
  precompiledValidator,
  type RegisteredComponents,
  recordSchemas,
  validatorDigest,
  validatorsMade,
} from '../../../packages/mock/src/engine/validation.ts';
import { withSharedDefaults } from '../../../packages/mock/src/engine/validator-defaults.ts';
import { createMock } from '../../../packages/mock/src/mock/mock.ts';

interface Declared {
  name: string;
  components: RegisteredComponents;
  schema: Schema;
}

/** Every schema a mock of every area declares, as the build records them. */
async function declaredSchemas(): Promise<Declared[]> {
  const declared = new Map<string, Declared>();
  recordSchemas((components, schema) => declared.set(validatorDigest(components, schema), { name: validatorDigest(components, schema), components, schema }));
  try {
    await (await createMock()).close();
  } finally {
    recordSchemas(undefined);
  }
  return [...declared.values()];
}

/** Every example in a document (values of `example` and of `examples[*].value`). */
function examplesIn(node: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((item) => examplesIn(item, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example') found.push(value);
      else if (key === 'examples' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const example of Object.values(value)) if (typeof example === 'object' && example !== null && 'value' in example) found.push(example.value);
      } else examplesIn(value, found);
    }
  }
  return found;
}

/**
 * Keys an object may carry that its schema does not name: the loaded code asks a Set of the
 * schema's own keys where ajv asked hasOwnProperty (validation.ts withKeySets), so among them the
 * names every object inherits, and `__proto__` as JSON.parse makes it (an own key).
 */
const EXTRA_KEYS = ['extra', 'constructor', 'toString', 'hasOwnProperty', '__proto__', '0'];

/** Values to judge: the examples, and each example object broken one field at a time (a field dropped, a field of a wrong type, a key added). */
function valuesFrom(examples: unknown[]): unknown[] {
  const values: unknown[] = [null, 'text', 42, 1.5, true, [], {}, ...examples];
  for (const example of examples) {
    if (typeof example !== 'object' || example === null || Array.isArray(example)) continue;
    for (const key of EXTRA_KEYS)
      values.push(JSON.parse(`${JSON.stringify(example).slice(0, -1)}${Object.keys(example).length > 0 ? ',' : ''}${JSON.stringify(key)}:1}`));
    for (const key of Object.keys(example)) {
      const { [key]: dropped, ...rest } = example as Record<string, unknown>;
      values.push(rest, { ...rest, [key]: typeof dropped === 'string' ? 7 : 'seven' }, { ...rest, [key]: null });
    }
  }
  return values;
}

let declared: Declared[];
beforeAll(async () => {
  declared = await declaredSchemas();
});

describe('precompiled validators', () => {
  it('exist for every schema a mock of every area declares (the build wrote them from the same contracts)', () => {
    expect(declared.length).toBeGreaterThan(20);
    const missing = declared.filter(({ name }) => !existsSync(new URL(`${name}.js`, PRECOMPILED_DIR)));
    expect(missing.map(({ schema }) => JSON.stringify(schema).slice(0, 120))).toEqual([]);
  });

  it('judge every value as ajv compiling the schema now does: the same verdict, the same errors', () => {
    const verdicts = { valid: 0, invalid: 0 };
    for (const { name, components, schema } of declared) {
      const precompiled = precompiledValidator(name)!;
      const compiled = compiledValidator(schema, components);
      for (const value of valuesFrom(examplesIn(components.components))) {
        const verdict = compiled(value);
        expect(precompiled(value), `${JSON.stringify(schema).slice(0, 80)} on ${JSON.stringify(value).slice(0, 80)}`).toBe(verdict);
        expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
        verdicts[verdict ? 'valid' : 'invalid']++;
      }
    }
    // Both verdicts were put to the test, many times.
    expect(verdicts.valid).toBeGreaterThan(100);
    expect(verdicts.invalid).toBeGreaterThan(1000);
  });

  it("are loaded with one frozen object for the options a call leaves out, where ajv's code made new ones on every call; code that reads a dynamic anchor as written", () => {
    for (const { name } of declared) {
      const code = readFileSync(new URL(`${name}.js`, PRECOMPILED_DIR), 'utf8');
      const functions = code.match(/function validate\d+\(data, \{/g)?.length ?? 0;
      expect(functions, name).toBeGreaterThan(0);
      const loaded = withSharedDefaults(code);
      expect(loaded.match(/dynamicAnchors=noOptions\}=noOptions\)/g)?.length, name).toBe(functions);
      expect(loaded, name).not.toMatch(/=\{\}/);
      expect(loaded.endsWith('\nconst noOptions = Object.freeze({});'), name).toBe(true);
      // ajv's code for $dynamicAnchor writes the object: such code keeps its own.
      const anchored = code.replace('let vErrors = null;', 'let vErrors = null;if(!dynamicAnchors.x){dynamicAnchors.x = 1;}');
      expect(withSharedDefaults(anchored), name).toBe(anchored);
    }
  });

  it('are what a mock validates with: answering a request compiles nothing', async () => {
    const mock = await createMock({ areas: ['video'] });
    const before = validatorsMade();
    const response = await mock.fetch(`${mock.url}/library/42/videos`, {
      method: 'POST',
      headers: { AccessKey: 'k', 'content-type': 'application/json' },
      body: '{"title":"Keynote"}',
    });
    expect(response.status).toBe(200);
    const after = validatorsMade();
    await mock.close();
    expect(after.compiled).toBe(before.compiled);
    expect(after.precompiled).toBeGreaterThan(before.precompiled);
  });

  it("are all made by a mock's prepareValidators (each operation's otherwise waits for its first call): a request then makes none", async () => {
    const mock = await createMock({ areas: ['shield'] });
    const before = validatorsMade();
    const held = mock.prepareValidators();
    const prepared = validatorsMade();
    const response = await mock.fetch(`${mock.url}/shield/shield-zones`, { headers: { AccessKey: 'k' } });
    expect(response.status).toBe(200);
    const after = validatorsMade();
    await mock.close();
    expect(held).toBeGreaterThan(mock.operations.length);
    expect(prepared.compiled).toBe(before.compiled);
    expect(prepared.precompiled).toBeGreaterThan(before.precompiled);
    expect(after).toEqual(prepared);
  });
});
