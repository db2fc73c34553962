// What an area adds to the mock: behaviour for its operations, on top of Prism's validation.
import type { IHttpOperation } from '@stoplight/types';

export interface MockRequest {
  operation: IHttpOperation;
  /** The operation's operationId, for example `createVideo`. */
  operationId: string;
  method: string;
  path: string;
  /** Path parameters by name, as sent (strings). */
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: unknown;
}

export interface MockResponse {
  status: number;
  headers?: Record<string, string>;
  /** An object or array is sent as JSON; a string as text; undefined sends no body. */
  body?: unknown;
}

/** A request violation found by Prism (or by the mock's own parsing). */
export interface Violation {
  /** Where: for example ['body', 'title'] or ['query', 'page']. */
  location: string[];
  message: string;
}

/** A bundled contract, as parsed JSON. */
export type OpenApiDocument = {
  components?: { examples?: Record<string, { value?: unknown }> };
  [key: string]: unknown;
};

export interface AreaContext {
  /** The area's bundled contract. */
  document: OpenApiDocument;
  /** The value of a named example under components.examples, deep-copied. */
  example<T = unknown>(name: string): T;
  /** Per-area settings from the mock's options, keyed by area name (for example `database`). */
  settings: Readonly<Record<string, unknown>>;
}

export interface AreaBehaviour {
  /**
   * Answers by operationId, after Prism has checked security and validated the request.
   * The answer is validated against the contract like any other. Handlers are synchronous
   * because Prism's mocking step is.
   */
  handlers?: Record<string, (request: MockRequest) => MockResponse>;
  /** The area's error answer for a request that failed validation (security failures excluded). */
  invalidRequest?: (violations: Violation[], request: MockRequest) => MockResponse | undefined;
}

export interface AreaDefinition {
  /** The area's name: its folder under openapi/ and its bundle's file name. */
  name: string;
  setup(context: AreaContext): AreaBehaviour;
}

export const defineArea = (definition: AreaDefinition): AreaDefinition => definition;

/** Violations as one readable line: `body.title: must NOT have fewer than 1 characters; ...`. */
export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => (v.location.length ? `${v.location.join('.')}: ${v.message}` : v.message)).join('; ');
}

/**
 * A query parameter's first value. Prism lets an empty value (`?perPage=`) through as if the
 * parameter were absent, so an empty value is absent here too.
 */
export function queryValue(request: MockRequest, name: string): string | undefined {
  const value = request.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === '' ? undefined : first;
}

/** A query parameter Prism has already validated as an integer, or the fallback when absent. */
export function integerQuery(request: MockRequest, name: string, fallback: number): number {
  const value = queryValue(request, name);
  return value === undefined ? fallback : Number(value);
}
