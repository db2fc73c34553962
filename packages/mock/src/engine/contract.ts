// A bundled contract compiled once into what answering a request needs: @platform-contracts/contracts'
// model of each operation (its route, parameters, request media types, security and documented
// responses) with JSON Schema validators (validation.ts) for every parameter, body and response.
import {
  type AreaName,
  buildAreaModel,
  checkRefs,
  type Operation,
  type OperationMedia,
  resolveRef,
  type Schema,
  type SecurityScheme,
} from '@platform-contracts/contracts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument, Violation } from './area.ts';
import type { JsonText } from './json-text.ts';
import { mediaMatches } from './media-types.ts';
import { coercer } from './parameter-coercion.ts';
import { propertyValidators, setFieldsValid, type TemplateMade } from './property-validation.ts';
import { createSchemaCompiler, type SchemaCompiler } from './validation.ts';
import { toViolations } from './violations.ts';

export { mediaMatches } from './media-types.ts';

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

export interface CompiledOperation {
  area: string;
  operationId: string;
  method: string;
  /** Template as in the contract: `/library/{libraryId}/videos`. */
  path: string;
  parameters: CompiledParameter[];
  body?: { required: boolean; contents: CompiledMedia[] };
  /** Alternatives (any one suffices); each alternative needs all its schemes. Empty: no security. */
  security: (readonly SecurityScheme[])[];
  responses: Map<string, CompiledResponse>;
  extensions: Operation['extensions'];
  validateParameters(values: ParameterValues): Violation[];
  validateBody(media: CompiledMedia, body: unknown): Violation[];
  /**
   * Violations of an answer's body. With `text`, the body's JSON as sent, a body written the same
   * as the last valid one of its status and media type is valid without validating it again. With
   * `made`, the template that made the body: once one of its answers was valid, the next are
   * validated by the fields they set (property-validation.ts), where the schema allows it.
   */
  validateResponse(status: number, mediaType: string | undefined, body: unknown, text?: JsonText, made?: TemplateMade): Violation[];
  /** Makes the operation's validators now; each is otherwise made on its first use. Returns how many it holds. */
  prepareValidators(): number;
}

/** A request's parameters by location, as sent (text); read, never changed. */
export interface ParameterValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

/** A bundle that is not a contract the mock can serve. */
export class ContractError extends Error {
  override name = 'ContractError';
  /** The area whose bundle it is. */
  area?: string;
}

const mediaOf = (media: OperationMedia): CompiledMedia => ({
  type: media.type.toLowerCase(),
  schema: media.schema,
  examples: { ...media.examples },
  example: media.example,
});

/** Compiles every operation of an area's bundle, from @platform-contracts/contracts' model of it. */
export function compileContract(area: string, document: OpenApiDocument): CompiledOperation[] {
  try {
    // Every `$ref` must lead somewhere, so that a broken bundle is refused at start rather than at a request.
    checkRefs(document);
    const compiler = createSchemaCompiler(document.components);
    return buildAreaModel(area as AreaName, document).map((operation) => compileOperation(operation, document, compiler));
  } catch (error) {
    const failure = error instanceof ContractError ? error : new ContractError((error as Error).message);
    failure.area = area;
    throw failure;
  }
}

