// A bundled contract compiled once into what answering a request needs: per operation its route,
// its parameters, request media types, security and documented responses, with JSON Schema
// validators (ajv, 2020-12) for every parameter, body and response.
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Violation } from './area.ts';

type Json = Record<string, unknown>;
type Schema = Json | boolean;

export interface CompiledParameter {
  /** As declared: `libraryId`. */
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
  /** Whether the schema wants an array (query `form` style, exploded by default). */
  array: boolean;
  explode: boolean;
}

export interface CompiledMedia {
  /** `application/json`, `text/plain`, `application/*+json`. */
  type: string;
  schema?: Schema;
  /** The first named example's value, or the `example`. */
  example?: unknown;
  examples: Record<string, unknown>;
}

export interface CompiledResponse {
  status: string;
  contents: CompiledMedia[];
}

export interface SecurityScheme {
  name: string;
  type: 'apiKey' | 'http' | string;
  /** apiKey: the header or query parameter holding the key. */
  in?: string;
  keyName?: string;
  /** http: `bearer`, `basic`. */
  scheme?: string;
}

export interface CompiledOperation {
  area: string;
  operationId: string;
  method: string;
  /** Template as in the contract: `/library/{libraryId}/videos`. */
  path: string;
  parameters: CompiledParameter[];
  body?: { required: boolean; contents: CompiledMedia[] };
  /** Alternatives (any one suffices); each alternative needs all its schemes. Empty: no security. */
  security: SecurityScheme[][];
  responses: Map<string, CompiledResponse>;
  extensions: Record<string, unknown>;
  validateParameters(values: ParameterValues): Violation[];
  validateBody(media: CompiledMedia, body: unknown): Violation[];
  validateResponse(status: number, mediaType: string | undefined, body: unknown): Violation[];
}

export interface ParameterValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A bundle that is not a contract the mock can serve. */
export class ContractError extends Error {
  override name = 'ContractError';
  /** The area whose bundle it is. */
  area?: string;
}

/** The mock's ajv: JSON Schema 2020-12 with OpenAPI's formats and keywords. */
export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, allowUnionTypes: true, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI's numeric formats: int64 is the whole 64-bit range, which a JSON number can only
  // approximate beyond 2^53, so any integer is accepted rather than a limit the contract never states.
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isInteger(value) });
  ajv.addFormat('int32', { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1 });
  for (const format of ['float', 'double']) ajv.addFormat(format, { type: 'number', validate: () => true });
  for (const format of ['byte', 'binary', 'password', 'int8', 'int16', 'uint8']) ajv.addFormat(format, () => true);
  ajv.addKeyword({ keyword: 'discriminator' });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'xml' });
  ajv.addKeyword({ keyword: 'externalDocs' });
  return ajv;
}

const isRef = (value: unknown): value is { $ref: string } => typeof value === 'object' && value !== null && typeof (value as Json).$ref === 'string';

