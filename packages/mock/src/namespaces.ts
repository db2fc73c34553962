// State per namespace: each access key sees its own platform, made from every area's seed on
// first use, as LocalStack maps access keys to accounts. The least recently used namespaces are
// dropped beyond a cap, so that state cannot grow without bound.
import type { AreaBehaviour } from './area.ts';

/** The namespace whose state the mock reports at start (its database tokens): the access key `default`. */
export const DEFAULT_NAMESPACE = 'default';
export const SNAPSHOT_VERSION = 1;

export interface StateSnapshot {
  version: number;
  namespace: string;
  /** Each area's exported state, by area name. */
  areas: Record<string, unknown>;
}

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

type AnyBehaviour = AreaBehaviour<unknown, unknown>;

export function createNamespaces(areas: Map<string, AnyBehaviour>, maxNamespaces: number) {
  const spaces = new Map<string, Map<string, unknown>>();

  function space(namespace: string): Map<string, unknown> {
    let found = spaces.get(namespace);
    if (found) {
      spaces.delete(namespace); // most recently used last
      spaces.set(namespace, found);
      return found;
    }
    found = new Map();
    spaces.set(namespace, found);
    while (spaces.size > maxNamespaces) spaces.delete(spaces.keys().next().value!);
    return found;
  }

  return {
    stateOf(namespace: string, area: string): unknown {
      const held = space(namespace);
      if (!held.has(area)) held.set(area, areas.get(area)?.seed?.());
      return held.get(area);
    },

    /** Forgets one namespace (it starts from the seed again on its next use), or every one. */
    reset(namespace?: string) {
      if (namespace === undefined) spaces.clear();
      else spaces.delete(namespace);
    },

    export(namespace: string): StateSnapshot {
      const snapshot: StateSnapshot = { version: SNAPSHOT_VERSION, namespace, areas: {} };
      for (const [name, behaviour] of areas) {
        const state = this.stateOf(namespace, name);
        if (state === undefined) continue;
        snapshot.areas[name] = behaviour.exportState ? behaviour.exportState(state) : structuredClone(state);
      }
      return snapshot;
    },

    import(namespace: string, snapshot: unknown) {
      const { version, areas: exported } = (snapshot ?? {}) as Partial<StateSnapshot>;
      if (version !== SNAPSHOT_VERSION || typeof exported !== 'object' || exported === null) {
        throw new SnapshotError(`a state snapshot is {"version": ${SNAPSHOT_VERSION}, "areas": {...}} as GET /_mock/state gives it`);
      }
      const unknown = Object.keys(exported).filter((name) => !areas.has(name));
      if (unknown.length > 0) throw new SnapshotError(`the snapshot has state for areas this mock does not serve: ${unknown.join(', ')}`);
      const imported = new Map<string, unknown>();
      for (const [name, value] of Object.entries(exported)) {
        const behaviour = areas.get(name)!;
        try {
          imported.set(name, behaviour.importState ? behaviour.importState(value) : structuredClone(value));
        } catch (error) {
          throw new SnapshotError(`the ${name} state cannot be imported: ${(error as Error).message}`);
        }
      }
      const held = space(namespace);
      held.clear();
      for (const [name, value] of imported) held.set(name, value);
    },

    get size() {
      return spaces.size;
    },
  };
}

export type Namespaces = ReturnType<typeof createNamespaces>;

/** The mock's clock: real time shifted by what tests advanced it by. */
export function createClock(now: () => number = Date.now) {
  let offset = 0;
  return {
    now: () => now() + offset,
    advance(ms: number) {
      offset += ms;
    },
    set(time: number) {
      offset = time - now();
    },
    /** Back to real time. */
    reset() {
      offset = 0;
    },
    get offsetMs() {
      return offset;
    },
  };
}

export type MockClock = ReturnType<typeof createClock>;

/**
 * A namespace's own virtual clock: the mock's clock until the namespace moves its own, then the
 * mock's clock plus what it moved, so that one test advancing time leaves the others' alone.
 */
export type NamespaceClock = MockClock;

/** The clocks of the namespaces: only those moved are kept (at most `max`, the least recently moved dropped first). */
export function createNamespaceClocks(base: MockClock, max: number) {
  const offsets = new Map<string, number>();
  const offsetOf = (namespace: string) => offsets.get(namespace) ?? 0;
  const move = (namespace: string, offset: number) => {
    offsets.delete(namespace);
    offsets.set(namespace, offset);
    while (offsets.size > max) offsets.delete(offsets.keys().next().value!);
  };
  const made = new Map<string, NamespaceClock>();
  return {
    of(namespace: string): NamespaceClock {
      let clock = made.get(namespace);
      if (clock) return clock;
      if (made.size >= max) made.delete(made.keys().next().value!);
      clock = {
        now: () => base.now() + offsetOf(namespace),
        advance: (ms: number) => move(namespace, offsetOf(namespace) + ms),
        set: (time: number) => move(namespace, time - base.now()),
        reset: () => void offsets.delete(namespace),
        get offsetMs() {
          return base.offsetMs + offsetOf(namespace);
        },
      };
      made.set(namespace, clock);
      return clock;
    },
    /** One namespace's clock back to the mock's, or every one's. */
    reset(namespace?: string) {
      if (namespace === undefined) offsets.clear();
      else offsets.delete(namespace);
    },
  };
}

export type NamespaceClocks = ReturnType<typeof createNamespaceClocks>;
