// State per namespace: each access key sees its own platform, made from every area's seed on
// first use, as LocalStack maps access keys to accounts. The least recently used namespaces are
// dropped beyond a cap, so that state cannot grow without bound.
import type { AreaBehaviour } from './area.ts';
import { stringifyExactJson } from './exact-json.ts';
import { heapBytes } from './heap-bytes.ts';
import { oldestKeyOf } from './oldest-key.ts';

/** The namespace whose state the mock reports at start (its database tokens): the access key `default`. */
export const DEFAULT_NAMESPACE = 'default';
const SNAPSHOT_VERSION = 1;

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

/** Default of maxStateBytes: with the default 1000 namespaces, 2 GiB at most, within Node's default heap. */
export const DEFAULT_MAX_STATE_BYTES = 2 * 1024 * 1024;

/** What a namespace over its state size cap is told (the area answers it as its documented error). */
export const stateCapMessage = (limit: number) =>
  `limit reached: the mock keeps at most about ${limit} bytes of state per access key (option maxStateBytes, flag --max-state-bytes); delete some, reset the access key's state (POST /_mock/reset?namespace=KEY) or raise the limit`;

export function createNamespaces(areas: Map<string, AnyBehaviour>, maxNamespaces: number, maxStateBytes = DEFAULT_MAX_STATE_BYTES) {
  const spaces = new Map<string, Map<string, unknown>>();
  const oldestSpace = oldestKeyOf(spaces);
  /** Within this much of the cap, every write is judged on the namespace counted afresh (writes' estimates miss what handlers add beyond them, as a seed copied on a first write). */
  const recountMargin = Math.max(16 * 1024, Math.floor(maxStateBytes / 8));
  /** Bytes written to each namespace since its size was last counted (an upper bound: deletes are not subtracted until it is counted again). */
  const charged = new Map<string, number>();

  /**
   * The most recently used namespace's space: used again (a suite's requests come in runs of one
   * key), it is already last, and no look-up finds it (forgotten by every reset that drops it).
   */
  let newest: { namespace: string; space: Map<string, unknown> } | undefined;
  function space(namespace: string): Map<string, unknown> {
    if (newest?.namespace === namespace) return newest.space;
    let found = spaces.get(namespace);
    if (found) {
      spaces.delete(namespace); // most recently used last
      spaces.set(namespace, found);
      newest = { namespace, space: found };
      return found;
    }
    found = new Map();
    spaces.set(namespace, found);
    newest = { namespace, space: found };
    while (spaces.size > maxNamespaces) {
      const dropped = oldestSpace()!;
      spaces.delete(dropped);
      charged.delete(dropped);
      if (newest?.namespace === dropped) newest = undefined;
      for (const behaviour of areas.values()) behaviour.onReset?.(dropped);
    }
    return found;
  }

  return {
    stateOf(namespace: string, area: string): unknown {
      const held = space(namespace);
      const state = held.get(area);
      if (state !== undefined || held.has(area)) return state;
      const seeded = areas.get(area)?.seed?.(namespace);
      held.set(area, seeded);
      return seeded;
    },

    /**
     * Counts a write of about `bytes` against the namespace's state size cap: false when it would
     * pass the cap. Near the cap the namespace is counted again first, so that deleted data frees
     * room and what handlers added beyond their estimates (a seed copied on a first write) is
     * seen: a namespace never holds more than the cap, which an import of its snapshot checks.
     */
    charge(namespace: string, bytes: number): boolean {
      let held = charged.get(namespace) ?? 0;
      // Frozen seeds are shared by every namespace: they cost this one nothing.
      if (held + bytes > maxStateBytes - recountMargin)
        held = heapBytes(
          [...(spaces.get(namespace)?.values() ?? [])].filter((state) => !Object.isFrozen(state)),
          maxStateBytes,
        );
      if (held + bytes > maxStateBytes) {
        charged.set(namespace, held);
        return false;
      }
      charged.set(namespace, held + bytes);
      return true;
    },

    /** Forgets one namespace (it starts from the seed again on its next use), or every one. */
    reset(namespace?: string) {
      if (namespace === undefined) {
        spaces.clear();
        charged.clear();
        newest = undefined;
      } else {
        spaces.delete(namespace);
        charged.delete(namespace);
        if (newest?.namespace === namespace) newest = undefined;
      }
      for (const behaviour of areas.values()) behaviour.onReset?.(namespace);
    },

    /** The namespace's state as a snapshot (an area may make its part off this thread, as the database's images). */
    async export(namespace: string): Promise<StateSnapshot> {
      const snapshot: StateSnapshot = { version: SNAPSHOT_VERSION, namespace, areas: {} };
      for (const [name, behaviour] of areas) {
        const state = this.stateOf(namespace, name);
        if (state === undefined) continue;
        snapshot.areas[name] = behaviour.exportState ? await behaviour.exportState(state, namespace) : structuredClone(state);
      }
      return snapshot;
    },

    /**
     * Replaces the namespace's state with a snapshot's. Every area checks its part first (an area
     * may check off this thread, as the database its images); a refusal changes nothing.
     */
    async import(namespace: string, snapshot: unknown): Promise<void> {
      const { version, areas: exported } = (snapshot ?? {}) as Partial<StateSnapshot>;
      if (version !== SNAPSHOT_VERSION || typeof exported !== 'object' || exported === null) {
        throw new SnapshotError(`a state snapshot is {"version": ${SNAPSHOT_VERSION}, "areas": {...}} as GET /_mock/state gives it`);
      }
      const unknown = Object.keys(exported).filter((name) => !areas.has(name));
      if (unknown.length > 0) throw new SnapshotError(`the snapshot has state for areas this mock does not serve: ${unknown.join(', ')}`);
      // Counted as the namespace counts its state: a part that is the area's shared, frozen seed
      // stays that seed and costs nothing, and an area that keeps data outside its state (the
      // database: files, and tokens its requests add uncounted) is bounded by limits of its own.
      // Counted as sent (it stops at the cap), so that nothing is imported from a snapshot over
      // it; the body limit of PUT /_mock/state bounds the work. Every area checks its part before
      // any is imported (an area may check off this thread, as the database its images).
      const shared = new Map<string, unknown>();
      for (const [name, value] of Object.entries(exported)) {
        const behaviour = areas.get(name)!;
        const held = spaces.get(namespace)?.get(name);
        if (
          held !== undefined &&
          Object.isFrozen(held) &&
          stringifyExactJson(behaviour.exportState ? await behaviour.exportState(held, namespace) : held) === stringifyExactJson(value)
        )
          shared.set(name, held);
      }
      const counted = Object.entries(exported).filter(([name]) => !shared.has(name) && areas.get(name)!.protocol?.snapshotBytesOutsideState === undefined);
      if (
        heapBytes(
          counted.map(([, value]) => value),
          maxStateBytes,
        ) > maxStateBytes
      )
        throw new SnapshotError(stateCapMessage(maxStateBytes));
      for (const [name, value] of Object.entries(exported)) {
        if (shared.has(name)) continue;
        try {
          await areas.get(name)!.checkImport?.(value, namespace);
        } catch (error) {
          throw new SnapshotError(`the ${name} state cannot be imported: ${(error as Error).message}`);
        }
      }
      const imported = new Map<string, unknown>(shared);
      for (const [name, value] of Object.entries(exported)) {
        const behaviour = areas.get(name)!;
        if (shared.has(name)) continue;
        try {
          imported.set(name, behaviour.importState ? behaviour.importState(value, namespace) : structuredClone(value));
        } catch (error) {
          throw new SnapshotError(`the ${name} state cannot be imported: ${(error as Error).message}`);
        }
      }
      const bytes = heapBytes(
        counted.map(([name]) => imported.get(name)),
        maxStateBytes,
      );
      if (bytes > maxStateBytes) throw new SnapshotError(stateCapMessage(maxStateBytes));
      const held = space(namespace);
      held.clear();
      for (const [name, value] of imported) held.set(name, value);
      charged.set(namespace, bytes);
    },

    /**
     * How many namespaces are held. A method, not a getter: V8 makes an object literal that has a
     * getter in dictionary mode, and optimized code then reads every property of it (stateOf and
     * charge, on each write) through a call to V8's generic load.
     */
    count(): number {
      return spaces.size;
    },
  };
}

