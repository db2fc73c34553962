// The control protocol in process: a namespace's reset (the one the control endpoint and
// `mock.reset` run), the mock's clock handle, and `mock.namespace(key)`, the MockNamespace that
// acts on the engine directly. Each call takes effect when it is made (its Promise is settled by
// then), and answers as the same call over HTTP does (vitest/remote-namespace.ts).
import type { Engine } from '../engine/engine.ts';
import { FaultError } from '../engine/faults.ts';
import { SnapshotError } from '../engine/namespaces.ts';
import { type Journal, redactKey } from '../journal/journal.ts';
import { CONTROL_PATHS, MockControlError, type MockNamespace, NO_JOURNAL } from './protocol.ts';

/** A virtual clock in process: the mock's. */
export interface VirtualClock {
  now(): number;
  advance(ms: number): void;
  set(time: number | Date): void;
  /** The mock's clock back to real time; a namespace's back to following the mock's. */
  reset(): void;
}

const asTime = (time: number | Date | string) => (typeof time === 'number' ? time : new Date(time).getTime());

export function clockHandle(target: { now(): number; advance(ms: number): void; set(time: number): void; reset(): void }): VirtualClock {
  return {
    now: () => target.now(),
    advance: (ms) => target.advance(ms),
    set: (time) => target.set(asTime(time)),
    reset: () => target.reset(),
  };
}

/** A fault rule as control answers show it: its namespace redacted. */
export const redactedRule = <T extends { namespace?: string }>(rule: T): T =>
  rule.namespace === undefined ? rule : { ...rule, namespace: redactKey(rule.namespace) };

/** Forgets one namespace's state, clock, faults and journal; without one, every namespace's state, clock and journal (the faults stay). */
export function resetNamespaces(engine: Engine, journal: Journal | undefined) {
  return (namespace?: string): void => {
    journal?.clear(namespace);
    engine.namespaces.reset(namespace);
    engine.clocks.reset(namespace);
    if (namespace !== undefined) engine.faults.clear(namespace);
  };
}

/**
 * Runs `act` now, as the control request `call` (`POST /_mock/faults`); what its endpoint answers
 * 400 for (a bad fault rule, a bad snapshot) rejects as the same MockControlError as over HTTP.
 */
async function settled<T>(call: string, act: () => T | Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof FaultError || error instanceof SnapshotError) throw new MockControlError(`${call}: ${error.message}`, 400);
    throw error;
  }
}

/** The namespace `accessKey` of the mock in process: `reset` is the mock's (resetNamespaces). */
export function namespaceHandle(engine: Engine, accessKey: string, reset: (namespace: string) => void, journal?: Journal): MockNamespace {
  const clock = () => engine.clocks.of(accessKey);
  const recorded = (): Journal => {
    if (!journal) throw new MockControlError(`GET ${CONTROL_PATHS.requests}: ${NO_JOURNAL}`, 404);
    return journal;
  };
  return {
    accessKey,
    clock: {
      now: () => settled(`GET ${CONTROL_PATHS.clock}`, () => new Date(clock().now())),
      advance: (ms) => settled(`POST ${CONTROL_PATHS.clockAdvance}`, () => clock().advance(ms)),
      set: (time) => settled(`PUT ${CONTROL_PATHS.clock}`, () => clock().set(asTime(time))),
      reset: () => settled(`DELETE ${CONTROL_PATHS.clock}`, () => clock().reset()),
    },
    // A rule shows its namespace redacted, as every control answer does.
    fault: (rule) => settled(`POST ${CONTROL_PATHS.faults}`, () => redactedRule(engine.faults.add({ ...rule, namespace: accessKey }))),
    faults: () => settled(`GET ${CONTROL_PATHS.faults}`, () => engine.faults.list(accessKey).map(redactedRule)),
    clearFaults: () => settled(`DELETE ${CONTROL_PATHS.faults}`, () => engine.faults.clear(accessKey)),
    reset: () => settled(`POST ${CONTROL_PATHS.reset}`, () => reset(accessKey)),
    exportState: () =>
      settled(`GET ${CONTROL_PATHS.state}`, async () => {
        const { namespace: _key, ...snapshot } = await engine.namespaces.export(accessKey);
        return snapshot;
      }),
    importState: (snapshot) => settled(`PUT ${CONTROL_PATHS.state}`, () => engine.namespaces.import(accessKey, snapshot)),
    requests: (query) => settled(`GET ${CONTROL_PATHS.requests}`, () => recorded().list(accessKey, query)),
    journalCounts: () => settled(`GET ${CONTROL_PATHS.requests}`, () => recorded().counts(accessKey)),
  };
}
