// oneOfs told apart by a tag: the discriminators the mock gives them (so that ajv checks the one
// member a value's tag names), and a failure's errors as if every member had been tried, as Prism
// reports them.
import { unescapePointerToken } from '@platform-contracts/contracts';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

/** Marks a oneOf the mock gave a discriminator (withDiscriminators), naming its tag. */
export const DISCRIMINATED = 'x-mock-discriminated';

type Json = Record<string, unknown>;
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** Which tagged oneOfs get a discriminator: those that hold themselves, or every one. */
export type Discriminated = 'recursive' | 'tagged';

/**
 * The components, with a `discriminator` on each `oneOf` whose members are objects told apart by
 * a required property of one `const` each: `recursive`, only where the oneOf holds itself
 * (BatchCond's `not`, `and`, `or`); `tagged`, on every one (a SQL value's `type` too). With
 * allErrors, ajv validates every member of a `oneOf`, so a recursive one costs 2^depth (a
 * 600-byte batch condition took hours), and a flat one every member's errors, made and dropped,
 * for each value (a 1,000-row result: 3,000 cells, 4 members each that fail); told the tag, ajv
 * validates the one member it names, which takes the same decisions. Other `oneOf`s are left as
 * they are.
 */
export function withDiscriminators(components: unknown, which: Discriminated): unknown {
  const schemas = (components as Json).schemas as Record<string, Json> | undefined;
  if (!schemas) return components;
  const refName = (node: unknown) => SCHEMA_REF.exec(((node as Json | null)?.$ref as string | undefined) ?? '')?.[1];
  const memberOf = (node: unknown): Json | undefined => (refName(node) ? schemas[refName(node)!] : (node as Json));
  /** The schemas a schema refers to, directly. */
  const refsOf = (node: unknown, into = new Set<string>()): Set<string> => {
    if (Array.isArray(node)) node.forEach((item) => refsOf(item, into));
    else if (typeof node === 'object' && node !== null) {
      const name = refName(node);
      if (name) into.add(name);
      Object.values(node).forEach((item) => refsOf(item, into));
    }
    return into;
  };
  const reaches = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const pending = [...refsOf(schemas[from])];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (name === target) return true;
      if (seen.has(name) || !schemas[name]) continue;
      seen.add(name);
      pending.push(...refsOf(schemas[name]));
    }
    return false;
  };
  /** The property whose `const` tells the members apart, if there is one. */
  const tagOf = (members: Json[]): string | undefined => {
    const candidates = Object.keys((members[0]?.properties as Json | undefined) ?? {});
    return candidates.find((name) => {
      const tags = members.map((member) => ((member.properties as Json | undefined)?.[name] as Json | undefined)?.const as unknown);
      const tagged = (member: Json, i: number) =>
        member.type === 'object' && typeof tags[i] === 'string' && ((member.required as string[] | undefined) ?? []).includes(name);
      return members.every(tagged) && new Set(tags).size === tags.length;
    });
  };
  let copied: Record<string, Json> | undefined;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!Array.isArray(schema.oneOf) || schema.discriminator !== undefined || (which === 'recursive' && !reaches(name, name))) continue;
    const members = schema.oneOf.map(memberOf);
    if (members.some((member) => !member)) continue;
    const tag = tagOf(members as Json[]);
    if (tag === undefined) continue;
    copied ??= { ...schemas };
    // ajv skips `oneOf` where it applies a discriminator, which checks objects only: every member is one.
    copied[name] = { ...schema, type: 'object', discriminator: { propertyName: tag }, [DISCRIMINATED]: tag };
  }
  return copied ? { ...(components as Json), schemas: copied } : components;
}

/**
 * A validator that decides with every tagged oneOf discriminated (`decide`: one member checked per
 * value) and, where that refuses, judges again as before (`report`, made then): a failure's errors
 * are the ones it always gave, at the places Prism names. Both decide alike
 * (test/mock/engine/discriminated-oneof.test.ts); only a refusal pays for the second.
 */
export function decidedByTags(decide: ValidateFunction, report: () => ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown) => {
    if (decide(data)) {
      wrapped.errors = null;
      return true;
    }
    const judge = report();
    const valid = judge(data);
    wrapped.errors = judge.errors;
    return valid;
  }) as ValidateFunction;
  return wrapped;
}

/**
 * The errors as ajv gives them when it tries every member of a oneOf (as Prism does), where it
 * tried only the one its tag names: a oneOf that failed also fails at its own place (`oneOf`)
 * and, for every other member, at the tag (`const`). The places are Prism's; the decision is the same.
 */
export function asEveryMember(errors: ErrorObject[], discriminated: [string, string][], data: unknown): ErrorObject[] {
  const added: ErrorObject[] = [];
  for (const [at, tag] of new Map(discriminated)) {
    const within = errors.filter((error) => error.instancePath === at || error.instancePath.startsWith(`${at}/`));
    if (within.length === 0) continue;
    const missingTag = within.some((error) => error.keyword === 'discriminator' && (error.params as { tagValue?: unknown }).tagValue === undefined);
    added.push({ instancePath: at, schemaPath: '#/oneOf', keyword: 'oneOf', params: {}, message: 'must match exactly one schema in oneOf' });
    const value = at
      .split('/')
      .slice(1)
      .map(unescapePointerToken)
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue; // no member's tag to name
    if (missingTag)
      added.push({
        instancePath: at,
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: tag },
        message: `must have required property '${tag}'`,
      });
    else added.push({ instancePath: `${at}/${tag}`, schemaPath: '#/const', keyword: 'const', params: {}, message: 'must be equal to constant' });
  }
  return [...errors.filter((error) => error.keyword !== 'discriminator' || (error.params as { tagValue?: unknown }).tagValue !== undefined), ...added];
}
