// What an area adds to the mock. The engine knows no area by name: each area brings its
// behaviour (handlers by operationId), its state model, its options and CLI flags, and what it
// reports at start. The engine routes, checks security, validates requests and answers against
// the contract, keeps one state per namespace (access key), and calls the area's handlers.
//
// Handlers are keyed and typed by the contract, as openapi-fetch and MSW type calls from `paths`:
// an area's handler keys are its operationIds (a key the contract does not have fails to compile),
// each handler's parameters and body are the operation's, and its answer is one of the operation's
// documented statuses with that status's body. The engine still validates every answer at run time.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AreaOperations } from '@platform-contracts/contracts';
import type { OperationRequestBodyContent } from 'openapi-typescript-helpers';
import type { AreaFlag } from './area-flags.ts';
import type { AreaSuiteSetup } from './suite-setup.ts';

export { type AreaFlag, UsageError } from './area-flags.ts';

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

export interface AreaBehaviour<State, Info, Operations = Record<string, AnyOperation>> {
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
  /**
   * Answers by operationId; operations without a handler are answered from the contract's examples.
   * A GET handler reads: it answers from its request, its state and its clock alone (no random
   * values, no time but the clock's) and changes nothing. The engine answers a GET again with the
   * answer its handler gave while the namespace's state is unchanged and each of the handler's
   * `call.clock.reached(time)` checks holds, unless the handler read `call.clock.now()` or another
   * namespace's state (engine/reuse.ts).
   */
  handlers?: Handlers<Operations, State>;
  /** The area's error answer for a request that failed validation (security failures excluded). */
  invalidRequest?: (violations: Violation[], request: MockRequest) => MockResponse | undefined;
  /** What the running mock's handle offers for this area (`mock.areas.<name>`), e.g. start-up tokens. */
  info?: Info;
  /** Lines the CLI prints at start, after the list of operations. */
  report?(): string[];
  /** Releases what the area holds (databases, timers) when the mock stops. */
  close?(): void | Promise<void>;
  /**
   * What an area that speaks a protocol of its own beside its contract's operations needs (the
   * database's Hrana): see AreaProtocol. An area without it is handlers over a JSON state.
   */
  protocol?: AreaProtocol<State, Operations>;
}

/**
 * The optional part of an area's behaviour for a protocol of its own (today the database's Hrana:
 * tokens, pipelines, WebSocket streams), read by the engine, the doors and the controls without
 * knowing the area. Two members change the engine's answer reuse (engine/reuse.ts): with
 * `namespaceOf` or `upgrade`, the engine no longer sees every write of the area's state (a token
 * or a WebSocket message changes it too), so none of the area's GET answers is given again; an
 * operation named in `outsideState` is never reused either.
 */
export interface AreaProtocol<State, Operations = Record<string, AnyOperation>> {
  /**
   * The namespace a request's credential leads to when it is no access key (a database token
   * leads to the namespace that issued it), so that the namespace's faults and clock apply
   * (engine/namespace-of.ts decides, in one order for every request).
   */
  namespaceOf?(headers: Record<string, string>): string | undefined;
  /** Writes whose bodies never go into the namespace's state (the area keeps their data elsewhere, under limits of its own): the state size cap does not count them. */
  outsideState?: readonly (keyof Operations & string)[];
  /**
   * The most bytes of JSON the area's part of a state snapshot holds beyond its state (data it
   * keeps elsewhere under limits of its own, as the database's files), for the largest snapshot
   * `PUT /_mock/state` takes.
   */
  snapshotBytesOutsideState?: number;
  /** Largest request body by operationId, where an operation takes more (or less) than the mock-wide limit; `option` names what raises it. */
  bodyLimits?: { [OperationId in keyof Operations]?: BodyLimit };
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
  /**
   * Records one message the connection answers in the request journal (undefined when nothing is
   * recorded): `headers` carry the connection's credential as an HTTP request would (its namespace
   * is found the same way), `outcome` settles once the message is answered (rejected: the error it
   * was answered with).
   */
  record?(headers: Record<string, string>, message: unknown, outcome: Promise<unknown>): void;
}

