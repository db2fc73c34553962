// Specmatic's dictionary for the contracts, made from the bundles: for every request array that
// bounds its items (minItems, maxItems, uniqueItems), every array its schema allows. Specmatic 2.55.1
// reads none of those three keywords: its generator makes a list of 1 to 3 items whatever they say
// (ListPattern and Resolver.generateList below), so the generative run sent database's `kinds` as
// three equal kinds and expected 201 (the contract and the mock rightly answer 400). A dictionary is
// Specmatic's own setting for the values it generates (a file named by SPECMATIC_STUB_DICTIONARY,
// keyed by schema name, then property): given a list of candidate arrays for a property, it picks
// one that fits the variant it is making (`kinds` set to `full_access` takes `[full_access]`), so
// every variant stays, and stays within the schema. Negative variants are made as before.
//   https://github.com/specmatic/specmatic/blob/main/core/src/main/kotlin/io/specmatic/core/pattern/ListPattern.kt
//   https://github.com/specmatic/specmatic/blob/main/core/src/main/kotlin/io/specmatic/core/Resolver.kt (generateList, generateRandomList)
//   https://github.com/specmatic/specmatic/blob/main/core/src/main/kotlin/io/specmatic/core/Dictionary.kt (selectValue)
import { readFileSync } from 'node:fs';
import type { AreaName } from '@platform-contracts/contracts';
import { buildAreaModel, follow } from '../openapi.ts';
import { bundlePath } from '../paths.ts';

/** At most this many arrays for one property: beyond it the bounds are not worth listing. */
export const MAX_DICTIONARY_VALUES = 64;

type SchemaObject = { readonly [key: string]: unknown };

/** Specmatic's dictionary: schema name, then property name, then the candidate values. */
export type SpecmaticDictionary = Record<string, Record<string, unknown[][]>>;

/** One array the dictionary lists values for, with where it is. */
export interface BoundedArray {
  area: string;
  /** The component schema that holds it (the dictionary's first key). */
  schema: string;
  property: string;
  /** The array's schema in the bundle, `#/components/schemas/<schema>/properties/<property>`. */
  pointer: string;
  /** Every array the schema allows, shortest first. */
  values: unknown[][];
}

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isArraySchema = (schema: SchemaObject) => schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
const bounds = (schema: SchemaObject) => ['minItems', 'maxItems', 'uniqueItems'].filter((keyword) => keyword in schema);

/** Every arrangement of `length` items drawn from `choices` (without repeating one when `unique`). */
function arrangements(choices: unknown[], length: number, unique: boolean): unknown[][] {
  if (length === 0) return [[]];
  return arrangements(choices, length - 1, unique).flatMap((head) =>
    choices.filter((choice) => !unique || !head.some((taken) => JSON.stringify(taken) === JSON.stringify(choice))).map((choice) => [...head, choice]),
  );
}

/** Every array `schema` allows, when its items are an enum and its length is bounded; else why not. */
function allowedArrays(document: unknown, schema: SchemaObject, pointer: string): unknown[][] {
  const items = follow<unknown>(document, schema.items).value;
  if (!isObject(items) || !Array.isArray(items.enum))
    throw new Error(`${pointer}: Specmatic ignores ${bounds(schema).join(', ')}, and the dictionary lists the allowed arrays only for items that are an enum`);
  if (typeof schema.maxItems !== 'number')
    throw new Error(`${pointer}: Specmatic ignores ${bounds(schema).join(', ')}, and without maxItems the allowed arrays cannot be listed`);
  const unique = schema.uniqueItems === true;
  const values: unknown[][] = [];
  for (let length = typeof schema.minItems === 'number' ? schema.minItems : 0; length <= schema.maxItems; length++)
    values.push(...arrangements(items.enum, length, unique));
  if (values.length > MAX_DICTIONARY_VALUES)
    throw new Error(`${pointer}: ${values.length} arrays fit its bounds, more than the ${MAX_DICTIONARY_VALUES} the dictionary lists`);
  return values;
}

/**
 * Every request array of the area's bundle with minItems, maxItems or uniqueItems, with every
 * array it allows. Throws, naming the schema, for one the dictionary cannot give values for (not a
 * property of a component schema, items not an enum, no maxItems, too many arrays).
 */
export function boundedRequestArrays(area: string, document: unknown = JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8'))): BoundedArray[] {
  const found = new Map<string, BoundedArray>();
  const seen = new Set<string>();
  const refuse = (at: string, schema: SchemaObject, why: string) => {
    throw new Error(`${at}: Specmatic ignores ${bounds(schema).join(', ')}, and ${why}`);
  };
  /** `asProperty`: `node` is a property's schema, which its object's visit has looked at. */
  const visit = (node: unknown, at: string, asProperty: boolean) => {
    const { value, pointer = at } = follow<unknown>(document, node, at);
    if (!isObject(value) || seen.has(pointer)) return;
    seen.add(pointer);
    if (!asProperty && isArraySchema(value) && bounds(value).length > 0)
      refuse(pointer, value, 'the dictionary gives values only for a property of a component schema');
    const component = /^#\/components\/schemas\/([^/]+)$/.exec(pointer)?.[1];
    for (const [property, child] of Object.entries(isObject(value.properties) ? value.properties : {})) {
      const childPointer = `${pointer}/properties/${property}`;
      const resolved = follow<unknown>(document, child, childPointer).value;
      if (isObject(resolved) && isArraySchema(resolved) && bounds(resolved).length > 0) {
        if (component === undefined) refuse(childPointer, resolved, 'the dictionary gives values only for a property of a component schema');
        found.set(childPointer, { area, schema: component!, property, pointer: childPointer, values: allowedArrays(document, resolved, childPointer) });
      }
      visit(child, childPointer, true);
    }
    if (value.items !== undefined) visit(value.items, `${pointer}/items`, false);
    if (isObject(value.additionalProperties)) visit(value.additionalProperties, `${pointer}/additionalProperties`, false);
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const)
      if (Array.isArray(value[keyword])) (value[keyword] as unknown[]).forEach((branch, index) => visit(branch, `${pointer}/${keyword}/${index}`, false));
  };
  for (const operation of buildAreaModel(area as AreaName, document))
    for (const media of operation.requestBody?.content ?? []) visit(media.schema, media.schemaPointer ?? `${operation.pointer}/requestBody`, false);
  return [...found.values()];
}

/** The dictionary for the areas (component names are unique across areas, so one serves them all). */
export function specmaticDictionary(areas: string[]): SpecmaticDictionary {
  const dictionary: SpecmaticDictionary = {};
  for (const array of areas.flatMap((area) => boundedRequestArrays(area))) (dictionary[array.schema] ??= {})[array.property] = array.values;
  return dictionary;
}
