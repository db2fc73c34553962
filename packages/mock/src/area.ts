// What an area adds to the mock. The engine knows no area by name: each area brings its
// behaviour (handlers by operationId), its state model, its options and CLI flags, and what it
// reports at start. The engine routes, checks security, validates requests and answers against
// the contract, keeps one state per namespace (access key), and calls the area's handlers.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { exactInteger } from './exact-json.ts';

/** A request the engine has routed and validated, handed to an area's handler. */
export interface MockRequest {
  /** The operation's operationId, for example `createVideo`. */
  operationId: string;
  method: string;
  path: string;
  /** Path parameters by their declared names, percent-decoded. */
  params: Record<string, string>;
  /** Query parameters by name (first value, or every value when repeated). */
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON for JSON media types, text otherwise, undefined without a body. */
  body: unknown;
  /** The media type the body was sent as (lower case, no parameters), when there is a body. */
  contentType?: string;
}

export interface MockResponse {
  status: number;
  headers?: Record<string, string>;
  /** An object or array is sent as JSON; a string as text; undefined sends no body. */
  body?: unknown;
}

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

export type Handler<State> = (request: MockRequest, call: CallContext<State>) => MockResponse | Promise<MockResponse>;

export interface AreaContext<Options> {
  /** The area's bundled contract. */
  document: OpenApiDocument;
  /** The value of a named example under components.examples, deep-copied. */
  example<T = unknown>(name: string): T;
  /** A validator of a named schema under components.schemas, for messages that are not HTTP bodies (WebSocket frames). */
  schema(name: string): (value: unknown) => Violation[];
  /** The area's options, as given to startMock (or parsed from its CLI flags). */
  options: Options;
  clock: Clock;
  /** A namespace's virtual clock (the mock's clock until a test moves the namespace's own). */
  clockOf(namespace: string): Clock;
}

export interface AreaBehaviour<State, Info> {
  /** A namespace's state on first use, typically from the contract's examples. */
  seed?(namespace: string): State;
  /** State as JSON, for snapshots (default: the state itself, which must then be plain JSON). */
  exportState?(state: State, namespace: string): unknown | Promise<unknown>;
  /**
   * Checks a snapshot's part before any area imports it: throws why it cannot be imported. Every
   * area's check passes before any importState runs, so that a refused snapshot changes nothing.
   */
  checkImport?(snapshot: unknown, namespace: string): void | Promise<void>;
  /** State from a snapshot made by exportState (default: the JSON itself), for the namespace that takes it (checked by checkImport). */
  importState?(snapshot: unknown, namespace: string): State;
  /** A namespace's state was forgotten (a reset; undefined: every namespace), for areas that hold more than the state. */
  onReset?(namespace: string | undefined): void;
  /** Answers by operationId; operations without a handler are answered from the contract's examples. */
  handlers?: Record<string, Handler<State>>;
  /** The area's error answer for a request that failed validation (security failures excluded). */
  invalidRequest?: (violations: Violation[], request: MockRequest) => MockResponse | undefined;
  /**
   * The namespace a request's credential leads to when it is no access key (a database token
   * leads to the namespace that issued it), so that the namespace's faults and clock apply.
   */
  namespaceOf?(headers: Record<string, string>): string | undefined;
  /** What the running mock's handle offers for this area (`mock.areas.<name>`), e.g. start-up tokens. */
  info?: Info;
  /** Lines the CLI prints at start, after the list of operations. */
  report?(): string[];
  /** Releases what the area holds (databases, timers) when the mock stops. */
  close?(): void | Promise<void>;
  /** Writes whose bodies never go into the namespace's state (the area keeps their data elsewhere, under limits of its own): the state size cap does not count them. */
  outsideState?: string[];
  /** Largest request body by operationId, where an operation takes more (or less) than the mock-wide limit; `option` names what raises it. */
  bodyLimits?: Record<string, BodyLimit>;
  /** The answer for a path no operation has, where the area knows better than a bare 404 (a protocol variant it does not serve). */
  unrouted?(method: string, rawPath: string): MockResponse | undefined;
  /** Connection upgrades (WebSocket) the area serves on the mock's port. */
  upgrade?: AreaUpgrade<State>;
}

/** A request body limit and the option (and flag) that sets it, for the 413's message. */
export interface BodyLimit {
  bytes: number;
  /** `the database option maxPipelineBodyBytes (--db-max-pipeline-body-bytes)`. */
  option: string;
}

/** What an area's upgrade handler may reach: the namespaces' state of its area, and the clock. */
export interface UpgradeContext<State> {
  /** A namespace's state of this area (made on first use); call it at each use, a reset replaces it. */
  stateOf(namespace: string): State;
  clock: Clock;
}

/** A connection upgrade an area serves; the HTTP door hands it the socket once the door accepted the request. */
export interface AreaUpgrade<State> {
  /** One line for the answer to an upgrade nobody serves: `Hrana over WebSocket (hrana1, hrana2, hrana3) on /`. */
  description: string;
  /** Whether the area takes an upgrade of this raw path (without the query). */
  accepts(rawPath: string): boolean;
  /** Takes the socket and completes the handshake (undefined), or refuses it: the door writes the answer. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer, context: UpgradeContext<State>): MockResponse | undefined;
}

/** A CLI flag of an area, in node:util parseArgs form plus the text `--help` shows. */
export interface AreaFlag {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** For `--help`: `--db-dir DIR  Folder holding one SQLite file per database`. */
  description: string;
  /** Shown after the flag name for string flags, e.g. `DIR`. */
  valueName?: string;
}

export interface AreaDefinition<Name extends string = string, Options = unknown, State = unknown, Info = unknown> {
  /** The area's name: its folder under openapi/ and its bundle's file name. */
  name: Name;
  /** The area's CLI flags, by flag name (without the dashes). */
  flags?: Record<string, AreaFlag>;
  /** Turns parsed CLI flags into options; throw a UsageError for a bad value. */
  optionsFromFlags?(flags: Record<string, unknown>): Options;
  setup(context: AreaContext<Options>): AreaBehaviour<State, Info> | Promise<AreaBehaviour<State, Info>>;
}

/** A bad option or flag value: the CLI prints its message and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const defineArea = <Name extends string, Options = Record<string, never>, State = undefined, Info = undefined>(
  definition: AreaDefinition<Name, Options, State, Info>,
): AreaDefinition<Name, Options, State, Info> => definition;

// `any` where the other parameters stand: an area's State is invariant (handlers take it, seed
// gives it), so matching it against `unknown` would make every area with state `never`.
export type OptionsOf<A> = A extends AreaDefinition<string, infer Options, any, any> ? Options : never;
export type InfoOf<A> = A extends AreaDefinition<string, any, any, infer Info> ? Info : never;

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

/**
 * A path parameter already validated as an integer, exactly: a number, or a bigint beyond 2^53
 * (an int64 ID such as 9223372036854775807 is answered with the same digits).
 */
export function integerParam(request: MockRequest, name: string): number | bigint {
  return exactInteger(request.params[name] ?? '');
}

/** A query parameter already validated as an integer, exactly (see integerParam), or the fallback when absent. */
export function exactIntegerQuery(request: MockRequest, name: string, fallback: number): number | bigint {
  const value = queryValue(request, name);
  return value === undefined ? fallback : exactInteger(value);
}

/** A query parameter already validated as an integer, or the fallback when absent. */
export function integerQuery(request: MockRequest, name: string, fallback: number): number {
  const value = queryValue(request, name);
  return value === undefined ? fallback : Number(value);
}
