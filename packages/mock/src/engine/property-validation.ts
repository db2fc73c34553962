// An answer made from a template (json-template.ts) validated in two parts: what is constant for
// the template once, the fields each answer sets on every answer. The answer's keys are the
// template's base's, whatever its fields hold, and its other fields are the base's own (frozen),
// so where the schema is an object schema whose keywords look only at its keys and at each
// property on its own, the answer is valid exactly when the template's first valid answer was and
// each set field is valid against its property's schema. Any other schema is validated whole.
import { resolveRef, type Schema } from '@platform-contracts/contracts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { SchemaCompiler } from './validation.ts';

/** What a template's answer tells the validator: the template (the same object for all its answers) and the fields each answer sets. */
export interface TemplateMade {
  template: object;
  names: readonly string[];
  /** The set fields' values of its last answer, in `names`' order: those its text was written from (a handler that changes the object afterwards changes nothing sent). */
  values: unknown[];
  /** The validators of its set fields, in `names`' order, for the answer schema that validated them last (looked up once, not six times an answer). */
  checks?: { of: Map<string, () => ValidateFunction>; validators: (ValidateFunction | undefined)[] };
}

/**
 * Keywords of an object schema that look only at the value's keys (constant for a template's
 * answers) or at each property on its own through `properties`, and annotations. A schema with any
 * other keyword (a combinator, patternProperties, unevaluatedProperties, ...) is validated whole.
 */
export const SPLITTABLE = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'title',
  'description',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
]);
/** A property schema's annotations: left out of its validator (the verdict is the same), so that equal properties share one. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml']);

type ObjectSchema = { type?: unknown; properties?: Record<string, Schema>; additionalProperties?: unknown; [keyword: string]: unknown };

/**
 * A validator of each property of an answer's schema, made on its first use (and declared now, so
 * that the build precompiles them as it does the others); undefined where the schema is not an
 * object schema the answer can be validated in parts against.
 */
export function propertyValidators(schema: Schema, document: unknown, compiler: SchemaCompiler): Map<string, () => ValidateFunction> | undefined {
  const resolved = resolveRef<ObjectSchema | boolean | undefined>(document, schema);
  if (typeof resolved !== 'object' || resolved === null || resolved.type !== 'object' || resolved.properties === undefined) return undefined;
  if (Object.keys(resolved).some((keyword) => !SPLITTABLE.has(keyword) && !keyword.startsWith('x-'))) return undefined;
  const validators = new Map<string, () => ValidateFunction>();
  for (const [name, property] of Object.entries(resolved.properties)) validators.set(name, compiler.lazy(withoutAnnotations(property)));
  return validators;
}

function withoutAnnotations(schema: Schema): Schema {
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => !ANNOTATIONS.has(keyword) && !keyword.startsWith('x-'))) as Schema;
}

/** How many answers were validated by the fields they set, in this process (tests count them). */
let validatedByFields = 0;
export const fieldValidations = (): number => validatedByFields;

/**
 * Whether each field the template's last answer set is valid against its property's schema (a
 * field the schema does not name: not decided here): the values its text was written from.
 */
export function setFieldsValid(properties: Map<string, () => ValidateFunction>, made: TemplateMade): boolean {
  validatedByFields++;
  let checks = made.checks;
  if (checks?.of !== properties) made.checks = checks = { of: properties, validators: made.names.map((name) => properties.get(name)?.()) };
  const { validators } = checks;
  const { values } = made;
  for (let i = 0; i < validators.length; i++) {
    const validate = validators[i];
    if (validate === undefined || !validate(values[i])) return false;
  }
  return true;
}
