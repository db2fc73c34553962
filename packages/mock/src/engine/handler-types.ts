// What an area's handler is handed and answers, typed by the contract as openapi-fetch and MSW
// type calls from `paths`: an area's handler keys are its operationIds (a key the contract does
// not have fails to compile), each handler's parameters and body are the operation's, and its
// answer is one of the operation's documented statuses with that status's body. The engine still
// validates every answer at run time. Also what a handler reaches besides its request: the
// namespace's state and virtual clock (CallContext).
import type { AreaOperations } from '@platform-contracts/contracts';
import type { OperationRequestBodyContent } from 'openapi-typescript-helpers';

/**
 * An operation as openapi-typescript types it (`operations['createVideo']` of an area's generated
 * types): its parameters by location, its request body by media type, its answers by status.
 */
export interface ContractOperation {
  parameters: { path?: unknown; query?: unknown; header?: unknown; cookie?: unknown };
  requestBody?: unknown;
  responses: object;
}

/** An operation without generated types: any parameter, any body, any status (the engine's own view). */
export interface AnyOperation extends ContractOperation {
  parameters: { path: Record<string, unknown>; query?: Record<string, unknown> };
  requestBody?: { content: Record<string, unknown> };
  responses: Record<number, { content: Record<string, unknown> }>;
}

/** An area's operations by operationId: generated for every area of the registry (AreaOperations). */
export type OperationsOf<Name extends string> = Name extends keyof AreaOperations ? AreaOperations[Name] : Record<string, AnyOperation>;

/** A location's parameters, or none when the operation declares none there (`never` in the generated types). */
type Declared<T> = [NonNullable<T>] extends [never] ? Record<never, never> : NonNullable<T>;
type PathOf<Op> = Op extends { parameters: { path?: infer P } } ? Declared<P> : Record<never, never>;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? Declared<Q> : Record<never, never>;

/** The path parameters an operation declares, by name, as sent (validated, percent-decoded text). */
export type PathParams<Op = AnyOperation> = { [Name in keyof PathOf<Op>]-?: string };
/** The query parameters an operation declares, by name, as sent: the first value, or every value when repeated. */
export type QueryParams<Op = AnyOperation> = { [Name in keyof QueryOf<Op>]?: string | string[] };
/** The request body an operation takes, parsed (JSON) or as text, as its generated types say; undefined without one. */
export type RequestBody<Op = AnyOperation> = Op extends { requestBody?: infer Body }
  ? [NonNullable<Body>] extends [never]
    ? undefined
    : OperationRequestBodyContent<Op>
  : undefined;

/** A request the engine has routed and validated, handed to an area's handler. */
export interface MockRequest<Op = AnyOperation> {
  /** The operation's operationId, for example `createVideo`. */
  operationId: string;
  method: string;
  path: string;
  /** Path parameters by their declared names, percent-decoded. */
  params: PathParams<Op>;
  /** Query parameters by name (first value, or every value when repeated). */
  query: QueryParams<Op>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON for JSON media types, text otherwise, undefined without a body. */
  body: RequestBody<Op>;
  /** The media type the body was sent as (lower case, no parameters), when there is a body. */
  contentType?: string;
}

/** A documented status as a number: `200` for 200; any number for `default` or a range such as `4XX`. */
type StatusOf<Key> = Key extends number ? Key : number;
/** What a documented answer's body may be: one of its media types' contents; nothing when it documents none. */
type ContentOf<Response> = Response extends { content: infer Content } ? Content[keyof Content] : undefined;
type Responses<Op> = Op extends { responses: infer R } ? R : never;

/**
 * An answer: one of the operation's documented statuses, with a body that status documents (or
 * none; an object or array is sent as JSON, a string as text).
 */
export type MockResponse<Op = AnyOperation> = {
  [Key in keyof Responses<Op>]: { status: StatusOf<Key>; headers?: Record<string, string>; body?: ContentOf<Responses<Op>[Key]> };
}[keyof Responses<Op>];

/** A request violation found while validating (or by the mock's own parsing). */
export interface Violation {
  /** Where, with names as the contract declares them: ['body', 'title'], ['query', 'page'], ['path', 'libraryId']. */
  location: string[];
  message: string;
}

/** A bundled contract, as parsed JSON. */
export type OpenApiDocument = {
  components?: { examples?: Record<string, { value?: unknown }> };
  [key: string]: unknown;
};

/** The mock's virtual clock: real time plus whatever tests advanced it by. */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /**
   * Whether the clock has reached `time` (ms since the epoch): `now() >= time`. A GET handler that
   * reads the clock only through it may have its answer given again while each of its checks
   * gives the same result (a handler that calls `now()` never does: see `handlers`).
   */
  reached(time: number): boolean;
  /** What the clock was advanced by, in shared memory (Float64Array [ms]), for threads that follow it. */
  readonly sharedOffset?: SharedArrayBuffer;
}

/** What a handler knows about the call besides the request. */
export interface CallContext<State> {
  /** This caller's state of the area (one per namespace, made from the area's seed on first use). */
  state: State;
  /** The namespace: the credential the request was authenticated with (its access key). */
  namespace: string;
  /** The namespace's virtual clock (the mock's clock until a test moves the namespace's own). */
  clock: Clock;
  /** Another namespace's state of this area (made on first use), for areas whose credentials lead to a namespace (database tokens). */
  stateOf(namespace: string): State;
}

/** Answers one operation: its request and answer typed by the contract (any operation by default). */
export type Handler<State, Op = AnyOperation> = (request: MockRequest<Op>, call: CallContext<State>) => MockResponse<Op> | Promise<MockResponse<Op>>;

/** An area's handlers by operationId: each typed by its operation; the others are answered from the contract's examples. */
export type Handlers<Operations, State> = { [OperationId in keyof Operations]?: Handler<State, Operations[OperationId]> };
