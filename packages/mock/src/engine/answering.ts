// The engine's path for one request: route, credential and namespace, faults, request validation,
// then Prism or the area's behaviour, each answer checked against the contract; what the journal
// learns of each call is answered-call.ts. createEngine (engine.ts) sets it up.

import { checked, documentedAnswer, documentedAnswerOrProblem, type EngineAnswer, faultAnswer, problem, type ServedOperation, toAnswer } from './answer.ts';
import { type AnsweredCall, newTrace, type Trace } from './answered-call.ts';
import type { AreaBehaviour, MockRequest, MockResponse, Violation } from './area.ts';
import type { CompiledOperation } from './contract.ts';
import type { Faults } from './faults.ts';
import { heapBytes } from './heap-bytes.ts';
import { findKept } from './kept-read.ts';
import { namespaceDecision, type TokenNamespace } from './namespace-of.ts';
import { DEFAULT_MAX_STATE_BYTES, type MockClock, type NamespaceClocks, type Namespaces, stateCapMessage } from './namespaces.ts';
import { PreferenceError, type PrismAdapter } from './prism.ts';
import { credentialOf, credentialsNamed, type IncomingRequest, notAcceptable, readRequest } from './request.ts';
import { type AnswerReuse, type ClockCheck, type ReuseTicket, watchedClock } from './reuse.ts';
import type { createRoutes } from './routes.ts';
import { isThenable, mapSettled } from './thenable.ts';
import { runWrite } from './write-handler.ts';

/** Methods that add nothing to a namespace's state (a DELETE frees room: it is never refused for the cap). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);
/** What a write may add to a namespace's state beyond its body (generated IDs, times, counters), for the state size cap. */
const WRITE_OVERHEAD_BYTES = 1024;
export type AnyBehaviour = AreaBehaviour<unknown, unknown>;

/** An operation's part of the answering path, decided once: its area's behaviour and handler, whether a write is charged to the state cap, whether a read may be kept. */
interface OperationPlan {
  behaviour: AnyBehaviour;
  handler: NonNullable<AnyBehaviour['handlers']>[string] | undefined;
  charged: boolean;
  reusable: boolean;
  served: ServedOperation;
}

/** What the answering path works with, made once by createEngine. */
export interface EngineCore {
  behaviours: Map<string, AnyBehaviour>;
  operations: CompiledOperation[];
  routes: ReturnType<typeof createRoutes>;
  namespaces: Namespaces;
  clocks: NamespaceClocks;
  faults: Faults;
  prism: PrismAdapter;
  /** The mock's clock, under every namespace's own. */
  clock: MockClock;
  sleep: (ms: number) => Promise<void>;
  maxStateBytes?: number;
  onAnswered?: (call: AnsweredCall) => void;
  /** Answers kept per state version for reads (reuse.ts); without it every read runs its handler. */
  reuse?: AnswerReuse;
}
export type { AnsweredCall, AnsweredMessage } from './answered-call.ts';

