// Validating against the bundled contracts (packages/contracts/bundles/<area>.json), on
// @platform-contracts/contracts' model of them; the model, the methods and the resolver re-exported.

import path from 'node:path';
import {
  AREAS,
  type AreaName,
  findOperation,
  HTTP_METHODS,
  loadContractModel,
  type Operation,
  operationsOf,
  resolveRef as resolve,
} from '@platform-contracts/contracts';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Json } from '../../scripts/lib/openapi.ts';
import { OPENAPI_DIR, ROOT } from '../../scripts/lib/paths.ts';
import { SourceLocator } from '../../scripts/lib/source-location.ts';

export { HTTP_METHODS, type Json, type Operation, operationsOf };

/** @platform-contracts/contracts' `$ref` resolver, typed for the tests' untyped JSON. */
export const resolveRef: (document: unknown, value: unknown) => Json = resolve;

/** Every area, from the registry. */
export const listAreas = (): AreaName[] => [...AREAS];

/** An area's bundle, as @platform-contracts/contracts' model read it (shared: do not change it). */
export function loadBundle(area: string): Json {
  return loadContractModel().document(area as AreaName);
}

/** A component parameter's first named example: its value in the contract's examples (the contracts give parameter values by name, `examples`). */
export function parameterExample(area: string, parameter: string): unknown {
  const document = loadBundle(area);
  const first = Object.values<Json>(document.components?.parameters?.[parameter]?.examples ?? {})[0];
  if (first === undefined) throw new Error(`the ${area} contract gives components.parameters.${parameter} no named example`);
  return resolveRef(document, first).value;
}

const validators = new Map<string, Ajv2020>();
function ajvFor(area: string): Ajv2020 {
  if (!validators.has(area)) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true, validateFormats: true });
    addFormats.default(ajv);
    ajv.addSchema(loadBundle(area), area);
    validators.set(area, ajv);
  }
  return validators.get(area)!;
}

/** Validates a value against a JSON pointer into the area's bundle; returns readable errors. */
export function validateAt(area: string, pointer: string, value: unknown): string[] {
  const validate = ajvFor(area).getSchema(`${area}${pointer}`) as ValidateFunction | undefined;
  if (!validate) throw new Error(`no schema at ${area}${pointer}`);
  return validate(value) ? [] : formatErrors(validate.errors);
}

export const validateSchema = (area: string, schemaName: string, value: unknown) => validateAt(area, `#/components/schemas/${schemaName}`, value);

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** Validates an answer against the operation's documented response for that status. */
export function validateAnswer(area: string, operationId: string, status: number, body: unknown, contentType = 'application/json'): string[] {
  const operation = findOperation(operationId);
  if (!operation || operation.area !== area) throw new Error(`no operation ${operationId} in ${area}`);
  const { responses } = operation;
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!response) return [`${operationId} does not document status ${status}`];
  if (response.content.length === 0) return body === undefined || body === '' || body === null ? [] : [`status ${status} has no body in the contract`];
  const media = response.content.find((m) => m.type.split(';')[0] === contentType.split(';')[0]);
  if (!media) return [`status ${status} has no ${contentType} body in the contract`];
  if (!media.schemaPointer) return [];
  return validateAt(area, media.schemaPointer, body);
}

const locators = new Map<string, SourceLocator>();
/** The source file and line under openapi/ where an operation is written: the place to edit (`openapi/dns/paths/x.yaml:3`). */
export function sourceOf(area: string, urlPath: string, method: string): string {
  let locator = locators.get(area);
  if (!locator) locators.set(area, (locator = new SourceLocator(path.join(OPENAPI_DIR, area, 'openapi.yaml'))));
  const { file, line } = locator.locate(['paths', urlPath, method]);
  return `${path.relative(ROOT, file)}:${line}`;
}
