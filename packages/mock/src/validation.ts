// JSON Schema validation for the mock: the one ajv (2020-12) setup, with OpenAPI's formats and
// keywords, and the wording of what it finds as violations (as Prism words them). The format
// definitions live together here, so that a change to one (int64, say) is a one-place edit.
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { unescapePointerToken, type Schema } from '@platform-contracts/contracts';
import type { Violation } from './area.ts';

/** OpenAPI's own formats and keywords on top of JSON Schema's. */
export function addOpenApiVocabulary(ajv: Ajv2020): void {
  addFormats.default(ajv);
  // OpenAPI's numeric formats. int64 is -2^63 to 2^63 - 1: values are read exactly (exact-json.ts)
  // and handed to ajv on the right side of that line, so the bound holds to the last unit.
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63 });
  ajv.addFormat('int32', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1 });
  for (const format of ['float', 'double']) ajv.addFormat(format, { type: 'number', validate: () => true });
  for (const format of ['byte', 'binary', 'password', 'int8', 'int16', 'uint8']) ajv.addFormat(format, () => true);
  ajv.addKeyword({ keyword: 'discriminator' });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'xml' });
  ajv.addKeyword({ keyword: 'externalDocs' });
}

/**
 * A compiler of one document's schemas: they refer to `#/components/schemas/X`, so each is
 * compiled within the document's components (registered once under `urn:platform:<area>`).
 */
export function createSchemaCompiler(area: string, components: unknown): (schema: Schema) => ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, allowUnionTypes: true, validateFormats: true });
  addOpenApiVocabulary(ajv);
  const documentId = `urn:platform:${area}`;
  ajv.addSchema({ $id: documentId, components: (components ?? {}) as object }, undefined, undefined, false);
  return (schema) => {
    const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${documentId}#/`)) as Schema;
    return ajv.compile(typeof rebased === 'boolean' ? rebased : { ...rebased, $schema: undefined });
  };
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