export type Namespaces = ReturnType<typeof createNamespaces>;

/** The mock's clock: real time shifted by what tests advanced it by. */
export function createClock(now: () => number = Date.now) {
  // The advance, also in shared memory: the database engine's threads judge time limits by it.
  const shared = new Float64Array(new SharedArrayBuffer(8));
  const move = (offset: number) => {
    shared[0] = offset;
  };
  /**
   * A class of its own per clock, for its getter: V8 makes an object literal that has a getter in
   * dictionary mode, and optimized code then reads each of its properties (now, offsetMs: twice a
   * request) through a call to V8's generic load; and a getter defined on each instance (a new
   * function each) makes the second clock's object a dictionary. The methods are its own (a
   * handler may take one off it).
   */
  class Clock {
    readonly now = () => now() + shared[0]!;
    readonly reached = (time: number) => now() + shared[0]! >= time;
    readonly advance = (ms: number) => move(shared[0]! + ms);
    readonly set = (time: number) => move(time - now());
    /** Back to real time. */
    readonly reset = () => move(0);
    /** The advance as threads read it (Float64Array [offset]). */
    readonly sharedOffset = shared.buffer as SharedArrayBuffer;
    get offsetMs() {
      return shared[0]!;
    }
  }
  return new Clock();
}

export type MockClock = ReturnType<typeof createClock>;

