// Past engineWorkers, namespaces share a worker thread. Its runs then start in turns, one
// namespace after another, not in the order they arrived: a namespace that sent one statement
// waits for at most one run of each other namespace there, never behind another's whole queue.
// One run starts per turn of the thread's event loop, so that messages that arrived meanwhile
// (other namespaces' runs) are in the rotation before the next turn is given. A turn given at once
// marks its turn of the loop by the loop's idle time (`LoopMark`) rather than by scheduling a step:
// one setImmediate per statement was an extra turn of the loop on both threads (about 4 % of the
// HTTP thread's CPU and 7 % of the SQL thread's per warm SELECT 1). The loop's idle time grows only
// while the loop waits for I/O, so a mark that moved since the last turn given means a later turn
// of the loop; one that did not may be the same turn, and the next turn is then scheduled as before.

import { performance } from 'node:perf_hooks';

/** A number that moves only between two turns of the thread's event loop (never within one). */
export type LoopMark = () => number;

/** The loop's idle time so far: it grows while the loop waits for I/O, between two of its turns. */
export const loopIdleTime: LoopMark = () => performance.eventLoopUtilization().idle;

/** Hands out turns to groups (namespaces) in rotation, one per `defer` step; a group's own turns keep their order. */
export class FairTurns {
  /** Groups waiting for a turn, in the order of the rotation, with their waiters in order. */
  readonly #waiting = new Map<string, (() => void)[]>();
  #deferred = false;
  /** The loop's mark when a turn was last given at once without a step scheduled; undefined once a step ran. */
  #givenAt: number | undefined;

  constructor(
    private readonly defer: (next: () => void) => void = setImmediate,
    /** Without one, every turn given at once schedules the next step. */
    private readonly mark?: LoopMark,
  ) {}

  /** Takes a turn now, when none waits and none was given in this step: true; otherwise false, and the caller waits with `turn`. */
  now(): boolean {
    if (this.#deferred || this.#waiting.size > 0) return false;
    if (!this.mark) {
      this.#ensureDeferred();
      return true;
    }
    const mark = this.mark();
    // The loop has not waited since the last turn given at once: maybe the same turn of the loop.
    if (mark === this.#givenAt) {
      this.#ensureDeferred();
      return false;
    }
    this.#givenAt = mark;
    return true;
  }

  /** Resolves when `group` is given its turn: at once when none waits and none was given in this step. */
  turn(group: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.now()) return resolve();
      const queue = this.#waiting.get(group);
      if (queue) queue.push(resolve);
      else this.#waiting.set(group, [resolve]);
      this.#ensureDeferred();
    });
  }

  /** How many wait for a turn (tests). */
  get waiting(): number {
    let count = 0;
    for (const queue of this.#waiting.values()) count += queue.length;
    return count;
  }

  #ensureDeferred(): void {
    if (this.#deferred) return;
    this.#deferred = true;
    this.defer(() => this.#next());
  }

  #next(): void {
    this.#deferred = false;
    this.#givenAt = undefined;
    const first = this.#waiting.entries().next();
    if (first.done) return;
    const [group, queue] = first.value;
    this.#waiting.delete(group);
    const resolve = queue.shift()!;
    // A group with more to run goes to the back of the rotation.
    if (queue.length > 0) this.#waiting.set(group, queue);
    this.#ensureDeferred();
    resolve();
  }
}