function compileOperation(operation: Operation, document: OpenApiDocument, compiler: SchemaCompiler): CompiledOperation {
  const parameters: CompiledParameter[] = operation.parameters.map((p) => ({
    name: p.name,
    in: p.in,
    required: p.required,
    schema: p.schema,
    array: typeof p.schema === 'object' && resolveRef<{ type?: unknown }>(document, p.schema)?.type === 'array',
    explode: p.explode,
  }));
  const body = operation.requestBody ? { required: operation.requestBody.required, contents: operation.requestBody.content.map(mediaOf) } : undefined;
  const responses = new Map<string, CompiledResponse>(
    Object.values(operation.responses).map((r) => [r.status, { status: r.status, contents: r.content.map(mediaOf) }]),
  );

  // Parameters are validated as one object per location, with declared names, coercing the
  // text they arrive as into the schema's type first (as Prism does). Validators are made on an
  // operation's first use, so that start-up does not pay for operations never called.
  const parameterValidators = (['path', 'query', 'header'] as const).flatMap((location) => {
    const own = parameters.filter((p) => p.in === location);
    if (own.length === 0) return [];
    const key = (p: CompiledParameter) => (location === 'header' ? p.name.toLowerCase() : p.name);
    const validate = compiler.lazy({
      type: 'object',
      properties: Object.fromEntries(own.map((p) => [key(p), p.schema])),
      required: own.filter((p) => p.required).map(key),
    });
    const names = own.map(key);
    return [
      {
        location,
        validate,
        coerce: lazy(() => coercer(own, document)),
        declaredName: new Map(own.map((p) => [p.name.toLowerCase(), p.name])),
        names,
        lastValid: undefined as unknown[] | undefined,
      },
    ];
  });
  const bodyValidators = new Map<CompiledMedia, () => ValidateFunction>();
  for (const media of body?.contents ?? []) if (media.schema !== undefined) bodyValidators.set(media, compiler.lazy(media.schema));
  const responseValidators = new Map<string, ResponseValidator>();
  const byStatus = new Map<number, { media(sent: string): ResponseValidator | null | undefined } | undefined>();
  for (const response of responses.values()) {
    for (const media of response.contents) {
      if (media.schema === undefined) continue;
      // The answers areas make from templates are those of writes (a created resource): their schemas get a validator per property too.
      const properties =
        operation.method.toUpperCase() !== 'GET' && response.status.startsWith('2') ? propertyValidators(media.schema, document, compiler) : undefined;
      responseValidators.set(`${response.status} ${media.type}`, { validate: compiler.lazy(media.schema), properties });
    }
  }

  /** The documented status and media type answered last, and their validator (null: no schema). */
  let last: { status: number; mediaType: string | undefined; validator: ResponseValidator | null } = { status: -1, mediaType: undefined, validator: null };

  const compiled: CompiledOperation = {
    area: operation.area,
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    parameters,
    body,
    security: operation.security.map((alternative) => [...alternative]),
    responses,
    extensions: operation.extensions,
    validateParameters(values) {
      const violations: Violation[] = [];
      for (const validator of parameterValidators) {
        const sent = values[validator.location];
        // The declared parameters sent as the last valid ones were (a suite's requests to one path): valid alike, as coercion and the schema read nothing else.
        if (sameValues(validator.names, sent, validator.lastValid)) {
          parameterChecksRemembered++;
          continue;
        }
        const input = validator.coerce()(sent);
        const validate = validator.validate();
        if (!validate(input)) violations.push(...toViolations(validate.errors, validator.location, validator.declaredName));
        else validator.lastValid = valuesOf(validator.names, sent);
      }
      return violations;
    },
    validateBody(media, value) {
      const validate = bodyValidators.get(media)?.();
      if (!validate || validate(value)) return [];
      return toViolations(validate.errors, 'body');
    },
    validateResponse(status, mediaType, value, text, made) {
      let validator: ResponseValidator | null | undefined;
      // The validator of the status and media type answered last (an operation answers the same again and again): no look-up.
      if (status === last.status && mediaType === last.mediaType) {
        if (value === undefined) return [];
        validator = last.validator;
      } else {
        const response = responseFor(status);
        if (!response) return [{ location: ['response'], message: `status ${status} is not documented (${[...responses.keys()].join(', ')})` }];
        if (value === undefined) return [];
        validator = response.media(mediaType ?? '');
        if (validator !== undefined) last = { status, mediaType, validator };
      }
      if (validator === undefined) return [{ location: ['response', 'content-type'], message: `${mediaType} is not documented for ${status}` }];
      if (validator === null) return [];
      const { properties } = validator;
      if (made !== undefined && properties !== undefined) {
        if (validator.validTemplates?.has(made.template) && setFieldsValid(properties, made)) return [];
      } else if (text !== undefined && text === validator.lastValidText) return [];
      // A read answered again and again (a listing polled) is validated once while it stays the same.
      const validate = validator.validate();
      if (!validate(value)) return toViolations(validate.errors, 'response');
      if (made !== undefined && properties !== undefined) (validator.validTemplates ??= new WeakSet()).add(made.template);
      else validator.lastValidText = text;
      return [];
    },
    prepareValidators() {
      const all = [
        ...parameterValidators.map((validator) => validator.validate),
        ...bodyValidators.values(),
        ...[...responseValidators.values()].flatMap((validator) => [validator.validate, ...(validator.properties?.values() ?? [])]),
      ];
      for (const make of all) make();
      return all.length;
    },
  };
  return compiled;

  /** The documented response for a status (its own, its `2XX` range, or `default`), with its validators by sent media type; remembered per status. */
  function responseFor(status: number) {
    let found = byStatus.get(status);
    if (found === undefined && !byStatus.has(status)) {
      const response = responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`) ?? responses.get('default');
      const byMedia = new Map<string, ResponseValidator | null | undefined>();
      found = response && {
        /** The validator for a sent media type: null when its documented media has no schema, undefined when none is documented. */
        media(sent: string) {
          if (byMedia.has(sent)) return byMedia.get(sent);
          const media = response.contents.find((m) => mediaMatches(m.type, sent));
          const validator = media ? (responseValidators.get(`${response.status} ${media.type}`) ?? null) : undefined;
          if (byMedia.size < 16) byMedia.set(sent, validator);
          return validator;
        },
      };
      if (byStatus.size < 64) byStatus.set(status, found);
    }
    return found;
  }
}

interface ResponseValidator {
  validate: () => ValidateFunction;
  /** A validator per property, where an answer made from a template can be validated by the fields it sets. */
  properties: Map<string, () => ValidateFunction> | undefined;
  /** Templates one of whose answers was found valid whole: what they hold but the fields they set is valid. */
  validTemplates?: WeakSet<object>;
  /** The JSON text of the last body found valid. */
  lastValidText?: JsonText;
}

/** How many locations' parameters were found valid as the same values sent before, in this process (tests count them). */
let parameterChecksRemembered = 0;
export const parametersRemembered = (): number => parameterChecksRemembered;

/** The declared parameters' values as sent (undefined where absent), to remember; undefined when one is not a single text (a query's list is checked anew). */
function valuesOf(names: readonly string[], sent: Record<string, unknown>): unknown[] | undefined {
  const values = names.map((name) => sentValue(sent, name));
  return values.every((value) => value === undefined || typeof value === 'string') ? values : undefined;
}

/** Whether the declared parameters sent are those remembered, each the same text (or absent alike). */
function sameValues(names: readonly string[], sent: Record<string, unknown>, remembered: unknown[] | undefined): boolean {
  if (remembered === undefined) return false;
  for (let i = 0; i < names.length; i++) if (sentValue(sent, names[i]!) !== remembered[i]) return false;
  return true;
}

/** A declared parameter's value as sent: undefined where it is absent (an inherited key is not sent). */
const sentValue = (sent: Record<string, unknown>, name: string): unknown => (Object.hasOwn(sent, name) ? sent[name] : undefined);

function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
