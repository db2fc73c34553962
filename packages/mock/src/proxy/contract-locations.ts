// Validation that says which fact of the contract an answer (or request, or message) contradicts:
// each violation carries the JSON Pointer of the schema keyword it breaks in the area's bundle
// (`components/schemas/ZoneTier/enum`), and the `x-assumed` element at or above it. ajv validates
// against the bundle's own schema objects (the whole document is registered, nothing is copied),
// so each error's schema object leads back to its place. For a conforming value it also tells
// which `x-assumed` elements the value exercised: the traffic that confirms a filled gap.
import { escapePointerToken, follow, valueAt } from '@platform-contracts/contracts';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from '../engine/area.ts';
import { addOpenApiVocabulary, ajvModule } from '../engine/validation.ts';
import { toViolations } from '../engine/violations.ts';

export interface ContractViolation {
  /** Where in the exchange, as Prism's `sl-violations` locations: `['response', 'body', '0', 'ZoneTier']`. */
  location: string[];
  message: string;
  /** The contract element it contradicts: a JSON Pointer into the area's bundle, without `#/`. */
  contract: string;
  /** The nearest `x-assumed` element at or above `contract` (up to its component or operation) and its reason. */
  assumed?: Assumption;
  /** The value found at `location` (kept only redacted, see secrets.ts). */
  value?: unknown;
}

