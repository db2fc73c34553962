// The optional part of an area's behaviour for a protocol of its own beside its contract's
// operations (today the database's Hrana): credentials that lead to a namespace, body limits, data
// kept outside the state, paths the contract leaves out, and connection upgrades on the mock's
// port. The engine, the doors and the controls read it without knowing the area.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AnyOperation, Clock, MockResponse } from './handler-types.ts';

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
  /**
   * The answer for a path no operation has, where the area knows better than a bare 404: a
   * protocol variant the contract does not describe as operations (the database's Hrana in
   * Protobuf, whose bodies are not JSON), served and validated by the area itself. Undefined
   * leaves the path to the engine's 404.
   */
  unrouted?(request: UnroutedRequest, context: { stateOf(namespace: string): State }): MockResponse | Promise<MockResponse> | undefined;
  /** Connection upgrades (WebSocket) the area serves on the mock's port. */
  upgrade?: AreaUpgrade<State>;
}

/** A request on a path no operation has, as it came: the raw body's bytes. */
export interface UnroutedRequest {
  method: string;
  rawPath: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer | undefined;
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
