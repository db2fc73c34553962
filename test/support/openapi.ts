// Reading and validating against the bundled contracts (packages/contracts/bundles/<area>.json).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { HTTP_METHODS, deref, type Json } from '../../scripts/lib/openapi.ts';
import { bundlePath, listAreas } from '../../scripts/lib/paths.ts';

export { HTTP_METHODS, deref, listAreas, type Json };

const bundles = new Map<string, Json>();
export function loadBundle(area: string): Json {
  if (!bundles.has(area)) bundles.set(area, JSON.parse(readFileSync(bundlePath(area, 'json'), 'utf8')));
  return bundles.get(area);
}

export interface OperationEntry {
  area: string;
  path: string;
  method: string;
  operationId: string;
  operation: Json;
}

export function operationsOf(area: string): OperationEntry[] {
  const document = loadBundle(area);
  return Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, Json]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      area,
      path,
      method,
      operationId: item[method].operationId,
      operation: item[method],
    })),
  );
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

export const validateSchema = (area: string, schemaName: string, value: unknown) =>
  validateAt(area, `#/components/schemas/${schemaName}`, value);

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** Validates an answer against the operation's documented response for that status. */
export function validateAnswer(area: string, operationId: string, status: number, body: unknown, contentType = 'application/json'): string[] {
  const entry = operationsOf(area).find((op) => op.operationId === operationId);
  if (!entry) throw new Error(`no operation ${operationId} in ${area}`);
  const document = loadBundle(area);
  const responses = entry.operation.responses ?? {};
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : 'default';
  const response = deref(document, responses[key]);
  if (!response) return [`${operationId} does not document status ${status}`];
  const media = response.content ? Object.keys(response.content).find((type) => type.split(';')[0] === contentType.split(';')[0]) : undefined;
  if (!response.content) return body === undefined || body === '' || body === null ? [] : [`status ${status} has no body in the contract`];
  if (!media) return [`status ${status} has no ${contentType} body in the contract`];
  const pathPointer = `#/paths/${entry.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${entry.method}`;
  const responsePointer = responses[key].$ref
    ? `${responses[key].$ref}/content/${media.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`
    : `${pathPointer}/responses/${key}/content/${media.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
  return validateAt(area, responsePointer, body);
}
