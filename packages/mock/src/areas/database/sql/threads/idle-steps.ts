// A job that may wait, run in steps while a thread has nothing else to do: the empty database a
// SQL worker opens ahead (ready-databases.ts) takes about a millisecond of SQLite (its open, WAL,
// a pooled connection). Run at once, a statement that arrived meanwhile (a new namespace's second
// statement, sent as soon as its first was answered) waited behind all of it. Here each step runs
// in a turn of its own (`defer`), only while no run is in flight, so that a statement waits for
// at most one step; a message that needs the job done finishes it at once.

/** One step of a job: true when the job is done. */
export type Step = () => boolean;

export class IdleSteps {
  #job: { key: string; step: Step } | undefined;
  #runs = 0;
  #deferred = false;

  constructor(private readonly defer: (next: () => void) => void = setImmediate) {}

  /** Starts a job (a job not done yet is finished first). */
  begin(key: string, step: Step): void {
    this.finish();
    this.#job = { key, step };
    this.#schedule();
  }

  /** Finishes the job now if it is `key`'s (or any, without `key`): what needs it done does not wait for turns. */
  finish(key?: string): void {
    const job = this.#job;
    if (!job || (key !== undefined && job.key !== key)) return;
    this.#job = undefined;
    while (!job.step()) {}
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
    return this.#job !== undefined;
  }

  #schedule(): void {
    if (this.#deferred || !this.#job || this.#runs > 0) return;
    this.#deferred = true;
    this.defer(() => {
      this.#deferred = false;
      const job = this.#job;
      if (!job || this.#runs > 0) return;
      if (job.step()) this.#job = undefined;
      else this.#schedule();
    });
  }
}
