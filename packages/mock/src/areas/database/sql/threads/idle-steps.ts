// Jobs that may wait, run in steps while a thread has nothing else to do: the empty databases a
// SQL worker opens ahead (ready-databases.ts) take about a millisecond of SQLite each (its open,
// WAL, a pooled connection). Run at once, a statement that arrived meanwhile (a new namespace's
// second statement, sent as soon as its first was answered) waited behind all of it. Here each
// step runs in a turn of its own (`defer`), only while no run is in flight, so that a statement
// waits for at most one step; jobs run one after another in the order they began, and a message
// that needs one done finishes that one at once, leaving the others to their turns. Past
// `maxPending` jobs (runs in flight for long, a lock waited for, while namespaces come and go) the
// oldest is done at once: what jobs hold (a dropped database's connections) stays bounded.

/** One step of a job: true when the job is done. */
export type Step = () => boolean;

export class IdleSteps {
  /** Jobs not done yet, the first begun first. */
  readonly #jobs: { key: string; step: Step }[] = [];
  #runs = 0;
  #deferred = false;

  constructor(
    private readonly defer: (next: () => void) => void = setImmediate,
    private readonly maxPending = Number.POSITIVE_INFINITY,
  ) {}

  /** Queues a job behind those not done yet; past `maxPending`, the oldest is done at once. */
  begin(key: string, step: Step): void {
    this.#jobs.push({ key, step });
    while (this.#jobs.length > this.maxPending) {
      const oldest = this.#jobs.shift()!;
      while (!oldest.step()) {}
      this.done.atOnce++;
    }
    this.#schedule();
  }

  /** Jobs done in idle turns, and jobs finished at once for a message that needed them (tests and benchmarks count them). */
  readonly done = { inTurns: 0, atOnce: 0 };

  /** Finishes `key`'s job now (or every job, without `key`): what needs it done does not wait for turns. Answers how many jobs it finished. */
  finish(key?: string): number {
    let finished = 0;
    for (let index = 0; index < this.#jobs.length; ) {
      const job = this.#jobs[index]!;
      if (key !== undefined && job.key !== key) {
        index++;
        continue;
      }
      this.#jobs.splice(index, 1);
      while (!job.step()) {}
      finished++;
    }
    this.done.atOnce += finished;
    return finished;
  }

  /** A run came in: no step runs until every run in flight is done. */
  runStarted(): void {
    this.#runs++;
  }

  runEnded(): void {
    this.#runs--;
    this.#schedule();
  }

  /** Whether a job waits to be done (tests). */
  get pending(): boolean {
    return this.#jobs.length > 0;
  }

  #schedule(): void {
    if (this.#deferred || this.#jobs.length === 0 || this.#runs > 0) return;
    this.#deferred = true;
    this.defer(() => {
      this.#deferred = false;
      const job = this.#jobs[0];
      if (!job || this.#runs > 0) return;
      if (job.step()) {
        this.#jobs.shift();
        this.done.inTurns++;
      }
      this.#schedule();
    });
  }
}
