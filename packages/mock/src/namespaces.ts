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
    while (spaces.size > maxNamespaces) {
      const dropped = spaces.keys().next().value!;
      spaces.delete(dropped);
      for (const behaviour of areas.values()) behaviour.onReset?.(dropped);
    }
    return found;
  }

  return {
    stateOf(namespace: string, area: string): unknown {
      const held = space(namespace);
      if (!held.has(area)) held.set(area, areas.get(area)?.seed?.(namespace));
      return held.get(area);
    },

    /** Forgets one namespace (it starts from the seed again on its next use), or every one. */
    reset(namespace?: string) {
      if (namespace === undefined) spaces.clear();
      else spaces.delete(namespace);
      for (const behaviour of areas.values()) behaviour.onReset?.(namespace);
    },

    export(namespace: string): StateSnapshot {
      const snapshot: StateSnapshot = { version: SNAPSHOT_VERSION, namespace, areas: {} };
      for (const [name, behaviour] of areas) {
        const state = this.stateOf(namespace, name);
        if (state === undefined) continue;
        snapshot.areas[name] = behaviour.exportState ? behaviour.exportState(state, namespace) : structuredClone(state);
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
          imported.set(name, behaviour.importState ? behaviour.importState(value, namespace) : structuredClone(value));
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
    get offsetMs() {
      return offset;
    },
  };
}

export type MockClock = ReturnType<typeof createClock>;
