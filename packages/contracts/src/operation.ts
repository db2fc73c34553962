// The shape of one row of the operation table (src/generated/operations.ts).
import type { AreaName } from './generated/areas.ts';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export interface OperationParameter {
  /** The name as the contract declares it (header names keep their declared case). */
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
}

export interface Operation {
  readonly area: AreaName;
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path template as written in the contract, for example `/library/{libraryId}/videos`. */
  readonly path: string;
  /** The path item's parameters and then the operation's own (an operation's parameter replaces the path item's of the same name and place). */
  readonly parameters: readonly OperationParameter[];
  /** The media types the request body may have, in contract order; empty without a request body. */
  readonly requestMediaTypes: readonly string[];
  readonly requestBodyRequired: boolean;
  /** Each documented status (or `default`, `4XX`, ...) and the media types of its body; empty for an answer without a body. */
  readonly responses: { readonly [status: string]: readonly string[] };
  /** The `x-` fields on the operation, with their values (see openapi/EXTENSIONS.md). */
  readonly extensions: { readonly [name: `x-${string}`]: unknown };
  /**
   * The security requirements: any one of them is enough, and each lists the scheme names it
   * needs together. `[]`: no security (anonymous access).
   */
  readonly security: readonly (readonly string[])[];
}
