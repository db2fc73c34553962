// Two ways of writing the same contract that the breaking-change check must not take for a change
// (api-smart-diff compares how schemas are written, not what they accept): each document is
// brought to one form before it is compared.
//   - An int32 without `minimum` or `maximum` is bounded by its format: the bounds written out
//     (as the contracts now do, for tools that ignore `format`) are no narrowing.
//   - A closed object (additionalProperties: false) whose `oneOf` or `anyOf` branches only name
//     the properties they require accepts what a oneOf of complete branches accepts, each branch
//     with the parent's properties but those the other branches require (as ContainerProbe is
//     now written, for tools that read a branch without its parent); a branch given as a `$ref`
//     is the same as the schema written in its place.
//   - A schema or null written as `anyOf` (or `oneOf`) of a schema and `{ type: 'null' }` accepts
//     what the schema with 'null' added to its `type` (and to its `enum`) accepts: the contracts
//     write `type: [T, 'null']` where a tool (Specmatic) cannot read a null example of the other
//     form. The order of a `type` list says nothing either.
//   - A `const` with a one-value `enum` of the same value beside it (as the contracts now write it,
//     for generators that drop `const`) accepts what the `const` alone accepts: the enum is dropped.
type Json = { [key: string]: unknown };

const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A copy of the document in the one form (the document itself is left as it is). */
export function inOneForm<T>(document: T): T {
  const copy = structuredClone(document);
  const schemas = isObject(copy) && isObject(copy.components) && isObject(copy.components.schemas) ? copy.components.schemas : {};
  visit(copy, schemas);
  return copy;
}

function visit(node: unknown, schemas: Json): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, schemas);
    return;
  }
  if (!isObject(node)) return;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = node[keyword];
    if (!Array.isArray(branches)) continue;
    node[keyword] = branches.map((branch) => {
      const name =
        isObject(branch) && Object.keys(branch).length === 1 && typeof branch.$ref === 'string'
          ? /^#\/components\/schemas\/([^/]+)$/.exec(branch.$ref)?.[1]
          : undefined;
      return name !== undefined && isObject(schemas[name]) ? structuredClone(schemas[name]) : branch;
    });
  }
  for (const value of Object.values(node)) visit(value, schemas);
  for (const keyword of ['oneOf', 'anyOf'] as const) markDiscriminatedBranches(node, keyword);
  if (node.format === 'int32' && !Array.isArray(node.enum)) {
    if (typeof node.minimum !== 'number') node.minimum = INT32.minimum;
    if (typeof node.maximum !== 'number') node.maximum = INT32.maximum;
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) completeBranches(node, keyword);
  for (const keyword of ['oneOf', 'anyOf'] as const) nullableInOneSchema(node, keyword);
  if (Array.isArray(node.type)) node.type = [...node.type].sort();
  if ('const' in node && Array.isArray(node.enum) && node.enum.length === 1 && JSON.stringify(node.enum[0]) === JSON.stringify(node.const)) delete node.enum;
}

