// The HTTP side of one engine worker thread (worker.ts), which holds many databases. It starts in
// the background: the thread spawns once its script is known and is handed SQLite's module when
// it is compiled (sqlite-module.ts, once per process); what is sent before then waits in order. A
// worker that cannot start fails what waits on it with DATABASE_ENGINE_UNAVAILABLE, never hangs.
// Time limits are judged here, by the mock's clock (a timer only makes the check happen): a
// request past statementTimeoutMs has its statement interrupted in the worker, and a write
// waiting past lockWaitMs gives up; neither touches another stream.
import diagnostics from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { ExecutorStopped } from './executor.ts';
import { FLAG_INTERRUPT, FLAG_LOCK_WAIT_OVER, FLAG_SYNC_ANSWERS, type Access, type FromWorker, type SqlOutcome, type SqlRequest, type ToWorker, type WorkerBoot, type WorkerLimits } from './messages.ts';

/**
 * The diagnostics channel (node:diagnostics_channel) on which each worker reports its start:
 * `{ event: 'starting' }` (its start began: the thread spawns as soon as its script is known),
 * then `{ event: 'ready' }` (SQLite loaded) or `{ event: 'failed', message }`.
 */
export const ENGINE_CHANNEL = 'platform-mock:database-engine';
export type EngineEvent = { event: 'starting' } | { event: 'ready' } | { event: 'failed'; message: string };
const channel = diagnostics.channel(ENGINE_CHANNEL);
const publish = (event: EngineEvent) => channel.hasSubscribers && channel.publish(event);

/** The engine could not start (its worker thread failed before SQLite loaded): no SQL runs until the mock restarts. */
export class DatabaseEngineUnavailable extends Error {
  readonly code = 'DATABASE_ENGINE_UNAVAILABLE';
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** For runs: when the time limit passes (mock clock), null while waiting for a lock, undefined until the worker is ready. */
  deadline?: number | null;
  waitingSince?: number;
  /** The run's stream was ended from outside (its token invalidated): why. */
  stopped?: ExecutorStopped;
  /** Database key and stream of a run. */
  stream?: string;
}

/** One worker thread and what is in flight there. */
export class EngineWorker {
  #worker: Worker | undefined;
  /** Messages sent before the thread was spawned, in order. */
  #unsent: { message: ToWorker; transfer: ArrayBuffer[] }[] = [];
  readonly #flags: Int32Array;
  readonly #syncPort: MessagePort;
  /** The other ends of #syncPort and #bootPort, handed to the thread when it spawns. */
  readonly #workerPorts: [sync: MessagePort, boot: MessagePort];
  /** Where SQLite's compiled module is handed to the thread. */
  readonly #bootPort: MessagePort;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #checker: NodeJS.Timeout | undefined;
  #closed = false;
  /** Databases placed in this worker. */
  databases = 0;
  /** False once the thread ended (it failed, or could not start): its databases are gone. */
  alive = true;
  /** True once the worker has loaded SQLite. */
  isReady = false;
  /** Why the worker could not start, if it could not. */
  startFailure: DatabaseEngineUnavailable | undefined;
  /** `waiting` (run id): a run began waiting for another stream's lock. For tests that wait on it. */
  readonly events = new EventEmitter();

  constructor(
    readonly limits: WorkerLimits,
    readonly now: () => number,
    boot: WorkerBoot,
  ) {
    this.#flags = new Int32Array(new SharedArrayBuffer(4 * 4));
    const sync = new MessageChannel();
    const bootChannel = new MessageChannel();
    this.#syncPort = sync.port1;
    this.#bootPort = bootChannel.port1;
    this.#workerPorts = [sync.port2, bootChannel.port2];
    publish({ event: 'starting' });
    // The thread boots (and loads SQLite's JavaScript) while the module compiles.
    boot.script.then(
      (script) => this.#spawn(script),
      (error: Error) => this.#failStart(error),
    );
    boot.module.then(
      (module) => !this.#closed && !this.startFailure && this.#bootPort.postMessage({ module }),
      (error: Error) => this.#failStart(error),
    );
  }