/** Follows a local `$ref` (`#/components/...`) within the document. */
function resolve<T>(document: OpenApiDocument, value: unknown): T {
  let current = value;
  for (let depth = 0; isRef(current); depth++) {
    if (depth > 20 || !current.$ref.startsWith('#/')) throw new ContractError(`cannot follow $ref ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
    if (current === undefined) throw new ContractError(`$ref ${(value as { $ref: string }).$ref} points at nothing`);
  }
  return current as T;
}

function mediaOf(document: OpenApiDocument, type: string, media: Json): CompiledMedia {
  const examples: Record<string, unknown> = {};
  for (const [name, example] of Object.entries((media.examples as Json | undefined) ?? {})) {
    const value = resolve<Json>(document, example);
    if ('value' in value) examples[name] = value.value;
  }
  const first = Object.values(examples)[0];
  return { type: type.toLowerCase(), schema: media.schema as Schema | undefined, examples, example: 'example' in media ? media.example : first };
}

/** Compiles every operation of an area's bundle. */
export function compileContract(area: string, document: OpenApiDocument): CompiledOperation[] {
  try {
    return compileOperations(area, document);
  } catch (error) {
    const failure = error instanceof ContractError ? error : new ContractError((error as Error).message);
    failure.area = area;
    throw failure;
  }
}

function compileOperations(area: string, document: OpenApiDocument): CompiledOperation[] {
  if (typeof document !== 'object' || document === null || typeof document.openapi !== 'string' || !String(document.openapi).startsWith('3.')) {
    throw new ContractError('it is not an OpenAPI 3 document (no `openapi: 3.x` field)');
  }
  if (typeof document.paths !== 'object' || document.paths === null) throw new ContractError('it has no `paths`');
  checkReferences(document);
  const ajv = newAjv();
  const documentId = `urn:platform:${area}`;
  ajv.addSchema({ $id: documentId, components: (document.components ?? {}) as Json }, undefined, undefined, false);
  /** Schemas refer to `#/components/schemas/X`: compile each within the document's base. */
  const compile = (schema: Schema): ValidateFunction => {
    const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${documentId}#/`)) as Schema;
    return ajv.compile(typeof rebased === 'boolean' ? rebased : { ...rebased, $schema: undefined });
  };

  const schemes = (document.components as Json | undefined)?.securitySchemes as Record<string, Json> | undefined;
  const securityOf = (requirements: unknown): SecurityScheme[][] =>
    ((requirements as Record<string, unknown>[] | undefined) ?? []).map((requirement) =>
      Object.keys(requirement).map((name) => {
        const scheme = resolve<Json>(document, schemes?.[name]);
        if (!scheme) throw new ContractError(`security scheme ${name} is not defined`);
        return { name, type: String(scheme.type), in: scheme.in as string | undefined, keyName: scheme.name as string | undefined, scheme: (scheme.scheme as string | undefined)?.toLowerCase() };
      }),
    );

  const operations: CompiledOperation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths as Json)) {
    const item = resolve<Json>(document, rawItem);
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const declared = new Map<string, Json>();
      for (const raw of [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])]) {
        const parameter = resolve<Json>(document, raw);
        declared.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const parameters: CompiledParameter[] = [...declared.values()].map((p) => {
        const schema = (p.schema as Schema | undefined) ?? {};
        const resolvedSchema = typeof schema === 'object' ? resolve<Json>(document, schema) : {};
        return {
          name: String(p.name),
          in: p.in as CompiledParameter['in'],
          required: p.in === 'path' || p.required === true,
          schema,
          array: resolvedSchema.type === 'array',
          explode: p.explode !== false,
        };
      });
      const requestBody = operation.requestBody ? resolve<Json>(document, operation.requestBody) : undefined;
      const body = requestBody
        ? { required: requestBody.required === true, contents: Object.entries((requestBody.content as Json) ?? {}).map(([type, media]) => mediaOf(document, type, media as Json)) }
        : undefined;
      const responses = new Map<string, CompiledResponse>();
      for (const [status, raw] of Object.entries((operation.responses as Json) ?? {})) {
        const response = resolve<Json>(document, raw);
        responses.set(status, { status, contents: Object.entries((response.content as Json) ?? {}).map(([type, media]) => mediaOf(document, type, media as Json)) });
      }
      const operationId = String(operation.operationId ?? `${method} ${path}`);
      const extensions = Object.fromEntries(Object.entries(operation).filter(([key]) => key.startsWith('x-')));

      // Parameters are validated as one object per location, with declared names, coercing the
      // text they arrive as into the schema's type first (as Prism does). Validators are compiled
      // on an operation's first use, so that start-up does not pay for operations never called.
      const parameterValidators = lazy(() =>
        (['path', 'query', 'header'] as const).map((location) => {
          const own = parameters.filter((p) => p.in === location);
          if (own.length === 0) return undefined;
          const key = (p: CompiledParameter) => (location === 'header' ? p.name.toLowerCase() : p.name);
          const validate = compile({ type: 'object', properties: Object.fromEntries(own.map((p) => [key(p), p.schema])), required: own.filter((p) => p.required).map(key) });
          return { location, validate, coerce: coercer(own, document), declaredName: new Map(own.map((p) => [p.name.toLowerCase(), p.name])) };
        }),
      );
      const bodyValidators = new Map<CompiledMedia, ValidateFunction>();
      const bodyValidator = (media: CompiledMedia) => {
        let validate = bodyValidators.get(media);
        if (!validate && media.schema !== undefined) bodyValidators.set(media, (validate = compile(media.schema)));
        return validate;
      };
      const responseValidators = new Map<string, ValidateFunction>();
      const responseValidator = (status: string, media: CompiledMedia) => {
        const key = `${status} ${media.type}`;
        let validate = responseValidators.get(key);
        if (!validate && media.schema !== undefined) responseValidators.set(key, (validate = compile(media.schema)));
        return validate;
      };

      operations.push({
        area,
        operationId,
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        security: securityOf(operation.security ?? document.security),
        responses,
        extensions,
        validateParameters(values) {
          const violations: Violation[] = [];
          for (const validator of parameterValidators()) {
            if (!validator) continue;
            const input = validator.coerce(values[validator.location]);
            if (!validator.validate(input)) violations.push(...toViolations(validator.validate.errors, validator.location, validator.declaredName));
            else Object.assign(values[validator.location], input);
          }
          return violations;
        },
        validateBody(media, value) {
          const validate = bodyValidator(media);
          if (!validate || validate(value)) return [];
          return toViolations(validate.errors, 'body');
        },
        validateResponse(status, mediaType, value) {
          const response = responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`) ?? responses.get('default');
          if (!response) return [{ location: ['response'], message: `status ${status} is not documented (${[...responses.keys()].join(', ')})` }];
          if (value === undefined) return [];
          const media = response.contents.find((m) => mediaMatches(m.type, mediaType ?? ''));
          if (!media) return [{ location: ['response', 'content-type'], message: `${mediaType} is not documented for ${status}` }];
          const validate = responseValidator(response.status, media);
          if (!validate || validate(value)) return [];
          return toViolations(validate.errors, 'response');
        },
      });
    }
  }
  return operations;
}

/** Every `$ref` must lead somewhere, so that a broken bundle is refused at start rather than at a request. */
function checkReferences(document: OpenApiDocument) {
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    if (isRef(node)) resolve(document, node);
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
}

function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Text values of one location turned into the types their schemas want (integers, booleans, arrays). */
function coercer(parameters: CompiledParameter[], document: OpenApiDocument) {
  const kinds = new Map(
    parameters.map((p) => {
      const schema = typeof p.schema === 'object' ? resolve<Json>(document, p.schema) : {};
      const items = schema.type === 'array' && typeof schema.items === 'object' ? resolve<Json>(document, schema.items) : undefined;
      return [p.in === 'header' ? p.name.toLowerCase() : p.name, { type: typeOf(items ?? schema), array: schema.type === 'array' }];
    }),
  );
  return (values: Record<string, unknown>) => {
    const coerced: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries(values)) {
      const kind = kinds.get(name);
      if (!kind) continue;
      if (kind.array) {
        const list = Array.isArray(raw) ? raw : String(raw).split(',');
        coerced[name] = list.map((item) => coerceText(String(item), kind.type));
      } else {
        coerced[name] = coerceText(Array.isArray(raw) ? String(raw[0]) : String(raw), kind.type);
      }
    }
    return coerced;
  };
}

function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((t) => t !== 'null');
  return undefined;
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function coerceText(text: string, type: string | undefined): unknown {
  if ((type === 'integer' && INTEGER.test(text)) || (type === 'number' && NUMBER.test(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export function toViolations(errors: ErrorObject[] | null | undefined, prefix: string, declaredName?: Map<string, string>): Violation[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.split('/').filter(Boolean).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (declaredName && path[0] !== undefined) path[0] = declaredName.get(path[0].toLowerCase()) ?? path[0];
    // As Prism reports them: a missing or unknown property at the object that holds it.
    const extra = error.params as { additionalProperty?: string; unevaluatedProperty?: string; allowedValues?: unknown[] };
    const detail = extra.allowedValues ? `: ${extra.allowedValues.join(', ')}` : extra.additionalProperty ? `; found '${extra.additionalProperty}'` : extra.unevaluatedProperty ? `: '${extra.unevaluatedProperty}'` : '';
    return { location: [prefix, ...path], message: `${error.message ?? error.keyword}${detail}` };
  });
}

/** Whether a documented media type (possibly `application/*+json`) covers a sent one. */
export function mediaMatches(documented: string, sent: string): boolean {
  if (documented === sent || documented === '*/*') return true;
  const [type, subtype] = documented.split('/');
  const [sentType, sentSubtype] = sent.split('/');
  if (type !== sentType && type !== '*') return false;
  if (subtype === '*') return true;
  if (subtype?.startsWith('*+')) return sentSubtype?.endsWith(subtype.slice(1)) ?? false;
  return false;
}
