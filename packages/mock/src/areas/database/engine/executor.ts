// The HTTP side of the engine workers (worker.ts): each worker thread holds many databases; a
// database's Executor sends it each pipeline's SQL requests. Time limits are judged here, by the
// mock's clock (a timer only makes the check happen): a request past statementTimeoutMs has its
// statement interrupted in the worker, and a write waiting past lockWaitMs gives up; neither
// touches another stream.
import { EventEmitter } from 'node:events';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { FLAG_INTERRUPT, FLAG_LOCK_WAIT_OVER, FLAG_SYNC_ANSWERS, type Access, type FromWorker, type PooledConnection, type SqlOutcome, type SqlRequest, type ToWorker } from './messages.ts';

export interface WorkerLimits {
  maxResultBytes: number;
  memoryLimitBytes: number;
  maxDatabaseBytes: number;
  statementTimeoutMs: number;
  lockWaitMs: number;
}

/** Why a stream ended without being closed. */
export class ExecutorStopped extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** For runs: when the time limit passes (mock clock), or null while waiting for a lock. */
  deadline?: number | null;
  waitingSince?: number;
  /** The run's stream was ended from outside (its token invalidated): why. */
  stopped?: ExecutorStopped;
  /** Database key and stream of a run. */
  stream?: string;
}

/** One worker thread and what is in flight there. */
export class EngineWorker {
  readonly #worker: Worker;
  readonly #flags: Int32Array;
  readonly #syncPort: MessagePort;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #checker: NodeJS.Timeout | undefined;
  /** Databases placed in this worker. */
  databases = 0;
  /** False once the thread ended (it failed): its databases are gone. */
  alive = true;
  /** `waiting` (run id): a run began waiting for another stream's lock. For tests that wait on it. */
  readonly events = new EventEmitter();
  /** Resolves once the worker has loaded SQLite. */
  readonly ready: Promise<void>;
  #onReady!: () => void;
  #onFail!: (error: Error) => void;