  #spawn(script: string): void {
    if (this.#closed || this.startFailure) return;
    const [syncPort, bootPort] = this.#workerPorts;
    const limits = this.limits;
    try {
      this.#worker = new Worker(script, {
        // The worker is our own plain module: it needs no flag of the host process, and inherited
        // ones such as `--input-type` with `-e` (a one-line script) would stop it from starting.
        execArgv: [],
        workerData: { maxResultBytes: limits.maxResultBytes, memoryLimitBytes: limits.memoryLimitBytes, maxDatabaseBytes: limits.maxDatabaseBytes, lockWaitMs: limits.lockWaitMs, flags: this.#flags.buffer, syncPort, bootPort },
        transferList: [syncPort, bootPort],
      });
    } catch (error) {
      this.#failStart(error as Error);
      return;
    }
    this.#worker.unref();
    this.#worker.on('message', (message: FromWorker) => this.#receive(message));
    this.#worker.on('error', (error) => {
      if (!this.isReady) return this.#failStart(error);
      this.alive = false;
      this.#failAll(new ExecutorStopped(`The database engine failed: ${error.message}`, 'STREAM_EXPIRED'));
    });
    this.#worker.on('exit', (code) => {
      if (!this.isReady) return this.#failStart(new Error(`its thread exited (code ${code}) before SQLite loaded`));
      this.alive = false;
      this.#failAll(new ExecutorStopped('The database engine stopped', 'STREAM_EXPIRED'));
    });
    for (const { message, transfer } of this.#unsent) this.#worker.postMessage(message, transfer);
    this.#unsent = [];
  }

  /** The start failed: what waits on this worker is answered, and nothing is sent to it again. */
  #failStart(error: Error): void {
    if (this.#closed || this.startFailure) return;
    this.alive = false;
    this.startFailure = new DatabaseEngineUnavailable(`The database engine could not start (${error.message}); no SQL runs until the mock is restarted`);
    this.#unsent = [];
    this.#failAll(new ExecutorStopped(this.startFailure.message, this.startFailure.code));
    publish({ event: 'failed', message: this.startFailure.message });
    void this.#worker?.terminate();
  }

  send(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (this.#worker) this.#worker.postMessage(message, transfer);
    else if (this.alive) this.#unsent.push({ message, transfer });
  }

  /** Runs a stream's requests; rejects with ExecutorStopped when the time limit stopped them. */
  run(key: string, stream: number, access: Access, requests: SqlRequest[], image: boolean): Promise<{ outcomes: SqlOutcome[]; image?: Uint8Array }> {
    if (this.startFailure) return Promise.reject(new ExecutorStopped(this.startFailure.message, this.startFailure.code));
    if (!this.alive) return Promise.reject(new ExecutorStopped('The database engine stopped; the stream ended', 'STREAM_EXPIRED'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // The time limit counts from SQLite's load: a request sent during the start waits for it.
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject, deadline: this.isReady ? this.now() + this.limits.statementTimeoutMs : undefined, stream: `${key}\u0000${stream}` });
      if (this.isReady) this.#watch();
      this.send({ t: 'run', id, key, stream, access, requests, image });
    });
  }

  /** Asks the worker something and waits for its answer message. */
  ask<T>(message: (id: number) => ToWorker): Promise<T> {
    if (!this.alive) return Promise.reject(this.startFailure ?? new ExecutorStopped('The database engine stopped', 'STREAM_EXPIRED'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.send(message(id));
    });
  }

  /**
   * The database's file image now, synchronously (for state snapshots); null when not open. Only
   * once the worker is ready (isReady): before, the engine knows the image itself (index.ts), and
   * waiting here would block the thread that hands the worker its start.
   */
  exportNow(key: string): Uint8Array | null {
    if (!this.alive || !this.isReady) return null;
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
    this.#closed = true;
    this.alive = false;
    this.#unsent = [];
    clearInterval(this.#checker);
    this.#failAll(new ExecutorStopped('The database was closed', 'STREAM_EXPIRED'));
    await this.#worker?.terminate();
    for (const port of [this.#syncPort, this.#bootPort, ...this.#workerPorts]) port.close();
  }

  #receive(message: FromWorker) {
    if (message.t === 'ready') {
      this.isReady = true;
      publish({ event: 'ready' });
      // Runs sent during the start: their time limit starts now.
      const now = this.now();
      for (const pending of this.#pending.values()) if (pending.stream !== undefined && pending.deadline === undefined) pending.deadline = now + this.limits.statementTimeoutMs;
      if (this.#pending.size > 0) this.#watch();
      return;
    }
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

