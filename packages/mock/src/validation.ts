// JSON Schema validation for the mock: the one ajv (2020-12) setup, with OpenAPI's formats and
// keywords, and the wording of what it finds as violations (as Prism words them). The format
// definitions live together here, so that a change to one (int64, say) is a one-place edit.
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { unescapePointerToken, type Schema } from '@platform-contracts/contracts';
import type { Violation } from './area.ts';

/** OpenAPI's own formats and keywords on top of JSON Schema's. */
function addOpenApiVocabulary(ajv: Ajv2020): void {
  addFormats.default(ajv);
  // OpenAPI's numeric formats. int64 is -2^63 to 2^63 - 1: values are read exactly (exact-json.ts)
  // and handed to ajv on the right side of that line, so the bound holds to the last unit.
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63 });
  ajv.addFormat('int32', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1 });
  for (const format of ['float', 'double']) ajv.addFormat(format, { type: 'number', validate: () => true });
  for (const format of ['byte', 'binary', 'password', 'int8', 'int16', 'uint8']) ajv.addFormat(format, () => true);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'xml' });
  ajv.addKeyword({ keyword: 'externalDocs' });
}

/**
 * A compiler of one document's schemas: they refer to `#/components/schemas/X`, so each is
 * compiled within the document's components (registered once under `urn:platform:<area>`).
 */
export function createSchemaCompiler(area: string, components: unknown): (schema: Schema) => ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, allowUnionTypes: true, validateFormats: true, discriminator: true });
  addOpenApiVocabulary(ajv);
  /** Where a validation met a oneOf it told apart by its tag, and the tag's name. */
  const discriminated: [string, string][] = [];
  ajv.addKeyword({ keyword: DISCRIMINATED, errors: false, validate: (tag: string, _data: unknown, _schema: unknown, at?: { instancePath: string }) => (discriminated.push([at?.instancePath ?? '', tag]), true) });
  const documentId = `urn:platform:${area}`;
  ajv.addSchema({ $id: documentId, components: withRecursiveDiscriminators(components ?? {}) as object }, undefined, undefined, false);
  return (schema) => {
    const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${documentId}#/`)) as Schema;
    const validate = ajv.compile(typeof rebased === 'boolean' ? rebased : { ...rebased, $schema: undefined });
    const wrapped = ((data: unknown) => {
      discriminated.length = 0;
      const valid = validate(data);
      wrapped.errors = valid ? null : asEveryMember(validate.errors ?? [], discriminated);
      return valid;
    }) as ValidateFunction;
    return wrapped;
  };
}

const DISCRIMINATED = 'x-mock-discriminated';

/**
 * The errors as ajv gives them when it tries every member of a oneOf (as Prism does), where it
 * tried only the one its tag names: a oneOf that failed also fails at its own place (`oneOf`)
 * and, for every other member, at the tag (`const`). The places are Prism's; the decision is the same.
 */
function asEveryMember(errors: ErrorObject[], discriminated: [string, string][]): ErrorObject[] {
  const added: ErrorObject[] = [];
  for (const [at, tag] of new Map(discriminated)) {
    const within = errors.filter((error) => error.instancePath === at || error.instancePath.startsWith(`${at}/`));
    if (within.length === 0) continue;
    const missingTag = within.some((error) => error.keyword === 'discriminator' && (error.params as { tagValue?: unknown }).tagValue === undefined);
    added.push({ instancePath: at, schemaPath: '#/oneOf', keyword: 'oneOf', params: {}, message: 'must match exactly one schema in oneOf' });
    if (missingTag) added.push({ instancePath: at, schemaPath: '#/required', keyword: 'required', params: { missingProperty: tag }, message: `must have required property '${tag}'` });
    else added.push({ instancePath: `${at}/${tag}`, schemaPath: '#/const', keyword: 'const', params: {}, message: 'must be equal to constant' });
  }
  return [...errors.filter((error) => error.keyword !== 'discriminator' || (error.params as { tagValue?: unknown }).tagValue !== undefined), ...added];
}

type Json = Record<string, unknown>;
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/**
 * The components, with a `discriminator` on each `oneOf` that holds itself (BatchCond's `not`,
 * `and`, `or`) and whose members are objects told apart by a required property of one `const` each.
 * With allErrors, ajv validates every member of a `oneOf`, so a recursive one costs 2^depth
 * (a 600-byte batch condition took hours); told the tag, ajv validates the one member it names,
 * which takes the same decisions. Other `oneOf`s are left as they are.
 */
function withRecursiveDiscriminators(components: unknown): unknown {
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
      const tags = members.map((member) => (((member.properties as Json | undefined)?.[name] as Json | undefined)?.const as unknown));
      const tagged = (member: Json, i: number) => member.type === 'object' && typeof tags[i] === 'string' && ((member.required as string[] | undefined) ?? []).includes(name);
      return members.every(tagged) && new Set(tags).size === tags.length;
    });
  };
  let copied: Record<string, Json> | undefined;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!Array.isArray(schema.oneOf) || schema.discriminator !== undefined || !reaches(name, name)) continue;
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

/** ajv's errors as violations under `prefix` (`body`, `query`, `response`), with parameter names as declared. */
export function toViolations(errors: ErrorObject[] | null | undefined, prefix: string, declaredName?: Map<string, string>): Violation[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.split('/').filter(Boolean).map(unescapePointerToken);
    if (declaredName && path[0] !== undefined) path[0] = declaredName.get(path[0].toLowerCase()) ?? path[0];
    // As Prism reports them: a missing or unknown property at the object that holds it.
    const extra = error.params as { additionalProperty?: string; unevaluatedProperty?: string; allowedValues?: unknown[] };
    const detail = extra.allowedValues ? `: ${extra.allowedValues.join(', ')}` : extra.additionalProperty ? `; found '${extra.additionalProperty}'` : extra.unevaluatedProperty ? `: '${extra.unevaluatedProperty}'` : '';
    return { location: [prefix, ...path], message: `${error.message ?? error.keyword}${detail}` };
  });
}
