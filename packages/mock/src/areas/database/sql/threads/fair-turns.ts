// Past engineWorkers, namespaces share a worker thread. Its runs then start in turns, one
// namespace after another, not in the order they arrived: a namespace that sent one statement
// waits for at most one run of each other namespace there, never behind another's whole queue.
// One run starts per turn of the thread's event loop, so that messages that arrived meanwhile
// (other namespaces' runs) are in the rotation before the next turn is given.

/** Hands out turns to groups (namespaces) in rotation, one per `defer` step; a group's own turns keep their order. */
export class FairTurns {
  /** Groups waiting for a turn, in the order of the rotation, with their waiters in order. */
  readonly #waiting = new Map<string, (() => void)[]>();
  #deferred = false;

  constructor(private readonly defer: (next: () => void) => void = setImmediate) {}

  /** Takes a turn now, when none waits and none was given in this step: true; otherwise false, and the caller waits with `turn`. */
  now(): boolean {
    const now = !this.#deferred && this.#waiting.size === 0;
    if (now) this.#ensureDeferred();
    return now;
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
