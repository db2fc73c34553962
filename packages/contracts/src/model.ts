// Builds the resolved model (operation.ts) from one bundled document: the one walk over paths,
// path items and operations in the repository. Pure: reading the bundles is operations.ts' job.
import type { AreaName } from './generated/areas.ts';
import {
  HTTP_METHODS,
  type HttpMethod,
  type Operation,
  type OperationMedia,
  type OperationParameter,
  type OperationResponse,
  type Schema,
  type SecurityScheme,
} from './operation.ts';
import { escapePointerToken, follow, RefError, resolveRef } from './refs.ts';

type Json = { [key: string]: unknown };

/** A document that is not an OpenAPI 3 contract with paths, or a reference in it that leads nowhere. */
export class ContractModelError extends Error {
  override name = 'ContractModelError';
}

/** Parsed JSON as written, untyped. */
type Written = { [key: string]: any };

export interface RawOperation {
  path: string;
  method: HttpMethod;
  /** The path item, its `$ref` followed. */
  pathItem: Written;
  /** The operation object, as written (changes to it change the document). */
  operation: Written;
  /** Where the operation sits in the document (a JSON Pointer). */
  pointer: string;
}

const asObject = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/**
 * Every operation of a document as written, in path then method order: for readers that change
 * the document itself (the reference site). Everything else reads the resolved model.
 */
export function walkOperations(document: unknown): RawOperation[] {
  const paths = asObject(asObject(document).paths);
  return Object.entries(paths).flatMap(([path, rawItem]) => {
    const { value, pointer } = follow<Json>(document, rawItem, `#/paths/${escapePointerToken(path)}`);
    const pathItem = asObject(value);
    return HTTP_METHODS.filter((method) => pathItem[method] && typeof pathItem[method] === 'object').map((method) => ({
      path,
      method,
      pathItem,
      operation: pathItem[method] as Json,
      pointer: `${pointer}/${method}`,
    }));
  });
}

/** Every operation of an area's bundle, resolved. Throws a ContractModelError for a document the model cannot describe. */
export function buildAreaModel(area: AreaName, document: unknown): Operation[] {
  const doc = asObject(document);
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.'))
    throw new ContractModelError('it is not an OpenAPI 3 document (no `openapi: 3.x` field)');
  if (typeof doc.paths !== 'object' || doc.paths === null) throw new ContractModelError('it has no `paths`');
  try {
    return walkOperations(doc).map((raw) => operationOf(area, doc, raw));
  } catch (error) {
    if (error instanceof RefError) throw new ContractModelError(error.message);
    throw error;
  }
}

function operationOf(area: AreaName, document: Json, { path, method, pathItem, operation, pointer }: RawOperation): Operation {
  const parameters = new Map<string, OperationParameter>();
  for (const raw of [...asArray(pathItem.parameters), ...asArray(operation.parameters)]) {
    const parameter = parameterOf(document, raw);
    parameters.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  const { value: body, pointer: bodyAt } = follow<Json | undefined>(document, operation.requestBody, `${pointer}/requestBody`);
  const responses: Record<string, OperationResponse> = {};
  for (const [status, raw] of Object.entries(asObject(operation.responses))) {
    const { value, pointer: at } = follow<Json>(document, raw, `${pointer}/responses/${escapePointerToken(status)}`);
    const response = asObject(value);
    responses[status] = { status, description: response.description as string | undefined, content: contentOf(document, response.content, `${at}/content`) };
  }
  const servers = (operation.servers ?? pathItem.servers ?? document.servers ?? []) as Operation['servers'];
  return {
    area,
    operationId: String(operation.operationId ?? `${method} ${path}`),
    method,
    path,
    parameters: [...parameters.values()],
    ...(body ? { requestBody: { required: body.required === true, content: contentOf(document, body.content, `${bodyAt}/content`) } } : {}),
    responses,
    security: securityOf(document, operation.security ?? document.security),
    extensions: Object.fromEntries(Object.entries(operation).filter(([key]) => key.startsWith('x-'))) as Operation['extensions'],
    servers,
    pointer,
    source: operation,
  };
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function parameterOf(document: Json, raw: unknown): OperationParameter {
  const parameter = asObject(resolveRef(document, raw));
  const style = parameter.style ?? (parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple');
  return {
    name: String(parameter.name),
    in: parameter.in as OperationParameter['in'],
    required: parameter.in === 'path' || parameter.required === true,
    schema: (parameter.schema as Schema | undefined) ?? {},
    explode: typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form',
    example: 'example' in parameter ? parameter.example : Object.values(examplesOf(document, parameter.examples))[0],
    source: parameter,
  };
}

function examplesOf(document: Json, examples: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(asObject(examples))) {
    const example = asObject(resolveRef(document, raw));
    if ('value' in example) values[name] = example.value;
  }
  return values;
}

function contentOf(document: Json, content: unknown, at: string): OperationMedia[] {
  return Object.entries(asObject(content)).map(([type, raw]) => {
    const media = asObject(raw);
    const examples = examplesOf(document, media.examples);
    const schemaAt = `${at}/${escapePointerToken(type)}/schema`;
    const schema = media.schema as Schema | undefined;
    return {
      type,
      ...(schema === undefined ? {} : { schema, schemaPointer: schemaAt }),
      examples,
      example: 'example' in media ? media.example : Object.values(examples)[0],
    };
  });
}

function securityOf(document: Json, requirements: unknown): SecurityScheme[][] {
  const schemes = asObject(asObject(document.components).securitySchemes);
  return asArray(requirements).map((requirement) =>
    Object.keys(asObject(requirement)).map((name) => {
      if (!(name in schemes)) throw new ContractModelError(`security scheme ${name} is not defined`);
      const scheme = asObject(resolveRef(document, schemes[name]));
      return {
        name,
        type: String(scheme.type),
        ...(typeof scheme.in === 'string' ? { in: scheme.in } : {}),
        ...(typeof scheme.name === 'string' ? { keyName: scheme.name } : {}),
        ...(typeof scheme.scheme === 'string' ? { scheme: scheme.scheme.toLowerCase() } : {}),
      };
    }),
  );
}