export function createAnswering(core: EngineCore) {
  const { behaviours, operations, routes, namespaces, clocks, faults, prism } = core;
  const served = new Map(operations.map((o) => [o, { area: o.area, operationId: o.operationId, method: o.method, path: o.path } satisfies ServedOperation]));
  const servedBy = (answer: EngineAnswer, operation: CompiledOperation): EngineAnswer => {
    answer.operation = served.get(operation)!;
    return answer;
  };
  /** Operations whose data their area keeps outside the state (not charged to the state size cap). */
  const outsideState = new Set([...behaviours.values()].flatMap((behaviour) => behaviour.protocol?.outsideState ?? []));
  /**
   * What the path past routing asks of each operation, decided once (one look-up a call, not five):
   * `reusable`, a read whose answers may be kept while its namespace's state is unchanged (see
   * reuse.ts): a GET of an area the engine sees every write of.
   */
  const plans = new Map(
    operations.map((operation) => {
      const behaviour = behaviours.get(operation.area)!;
      const handler = behaviour.handlers?.[operation.operationId];
      const inState = !outsideState.has(operation.operationId);
      const reusable = operation.method === 'GET' && handler !== undefined && !behaviour.protocol?.upgrade && !behaviour.protocol?.namespaceOf && inState;
      const plan: OperationPlan = { behaviour, handler, charged: !READS.has(operation.method) && inState, reusable, served: served.get(operation)! };
      return [operation, plan];
    }),
  );

  /** Which namespace a request belongs to, for every path (namespace-of.ts). */
  const namespaceOf = namespaceDecision(tokenNamespaces(behaviours), operations);

  /**
   * The call's answer, then what the journal learns of it; a promise only where something waits
   * (most calls are answered without one: no promise, no await, nothing more to allocate).
   */
  function answerNow(incoming: IncomingRequest): EngineAnswer | Promise<EngineAnswer> {
    const onAnswered = core.onAnswered;
    if (!onAnswered) return answerRouted(incoming, newTrace(incoming, 0));
    const arrived = core.clock.now();
    const trace = newTrace(incoming, arrived);
    const routed = answerRouted(incoming, trace);
    if (isThenable(routed)) return Promise.resolve(routed).then((answered) => told(onAnswered, incoming, trace, arrived, answered));
    return told(onAnswered, incoming, trace, arrived, routed);
  }

  /** Tells the journal what was answered, and gives the answer. */
  function told(onAnswered: (call: AnsweredCall) => void, incoming: IncomingRequest, trace: Trace, arrived: number, answered: EngineAnswer): EngineAnswer {
    const namespace = (trace.namespace ??= namespaceOf(incoming.headers, trace.operation));
    // The arrival on the namespace's clock: the mock's, moved by what the namespace moved its own (offsets: no clock read).
    trace.time = arrived + clocks.of(namespace).offsetMs - core.clock.offsetMs;
    trace.status = answered.status;
    onAnswered(trace as AnsweredCall);
    return answered;
  }

  /** A path no operation has: an area's protocol may answer it (the database's Protobuf encoding), else 404. */
  async function answerUnrouted(incoming: IncomingRequest, trace: Trace): Promise<EngineAnswer> {
    for (const [area, behaviour] of behaviours) {
      const known = await behaviour.protocol?.unrouted?.(incoming, { stateOf: (namespace) => namespaces.stateOf(namespace, area) });
      if (known) return toAnswer(known);
    }
    trace.requestViolations.push({ location: ['path'], message: `no operation of the platform API has the path ${incoming.rawPath}` });
    return problem(404, 'Not found', `No operation of the platform API has the path ${incoming.rawPath}.`);
  }

  /** The call's answer; a promise only where something waits (a fault's latency, Prism, a handler that returns one). */
  function answerRouted(incoming: IncomingRequest, trace: Trace): EngineAnswer | Promise<EngineAnswer> {
    const route = routes.match(incoming.method, incoming.rawPath);
    if (route.kind === 'no-path') return answerUnrouted(incoming, trace);
    if (route.kind === 'no-method') {
      trace.requestViolations.push({ location: ['method'], message: `${incoming.rawPath} answers ${route.allow.join(', ')}, not ${incoming.method}` });
      const answer = problem(405, 'Method not allowed', `${incoming.rawPath} answers ${route.allow.join(', ')}, not ${incoming.method}.`);
      answer.headers.allow = route.allow.join(', ');
      return answer;
    }
    const { operation } = route;
    trace.operation = operation;

    const credential = credentialOf(operation, incoming.headers);
    if (credential === undefined) {
      trace.requestViolations.push({ location: ['security'], message: `no credential ${operation.operationId} accepts: ${credentialsNamed(operation)}` });
      return servedBy(documentedAnswer(operation, 401) ?? { status: 401, headers: {}, violations: [] }, operation);
    }
    const namespace = namespaceOf(incoming.headers, operation, credential);
    trace.namespace = namespace;

    const fault = faults.take(operation.operationId, namespace);
    trace.fault = fault;
    if (!fault) return answerCall(incoming, route, namespace, trace);
    const faulted = (): EngineAnswer | Promise<EngineAnswer> => {
      if (fault.network === 'reset' || fault.network === 'hang') return servedBy({ status: 0, headers: {}, violations: [], network: fault.network }, operation);
      if (fault.status !== undefined) return servedBy({ ...faultAnswer(operation, fault), network: fault.network }, operation);
      if (fault.network === 'truncate')
        return mapSettled(answerCall(incoming, route, namespace, trace), (answer) => ({ ...answer, headers: { ...answer.headers }, network: 'truncate' }));
      return answerCall(incoming, route, namespace, trace);
    };
    return fault.latencyMs ? core.sleep(fault.latencyMs).then(faulted) : faulted();
  }

  /** The call's answer past routing, credentials and faults: validation, then Prism or the area's behaviour. */
  function answerCall(
    incoming: IncomingRequest,
    route: { operation: CompiledOperation; rawParams: Record<string, string> },
    namespace: string,
    trace: Trace,
  ): EngineAnswer | Promise<EngineAnswer> {
    const { operation } = route;
    const plan = plans.get(operation)!;
    const { behaviour, handler } = plan;
    const kept = plan.reusable ? findKept(core, incoming, operation, namespace, trace) : undefined;
    if (kept?.answer) return kept.answer;

    const { request, violations, unsupported, text } = readRequest(operation, route.rawParams, incoming);
    trace.request = request;
    trace.bodyText = text;
    trace.requestViolations = violations;
    if (unsupported && !behaviour.invalidRequest) return servedBy(problem(415, 'Unsupported media type', `Content-Type ${unsupported}`), operation);

    const preference = prism.asksForPreference(incoming);
    if (violations.length > 0 && !(preference && !behaviour.invalidRequest)) {
      const refused = behaviour.invalidRequest?.(violations, request) ?? documentedAnswerOrProblem(operation, 400, violations);
      return servedBy(checked(operation, toAnswer(refused), violations, trace), operation);
    }

    const unacceptable = notAcceptable(operation, incoming.headers.accept);
    if (unacceptable) {
      trace.requestViolations = [...violations, { location: ['header', 'accept'], message: unacceptable }];
      return servedBy(problem(406, 'Not acceptable', unacceptable), operation);
    }

    if (preference || !handler) return answerByPrism(incoming, operation, request.body, preference, trace);

    // A write counts against the namespace's state size cap at what its body and parameters take, plus what a handler adds (IDs, times);
    // not an operation whose data the area keeps outside the state, under limits of its own.
    if (plan.charged && !namespaces.charge(namespace, heapBytes(request.body) + heapBytes(request.params) + WRITE_OVERHEAD_BYTES)) {
      const over = [{ location: ['body'], message: stateCapMessage(core.maxStateBytes ?? DEFAULT_MAX_STATE_BYTES) }];
      return servedBy(
        checked(operation, toAnswer(behaviour.invalidRequest?.(over, request) ?? documentedAnswerOrProblem(operation, 400, over)), [], trace),
        operation,
      );
    }
    const state = namespaces.stateOf(namespace, operation.area);
    if (kept === undefined) return runWrite(core, operation, plan.served, handler, request, namespace, state, trace);
    return runRead(incoming, operation, plan, handler, request, namespace, state, kept.ticket, trace);
  }

  /** A read's handler on a validated request (a read that may be kept; every other call is runWrite's), its answer checked and kept where it may be. */
  function runRead(
    incoming: IncomingRequest,
    operation: CompiledOperation,
    plan: OperationPlan,
    handler: NonNullable<OperationPlan['handler']>,
    request: MockRequest,
    namespace: string,
    state: unknown,
    ticket: ReuseTicket | undefined,
    trace: Trace,
  ): EngineAnswer | Promise<EngineAnswer> {
    /** Whether the handler reached beyond its state and clock checks: the clock's time, or another namespace's state (its answer is not kept). */
    let reached = false;
    /** What the clock was asked, for an answer that may be kept. */
    const checks: ClockCheck[] | undefined = ticket ? [] : undefined;
    const call = {
      state,
      namespace,
      clock: checks ? watchedClock(clocks.of(namespace), checks, () => (reached = true)) : clocks.of(namespace),
      stateOf: (other: string) => {
        reached = true;
        return namespaces.stateOf(other, operation.area);
      },
    };
    const answered = (response: MockResponse): EngineAnswer => {
      const answer = checked(operation, toAnswer(response), [], trace);
      answer.operation = plan.served;
      if (ticket && checks && !reached && trace.answerViolations.length === 0) core.reuse!.keep(ticket, operation, incoming, request, answer, checks);
      return answer;
    };
    const response = handler(request, call);
    return isThenable(response) ? Promise.resolve(response).then(answered) : answered(response);
  }

  /** An answer of Prism's: asked for (a Prefer header), or for an operation without behaviour. */
  async function answerByPrism(
    incoming: IncomingRequest,
    operation: CompiledOperation,
    body: unknown,
    preference: boolean,
    trace: Trace,
  ): Promise<EngineAnswer> {
    const prismRequest = { method: incoming.method, path: incoming.rawPath, query: incoming.query, headers: incoming.headers, body };
    let preferences;
    try {
      preferences = preference ? await prism.preferences(prismRequest) : {};
    } catch (error) {
      if (error instanceof PreferenceError) return servedBy(problem(422, 'Invalid Prefer header', error.message), operation);
      throw error;
    }
    const answer = await prism.answer(operation.area, operation.method, operation.path, prismRequest, preferences);
    return servedBy(checked(operation, { status: answer.status, headers: answer.headers, body: answer.body, violations: [] }, [], trace), operation);
  }

  /**
   * Records a call another part answered (the validation proxy forwarded it): the journal,
   * coverage and onViolation see it as any other. `violations` start with `request` or `response`.
   */
  function recordAnswered(incoming: IncomingRequest, operation: CompiledOperation, violations: readonly Violation[], status: number): void {
    if (!core.onAnswered) return;
    const namespace = namespaceOf(incoming.headers, operation);
    const requestViolations = violations.filter((v) => v.location[0] === 'request').map((v) => ({ location: v.location.slice(1), message: v.message }));
    const answerViolations = violations.filter((v) => v.location[0] !== 'request');
    core.onAnswered({ namespace, time: clocks.of(namespace).now(), incoming, operation, requestViolations, answerViolations, status });
  }

  return { served: [...served.values()], answerNow, recordAnswered, namespaceOf };
}

/** The token readers of the areas whose credentials lead to a namespace (database tokens), by area. */
function tokenNamespaces(behaviours: Map<string, AnyBehaviour>): Map<string, TokenNamespace> {
  const tokens = new Map<string, TokenNamespace>();
  for (const [area, behaviour] of behaviours) if (behaviour.protocol?.namespaceOf) tokens.set(area, behaviour.protocol.namespaceOf.bind(behaviour.protocol));
  return tokens;
}