/** Keywords that only document a schema: a parent holding only these is one schema with its branch. */
const DOCUMENTING = new Set(['title', 'description', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * `anyOf: [S, { type: 'null' }]` (either order; or `oneOf`, as S does not accept null) is S with
 * 'null' among its types (and in its `enum`), when S names its types, is no `$ref` and no `const`,
 * and its parent only documents it (the parent's words are kept).
 */
function nullableInOneSchema(schema: Json, keyword: 'oneOf' | 'anyOf'): void {
  const one = valueOrNull(schema, keyword);
  if (!one) return;
  for (const key of Object.keys(schema)) delete schema[key];
  Object.assign(schema, one);
}

/** A schema written `anyOf` (or `oneOf`) of a schema and `{ type: 'null' }`, as the one schema it is (a copy), or undefined when it is not one. */
export function valueOrNull(schema: Json, keyword: 'oneOf' | 'anyOf' = Array.isArray(schema.anyOf) ? 'anyOf' : 'oneOf'): Json | undefined {
  const branches = schema[keyword];
  if (!Array.isArray(branches) || branches.length !== 2) return undefined;
  const isNull = (branch: unknown) => isObject(branch) && Object.keys(branch).length === 1 && branch.type === 'null';
  const other = branches.find((branch) => !isNull(branch));
  if (!branches.some(isNull) || !isObject(other) || '$ref' in other || 'const' in other) return undefined;
  const types = typeof other.type === 'string' ? [other.type] : Array.isArray(other.type) ? other.type : undefined;
  if (!types || types.includes('null')) return undefined;
  if (!Object.keys(schema).every((key) => key === keyword || DOCUMENTING.has(key) || key.startsWith('x-'))) return undefined;
  const one: Json = { ...structuredClone(other), ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== keyword)) };
  one.type = [...types, 'null'];
  if (Array.isArray(one.enum) && !one.enum.includes(null)) one.enum = [...one.enum, null];
  return one;
}

/** `properties` beside `oneOf` branches that only require properties, moved into each branch. */
function completeBranches(schema: Json, keyword: 'oneOf' | 'anyOf'): void {
  const branches = schema[keyword];
  if (!Array.isArray(branches) || !isObject(schema.properties) || schema.additionalProperties !== false) return;
  const onlyRequiring = (branch: unknown) =>
    isObject(branch) &&
    Array.isArray(branch.required) &&
    Object.keys(branch).every((key) => ['title', 'required', 'properties'].includes(key)) &&
    Object.values(isObject(branch.properties) ? branch.properties : {}).every((value) => isObject(value) && Object.keys(value).length === 0);
  if (!branches.every(onlyRequiring)) return;
  const properties = schema.properties;
  const requiredBy = branches.map((branch) => new Set((branch as Json).required as string[]));
  schema[keyword] = branches.map((branch, index) => ({
    type: schema.type ?? 'object',
    additionalProperties: false,
    required: [...(Array.isArray(schema.required) ? schema.required : []), ...((branch as Json).required as string[])],
    properties: Object.fromEntries(
      Object.entries(properties).filter(([name]) => requiredBy[index]!.has(name) || !requiredBy.some((others, other) => other !== index && others.has(name))),
    ),
  }));
  for (const key of ['type', 'properties', 'additionalProperties', 'required']) delete schema[key];
}

/** How many marks a branch of a discriminated union gets: more than two of its branches otherwise differ by (for database 2.0.0 to 2.1.0, 3 were too few and 10 enough; each mark costs every pairing api-smart-diff tries, so no more). */
const BRANCH_MARKS = 16;

/**
 * The branches of a union told apart by one property's `const` (the Hrana conditions' `type`),
 * each marked with its value: api-smart-diff pairs the branches of a union before and after by the
 * fewest differences, and two branches that differ only in that value (`and`, `or`), or a new one
 * (`is_autocommit`), could pair with the wrong one. Marked, a branch pairs with the branch of the
 * same value, and one of a new value is an added branch. The marks are `x-` fields, equal on both
 * sides of a pair: they make no difference of their own.
 */
function markDiscriminatedBranches(schema: Json, keyword: 'oneOf' | 'anyOf'): void {
  const branches = schema[keyword];
  if (!Array.isArray(branches) || branches.length < 2 || !branches.every(isObject)) return;
  const constOf = (branch: Json, name: string) => {
    const property = isObject(branch.properties) ? branch.properties[name] : undefined;
    return isObject(property) && 'const' in property ? JSON.stringify(property.const) : undefined;
  };
  const first = branches[0] as Json;
  const name = Object.keys(isObject(first.properties) ? first.properties : {}).find((candidate) => {
    const values = branches.map((branch) => constOf(branch as Json, candidate));
    return values.every((value) => value !== undefined) && new Set(values).size === values.length;
  });
  if (name === undefined) return;
  for (const branch of branches as Json[]) for (let mark = 0; mark < BRANCH_MARKS; mark++) branch[`x-branch-${mark}`] = `${name}=${constOf(branch, name)}`;
}
