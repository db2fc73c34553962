// The handles a test holds: a virtual clock (the mock's or a namespace's) and one namespace with
// its state, clock and faults, so that a test touches its own namespace and no other.
import type { Engine } from '../engine/engine.ts';
import type { ActiveFault, FaultRule } from '../engine/faults.ts';
import type { StateSnapshot } from '../engine/namespaces.ts';
import type { Journal, JournalQuery, RequestEntry } from '../journal/journal.ts';

/** A virtual clock: the mock's, or one namespace's. */
export interface VirtualClock {
  now(): number;
  advance(ms: number): void;
  set(time: number | Date): void;
  /** The mock's clock back to real time; a namespace's back to following the mock's. */
  reset(): void;
}

/** One namespace (access key) of the mock: its state, its own clock and its own faults. */
export interface MockNamespace {
  /** The access key that leads to this namespace. */
  readonly accessKey: string;
  readonly clock: VirtualClock;
  /** A fault for this namespace's calls only. */
  fault(rule: Omit<FaultRule, 'namespace'>): ActiveFault;
  faults(): ActiveFault[];
  clearFaults(): void;
  /** Forgets the namespace's state, clock and faults. */
  reset(): void;
  exportState(): Promise<StateSnapshot>;
  importState(snapshot: StateSnapshot): Promise<void>;
  /** The namespace's recorded requests, oldest first (empty with `journal: false`). */
  requests(query?: JournalQuery): RequestEntry[];
}

const asTime = (time: number | Date) => (typeof time === 'number' ? time : time.getTime());

export function clockHandle(target: { now(): number; advance(ms: number): void; set(time: number): void; reset(): void }): VirtualClock {
  return {
    now: () => target.now(),
    advance: (ms) => target.advance(ms),
    set: (time) => target.set(asTime(time)),
    reset: () => target.reset(),
  };
}

/** `reset` forgets the namespace's state, clock and faults (the mock's own reset). */
export function namespaceHandle(engine: Engine, accessKey: string, reset: (namespace: string) => void, journal?: Journal): MockNamespace {
  return {
    accessKey,
    clock: clockHandle(engine.clocks.of(accessKey)),
    fault: (rule) => engine.faults.add({ ...rule, namespace: accessKey }),
    faults: () => engine.faults.list(accessKey),
    clearFaults: () => engine.faults.clear(accessKey),
    reset: () => reset(accessKey),
    exportState: () => engine.namespaces.export(accessKey),
    importState: (snapshot) => engine.namespaces.import(accessKey, snapshot),
    requests: (query) => journal?.list(accessKey, query) ?? [],
  };
}
