// The resolved model of one operation, as every reader of the contracts sees it: the mock compiles
// it, the scripts render and check it, the tests walk it. Built by model.ts from a bundle; the
// objects it holds (schemas above all) are the bundle's own, so a schema keeps its `$ref`s into
// `#/components/schemas` and `schemaPointer` says where it sits.
import type { AreaName } from './generated/areas.ts';

/** Every HTTP method an OpenAPI path item can hold, in the specification's order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A JSON Schema as the contract writes it (it may be a `$ref`). */
export type Schema = { readonly [key: string]: unknown } | boolean;

export interface OperationParameter {
  /** The name as the contract declares it (header names keep their declared case). */
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  /** Path parameters are always required. */
  readonly required: boolean;
  /** `{}` when the contract gives none. */
  readonly schema: Schema;
  /** `explode` as declared (the default, true for `form` style, otherwise). */
  readonly explode: boolean;
  /** The parameter's `example`, else its first named example's value; undefined without one. */
  readonly example?: unknown;
  /** The parameter object as written, its `$ref` followed. */
  readonly source: { readonly [key: string]: unknown };
}

export interface OperationMedia {
  /** As the contract writes it: `application/json`, `text/plain`, `application/*+json`. */
  readonly type: string;
  readonly schema?: Schema;
  /** Where the schema sits in the bundle (a JSON Pointer, `#/paths/...` or `#/components/...`). */
  readonly schemaPointer?: string;
  /** Every named example's value, by name (their `$ref`s followed). */
  readonly examples: { readonly [name: string]: unknown };
  /** The media's `example`, else its first named example's value. */
  readonly example?: unknown;
}

export interface OperationRequestBody {
  readonly required: boolean;
  /** By media type, in contract order. */
  readonly content: readonly OperationMedia[];
}

export interface OperationResponse {
  /** `200`, `4XX`, `default`. */
  readonly status: string;
  readonly description?: string;
  /** By media type, in contract order; empty for an answer without a body. */
  readonly content: readonly OperationMedia[];
}

export interface SecurityScheme {
  /** The scheme's name under `components.securitySchemes`. */
  readonly name: string;
  readonly type: string;
  /** apiKey: where the key goes (`header`, `query`, `cookie`). */
  readonly in?: string;
  /** apiKey: the header or query parameter holding the key. */
  readonly keyName?: string;
  /** http: `bearer`, `basic` (lower case). */
  readonly scheme?: string;
}

export interface Operation {
  readonly area: AreaName;
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path template as written in the contract, for example `/library/{libraryId}/videos`. */
  readonly path: string;
  /** The path item's parameters and then the operation's own (an operation's parameter replaces the path item's of the same name and place). */
  readonly parameters: readonly OperationParameter[];
  readonly requestBody?: OperationRequestBody;
  /** By status, in contract order. */
  readonly responses: { readonly [status: string]: OperationResponse };
  /**
   * The security requirements: any one of them is enough, and each lists the schemes it needs
   * together. `[]`: no security (anonymous access).
   */
  readonly security: readonly (readonly SecurityScheme[])[];
  /** The `x-` fields on the operation, with their values (see openapi/EXTENSIONS.md). */
  readonly extensions: { readonly [name: `x-${string}`]: unknown };
  /** The servers it is served at: the operation's, else its path item's, else the document's. */
  readonly servers: readonly { readonly url: string; readonly variables?: { readonly [name: string]: { readonly default?: string } } }[];
  /** Where the operation sits in its bundle: `#/paths/~1library~1{libraryId}~1videos/post`. */
  readonly pointer: string;
  /** The operation object as written in the bundle, for what the model does not lift out (untyped, as any parsed JSON). */
  readonly source: { readonly [key: string]: any };
}