/** A connection upgrade an area serves; the HTTP door hands it the socket once the door accepted the request. */
export interface AreaUpgrade<State> {
  /** One line for the answer to an upgrade nobody serves: `Hrana over WebSocket (hrana1, hrana2, hrana3) on /`. */
  description: string;
  /** Whether the area takes an upgrade of this raw path (without the query). */
  accepts(rawPath: string): boolean;
  /** Takes the socket and completes the handshake (undefined), or refuses it: the door writes the answer. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer, context: UpgradeContext<State>): MockResponse | undefined;
  /**
   * The parts of a connection's (JSON) message that schemas of the contract describe, for the
   * validation proxy: `[{ schema: 'StreamRequestV3', at: ['request'], value }]`; none for a
   * message the contract has no schema for. `from` is who sent it.
   */
  messageSchemas?(message: unknown, from: 'client' | 'server'): MessagePart[];
}

/** A part of an upgraded connection's message and the contract's schema (under components.schemas) for it. */
export interface MessagePart {
  schema: string;
  /** Where the part sits in the message: `['request']`. */
  at: string[];
  value: unknown;
}

export interface AreaDefinition<Name extends string = string, Options = unknown, State = unknown, Info = unknown, Operations = OperationsOf<Name>> {
  /** The area's name: its folder under openapi/ and its bundle's file name. */
  name: Name;
  /** What a test suite's setup may ask of the area (engine/suite-setup.ts). */
  suite?: AreaSuiteSetup;
  /** The area's CLI flags, by flag name (without the dashes). */
  flags?: Record<string, AreaFlag>;
  /** Turns parsed CLI flags into options; throw a UsageError for a bad value. */
  optionsFromFlags?(flags: Record<string, unknown>): Options;
  setup(context: AreaContext<Options>): AreaBehaviour<State, Info, Operations> | Promise<AreaBehaviour<State, Info, Operations>>;
}

/** The handler keys of a behaviour that are no operation of the area's contract. */
type UnknownHandlers<Behaviour, Operations> = Behaviour extends { handlers?: infer Given } ? Exclude<keyof Given, keyof Operations> : never;
type KnownHandlersOnly<Behaviour, Operations, Name extends string> = [UnknownHandlers<Behaviour, Operations>] extends [never]
  ? unknown
  : { handlersNotInTheContract: `the ${Name} contract has no operation ${UnknownHandlers<Behaviour, Operations> & string}` };

/**
 * Defines an area: `defineArea<'video', VideoMockOptions, VideoState>()({ name: 'video', ... })`.
 * Two calls, so that the behaviour `setup` returns is checked whole: its handlers' keys must be
 * operationIds of the area's contract (`Operations`, generated for every area), and each handler
 * takes and answers what its operation does.
 */
export const defineArea =
  <Name extends string, Options = Record<string, never>, State = undefined, Info = undefined, Operations = OperationsOf<Name>>() =>
  <Behaviour extends AreaBehaviour<State, Info, Operations>>(
    definition: Omit<AreaDefinition<Name, Options, State, Info, Operations>, 'setup'> & { setup(context: AreaContext<Options>): Behaviour } & KnownHandlersOnly<
        Behaviour,
        Operations,
        Name
      >,
  ): AreaDefinition<Name, Options, State, Info, Operations> =>
    definition;

// Read from setup alone: an area's State and Operations are invariant (handlers take them, seed
// gives the state), so matching a definition against `AreaDefinition<string, any, ...>` fails.
export type OptionsOf<A> = A extends { setup(context: AreaContext<infer Options>): unknown } ? Options : never;
export type InfoOf<A> = A extends { setup(context: never): infer Behaviour } ? (Awaited<Behaviour> extends { info?: infer Info } ? Info : never) : never;