/**
 * A namespace's own virtual clock: the mock's clock until the namespace moves its own, then the
 * mock's clock plus what it moved, so that one test advancing time leaves the others' alone.
 */
export type NamespaceClock = Omit<MockClock, 'sharedOffset'>;

/** The clocks of the namespaces: only those moved are kept (at most `max`, the least recently moved dropped first). */
export function createNamespaceClocks(base: MockClock, max: number) {
  const offsets = new Map<string, number>();
  const oldestOffset = oldestKeyOf(offsets);
  // No look-up while no namespace moved its clock (most suites never do).
  const offsetOf = (namespace: string) => (offsets.size === 0 ? 0 : (offsets.get(namespace) ?? 0));
  const move = (namespace: string, offset: number) => {
    offsets.delete(namespace);
    offsets.set(namespace, offset);
    while (offsets.size > max) offsets.delete(oldestOffset()!);
  };
  /**
   * A namespace's clock: its methods its own (a handler may take one off it), its offset read by a
   * getter of the class. An object literal with a getter was defined through V8's runtime: about
   * 0.8 µs for each new namespace's clock.
   */
  class OwnClock implements NamespaceClock {
    readonly now: () => number;
    readonly reached: (time: number) => boolean;
    readonly advance: (ms: number) => void;
    readonly set: (time: number) => void;
    readonly reset: () => void;
    constructor(private readonly namespace: string) {
      this.now = () => base.now() + offsetOf(namespace);
      this.reached = (time) => base.now() + offsetOf(namespace) >= time;
      this.advance = (ms) => move(namespace, offsetOf(namespace) + ms);
      this.set = (time) => move(namespace, time - base.now());
      this.reset = () => void offsets.delete(namespace);
    }
    get offsetMs() {
      return base.offsetMs + offsetOf(this.namespace);
    }
  }
  const made = new Map<string, NamespaceClock>();
  const oldestMade = oldestKeyOf(made);
  let last: { namespace: string; clock: NamespaceClock } | undefined;
  return {
    of(namespace: string): NamespaceClock {
      // The clock asked for last (a namespace's requests come in runs): no look-up. A clock dropped from `made` still works.
      if (namespace === last?.namespace) return last.clock;
      let clock = made.get(namespace);
      if (clock) {
        last = { namespace, clock };
        return clock;
      }
      if (made.size >= max) made.delete(oldestMade()!);
      clock = new OwnClock(namespace);
      made.set(namespace, clock);
      last = { namespace, clock };
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