  constructor(
    script: string,
    readonly limits: WorkerLimits,
    readonly now: () => number,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.#onReady = resolve;
      this.#onFail = reject;
    });
    const flags = new SharedArrayBuffer(4 * 4);
    this.#flags = new Int32Array(flags);
    const { port1, port2 } = new MessageChannel();
    this.#syncPort = port1;
    this.#worker = new Worker(script, {
      // The worker is our own plain module: it needs no flag of the host process, and inherited
      // ones such as `--input-type` with `-e` (a one-line script) would stop it from starting.
      execArgv: [],
      workerData: { maxResultBytes: limits.maxResultBytes, memoryLimitBytes: limits.memoryLimitBytes, maxDatabaseBytes: limits.maxDatabaseBytes, lockWaitMs: limits.lockWaitMs, flags, syncPort: port2 },
      transferList: [port2],
    });
    this.#worker.unref();
    this.#worker.on('message', (message: FromWorker) => this.#receive(message));
    this.#worker.on('error', (error) => {
      this.alive = false;
      this.#onFail(error);
      this.#failAll(new ExecutorStopped(`The database engine failed: ${error.message}`, 'STREAM_EXPIRED'));
    });
    this.#worker.on('exit', () => {
      this.alive = false;
      this.#failAll(new ExecutorStopped('The database engine stopped', 'STREAM_EXPIRED'));
    });
  }

  send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.#worker.postMessage(message, transfer);
  }

  /** Runs a stream's requests; rejects with ExecutorStopped when the time limit stopped them. */
  run(key: string, stream: number, access: Access, requests: SqlRequest[], image: boolean): Promise<{ outcomes: SqlOutcome[]; image?: Uint8Array }> {
    if (!this.alive) return Promise.reject(new ExecutorStopped('The database engine stopped; the stream ended', 'STREAM_EXPIRED'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject, deadline: this.now() + this.limits.statementTimeoutMs, stream: `${key}\u0000${stream}` });
      this.#watch();
      this.send({ t: 'run', id, key, stream, access, requests, image });
    });
  }

  /** Asks the worker something and waits for its answer message. */
  ask<T>(message: (id: number) => ToWorker): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.send(message(id));
    });
  }

  /** The database's file image now, synchronously (for state snapshots); null when not open. */
  exportNow(key: string): Uint8Array | null {
    if (!this.alive) return null;
    const id = this.#nextId++;
    this.send({ t: 'export', id, key, sync: true });
    // The worker answers between two statements; a statement runs at most statementTimeoutMs.
    const limit = this.limits.statementTimeoutMs + 5_000;
    for (;;) {
      const seen = Atomics.load(this.#flags, FLAG_SYNC_ANSWERS);
      const answer = receiveMessageOnPort(this.#syncPort)?.message as { id: number; bytes: Uint8Array | null } | undefined;
      if (answer) {
        if (answer.id === id) return answer.bytes;
        continue;
      }
      if (Atomics.wait(this.#flags, FLAG_SYNC_ANSWERS, seen, limit) === 'timed-out') throw new Error(`the database engine did not answer within ${limit} ms`);
    }
  }

  async close(): Promise<void> {
    this.alive = false;
    clearInterval(this.#checker);
    this.#failAll(new ExecutorStopped('The database was closed', 'STREAM_EXPIRED'));
    await this.#worker.terminate();
    this.#syncPort.close();
  }

  #receive(message: FromWorker) {
    if (message.t === 'ready') return this.#onReady();
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    switch (message.t) {
      case 'progress':
        pending.deadline = this.now() + this.limits.statementTimeoutMs;
        pending.waitingSince = undefined;
        return;
      case 'waiting':
        pending.deadline = null;
        pending.waitingSince = this.now();
        this.events.emit('waiting', message.id);
        return;
      case 'done':
        this.#pending.delete(message.id);
        if (pending.stopped) pending.reject(pending.stopped);
        else if (message.interrupted) {
          pending.reject(
            new ExecutorStopped(
              `The statement ran longer than the mock's limit of ${this.limits.statementTimeoutMs} ms (statementTimeoutMs) and was stopped; its stream closed and its transaction rolled back`,
              'SQLITE_INTERRUPT',
            ),
          );
        } else pending.resolve({ outcomes: message.outcomes, image: message.image });
        return;
      case 'exported':
        this.#pending.delete(message.id);
        pending.resolve(message.bytes);
        return;
      case 'inspected':
        this.#pending.delete(message.id);
        pending.resolve({ pool: message.pool, streams: message.streams });
        return;
    }
  }

  /** Stops the run a stream has in flight now (its statement, or its wait for a lock); the run fails with `reason`. */
  stopStream(key: string, stream: number, reason: ExecutorStopped): void {
    for (const [id, pending] of this.#pending) {
      if (pending.stream !== `${key}\u0000${stream}`) continue;
      pending.stopped = reason;
      Atomics.store(this.#flags, pending.deadline === null ? FLAG_LOCK_WAIT_OVER : FLAG_INTERRUPT, id);
    }
  }

  /** While runs are in flight, looks at their limits by the mock's clock. */
  #watch() {
    if (this.#checker) return;
    this.#checker = setInterval(() => this.checkLimits(), Math.max(5, Math.min(50, Math.floor(this.limits.statementTimeoutMs / 20), Math.floor(this.limits.lockWaitMs / 20))));
    this.#checker.unref();
  }

  /** Raises the flags of the runs past a limit; stops looking once nothing is in flight. */
  checkLimits(): void {
    const now = this.now();
    let running = false;
    for (const [id, pending] of this.#pending) {
      if (pending.deadline === undefined) continue;
      running = true;
      if (pending.waitingSince !== undefined && now - pending.waitingSince > this.limits.lockWaitMs) Atomics.store(this.#flags, FLAG_LOCK_WAIT_OVER, id);
      else if (pending.deadline !== null && now > pending.deadline) Atomics.store(this.#flags, FLAG_INTERRUPT, id);
    }
    if (!running) {
      clearInterval(this.#checker);
      this.#checker = undefined;
    }
  }

  #failAll(error: ExecutorStopped) {
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(error);
    }
  }
}

/** One database in a worker: the streams it holds, and their requests. */
export class Executor {
  /** Streams this database holds (open in its worker). */
  readonly streams = new Set<number>();
  /** Saves the database's file image after a run changed it; set for databases with a host file. */
  save: ((image: Uint8Array) => void) | undefined;
  #stopped = false;

  constructor(
    readonly key: string,
    readonly worker: EngineWorker,
  ) {}

  get running(): boolean {
    return !this.#stopped && this.worker.alive;
  }

  async run(stream: number, access: Access, requests: SqlRequest[]): Promise<SqlOutcome[]> {
    if (this.#stopped) throw new ExecutorStopped('The database was closed; the stream ended', 'STREAM_EXPIRED');
    this.streams.add(stream);
    try {
      const { outcomes, image } = await this.worker.run(this.key, stream, access, requests, this.save !== undefined);
      if (requests.some((request) => request.type === 'close')) this.streams.delete(stream);
      if (image) this.save?.(image);
      return outcomes;
    } catch (error) {
      this.streams.delete(stream);
      throw error;
    }
  }

  /** Ends a stream's request in flight now, if any (it fails with `reason`); the stream then closes. */
  interrupt(stream: number, reason: ExecutorStopped): void {
    if (this.streams.has(stream) && !this.#stopped) this.worker.stopStream(this.key, stream, reason);
  }

  /** Closes a stream's connection, releasing its locks (its transaction rolls back). */
  closeStream(stream: number): void {
    if (!this.streams.delete(stream) || this.#stopped) return;
    this.worker.send({ t: 'close', key: this.key, stream });
  }

  /** The connections the database's pool holds, for tests: each should hold nothing of an earlier stream. */
  inspect(): Promise<{ pool: PooledConnection[]; streams: number }> {
    return this.worker.ask((id) => ({ t: 'inspect', id, key: this.key }));
  }

  /** Forgets the database in its worker (its data is gone unless saved). */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.streams.clear();
    this.worker.databases--;
    this.worker.send({ t: 'drop', key: this.key });
  }
}

export { workerScript } from './worker-script.ts';
