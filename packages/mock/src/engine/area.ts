// What an area adds to the mock. The engine knows no area by name: each area brings its
// behaviour (handlers by operationId), its state model, its options and CLI flags, and what it
// reports at start. The engine routes, checks security, validates requests and answers against
// the contract, keeps one state per namespace (access key), and calls the area's handlers.
// The handlers' types are handler-types.ts; the optional part for a protocol of the area's own
// (the database's Hrana) is area-protocol.ts; this module puts an area together (defineArea).
import type { AreaFlag } from './area-flags.ts';
import type { AreaProtocol } from './area-protocol.ts';
import type { AnyOperation, Clock, Handlers, MockRequest, MockResponse, OpenApiDocument, OperationsOf, Violation } from './handler-types.ts';
import type { AreaSuiteSetup } from './suite-setup.ts';

export { type AreaFlag, UsageError } from './area-flags.ts';
export type { AreaProtocol, AreaUpgrade, BodyLimit, MessagePart, UnroutedRequest, UpgradeContext } from './area-protocol.ts';
export type {
  AnyOperation,
  CallContext,
  Clock,
  Handler,
  Handlers,
  MockRequest,
  MockResponse,
  OpenApiDocument,
  OperationsOf,
  Violation,
} from './handler-types.ts';

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