export interface Assumption {
  /** The assumed element: a JSON Pointer into the bundle, without `#/`. */
  at: string;
  /** Its `x-assumed` text. */
  why: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
/** How deep the walk for confirmed assumptions follows a value (recursive schemas follow the value's depth). */
const MAX_WALK_DEPTH = 64;

export const pointerTo = (...tokens: string[]) => tokens.map(escapePointerToken).join('/');

export function createLocatingValidator(area: string, document: OpenApiDocument) {
  const id = `urn:platform:proxy-${area}`;
  const { Ajv2020 } = ajvModule();
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, allowUnionTypes: true, validateFormats: true, verbose: true });
  addOpenApiVocabulary(ajv);
  ajv.addSchema(document as object, id, undefined, false);

  // Where each object of the document sits: a parsed bundle is a tree, so each object has one place.
  let places: WeakMap<object, string> | undefined;
  const placeOf = (node: unknown): string | undefined => {
    if (!places) {
      places = new WeakMap();
      const pending: [unknown, string][] = [[document, '']];
      for (let next = pending.pop(); next; next = pending.pop()) {
        const [value, at] = next;
        if (!isObject(value) || places.has(value)) continue;
        places.set(value, at);
        for (const [key, item] of Object.entries(value))
          if (isObject(item)) pending.push([item, at === '' ? escapePointerToken(key) : `${at}/${escapePointerToken(key)}`]);
      }
    }
    return isObject(node) ? places.get(node) : undefined;
  };

  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) validators.set(pointer, (validate = ajv.compile({ $ref: `${id}#/${pointer}` })));
    return validate;
  };

  /** The errors of a union none of whose branches matched, replaced by those of its closest branch (fewest errors). */
  function closestBranches(errors: ErrorObject[]): ErrorObject[] {
    const unions = errors.filter((e) => (e.keyword === 'oneOf' || e.keyword === 'anyOf') && !(e.params as { passingSchemas?: unknown }).passingSchemas);
    if (unions.length === 0) return errors;
    unions.sort((a, b) => a.instancePath.length - b.instancePath.length);
    let kept = errors;
    const replaced: string[] = [];
    for (const union of unions) {
      const at = union.instancePath;
      if (replaced.some((done) => at === done || at.startsWith(`${done}/`))) continue;
      replaced.push(at);
      const own = union.parentSchema;
      kept = kept.filter((e) => !(e.instancePath === at || e.instancePath.startsWith(`${at}/`)) || (e.parentSchema === own && e.keyword !== union.keyword));
      let closest: ErrorObject[] | undefined;
      let closestScore = Infinity;
      for (const branch of (own?.[union.keyword] as unknown[] | undefined) ?? []) {
        const place = placeOf(branch);
        if (place === undefined) continue;
        const validate = validatorAt(place);
        const found = validate(union.data) ? [] : closestBranches(validate.errors ?? []);
        const score = mismatchScore(found);
        if (score < closestScore) [closest, closestScore] = [found, score];
      }
      kept.push(...(closest ?? [union]).map((e) => (closest ? { ...e, instancePath: `${at}${e.instancePath}` } : e)));
    }
    return kept;
  }

  /** The nearest `x-assumed` element at or above a place, up to its component (`components/<kind>/<name>`) or operation (remembered: places are few). */
  const assumptions = new Map<string, Assumption | undefined>();
  function assumedAt(place: string): Assumption | undefined {
    if (assumptions.has(place)) return assumptions.get(place);
    const found = findAssumed(place);
    assumptions.set(place, found);
    return found;
  }

  function findAssumed(place: string): Assumption | undefined {
    const tokens = place.split('/');
    for (let length = tokens.length; length >= 3; length--) {
      const at = tokens.slice(0, length).join('/');
      const node = valueAt(document, `#/${at}`);
      if (isObject(node) && typeof node['x-assumed'] === 'string') return { at, why: node['x-assumed'] };
    }
    return undefined;
  }

  /** Violations of a value against the schema at a place of the bundle, each with the keyword it breaks. */
  function validate(place: string, value: unknown, prefix: string[]): ContractViolation[] {
    const check = validatorAt(place);
    if (check(value)) return [];
    return closestBranches(check.errors ?? []).map((error) => {
      const [violation] = toViolations([error], prefix[0]!);
      const schemaPlace = placeOf(error.parentSchema);
      const contract = schemaPlace !== undefined ? `${schemaPlace}/${escapePointerToken(error.keyword)}` : `${place}${error.schemaPath.slice(1)}`;
      return { location: [...prefix, ...violation!.location.slice(1)], message: violation!.message, contract, assumed: assumedAt(contract), value: error.data };
    });
  }

  // Whether a schema has an `x-assumed` element anywhere below it (memoised; a cycle counts as none).
  const hasAssumedMemo = new WeakMap<object, boolean>();
  function hasAssumed(schema: unknown): boolean {
    if (!isObject(schema)) return false;
    const known = hasAssumedMemo.get(schema);
    if (known !== undefined) return known;
    hasAssumedMemo.set(schema, false);
    const target = typeof schema.$ref === 'string' ? follow(document, schema).value : undefined;
    const parts = [
      target,
      ...Object.values(isObject(schema.properties) ? schema.properties : {}),
      schema.items,
      schema.additionalProperties,
      ...listOf(schema.prefixItems),
      ...listOf(schema.allOf),
      ...listOf(schema.oneOf),
      ...listOf(schema.anyOf),
    ];
    const found = typeof schema['x-assumed'] === 'string' || parts.some(hasAssumed);
    hasAssumedMemo.set(schema, found);
    return found;
  }

  /** The `x-assumed` schema elements a conforming value exercised (a property present, a branch taken). */
  function exercised(place: string, value: unknown): string[] {
    const found = new Set<string>();
    const walk = (schema: unknown, item: unknown, depth: number) => {
      if (!isObject(schema) || depth > MAX_WALK_DEPTH || !hasAssumed(schema)) return;
      if (typeof schema['x-assumed'] === 'string') {
        const at = placeOf(schema);
        if (at !== undefined) found.add(at);
      }
      if (typeof schema.$ref === 'string') walk(follow(document, schema).value, item, depth + 1);
      for (const part of listOf(schema.allOf)) walk(part, item, depth + 1);
      for (const union of [listOf(schema.oneOf), listOf(schema.anyOf)]) {
        const taken = union.find((branch) => {
          const at = placeOf(branch);
          return at !== undefined && validatorAt(at)(item);
        });
        if (taken) walk(taken, item, depth + 1);
      }
      if (Array.isArray(item)) {
        if (schema.items !== undefined) for (const element of item) walk(schema.items, element, depth + 1);
      } else if (isObject(item)) {
        const properties = isObject(schema.properties) ? schema.properties : {};
        for (const [key, property] of Object.entries(item)) walk(key in properties ? properties[key] : schema.additionalProperties, property, depth + 1);
      }
    };
    walk(valueAt(document, `#/${place}`), value, 0);
    return [...found];
  }

  return { validate, assumedAt, exercised, placeOf };
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * How far a union's branch is from the value: a branch of another kind (its type refused at the
 * value itself, or a constant of one of its properties refused, as a `type` tag) is farther than
 * any number of errors inside a branch of the right kind.
 */
function mismatchScore(errors: ErrorObject[]): number {
  const wrongKind = errors.filter(
    (e) => (e.instancePath === '' && e.keyword === 'type') || (e.keyword === 'const' && e.instancePath.split('/').length === 2),
  ).length;
  return wrongKind * 1000 + errors.length;
}
