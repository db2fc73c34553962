// The HTTP side of one database's executor process: starts it on first use, sends it each
// pipeline's SQL requests, and ends it when a request runs past the time limit (the only way
// to stop a statement SQLite is stuck in). Ending it closes every stream of that database and
// rolls back their transactions; SQLite recovers the file from its WAL on the next start.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Access, ExecutorConfig, FromExecutor, SqlOutcome, SqlRequest, ToExecutor } from './messages.ts';

export interface ExecutorOptions extends ExecutorConfig {
  /** Longest time one request of a pipeline may run, in ms. */
  statementTimeoutMs: number;
  /** The executor's script; see childScript(). */
  script: string;
}

/** Why the streams of an executor ended without being closed. */
export class ExecutorStopped extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(outcomes: SqlOutcome[]): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  requests: SqlRequest[];
}

export class Executor {
  #child: ChildProcess | undefined;
  /** The process has started (its start-up does not count toward a request's time limit). */
  #ready = false;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  /** Streams this executor holds; they all end if it stops. */
  readonly streams = new Set<number>();
  /** Called with the streams lost when the process ended on its own or was stopped for a runaway request. */
  onLost: (streams: number[], reason: ExecutorStopped) => void = () => {};

  constructor(readonly options: ExecutorOptions) {}

  get running(): boolean {
    return this.#child !== undefined;
  }

  run(stream: number, access: Access, requests: SqlRequest[]): Promise<SqlOutcome[]> {
    const child = this.#start();
    const id = this.#nextId++;
    this.streams.add(stream);
    const closes = requests.some((request) => request.type === 'close');
    return new Promise<SqlOutcome[]>((resolve, reject) => {
      const done = (outcomes: SqlOutcome[]) => {
        // The stream closed itself in the process.
        if (closes) this.streams.delete(stream);
        resolve(outcomes);
      };
      const pending: Pending = { resolve: done, reject, requests };
      this.#pending.set(id, pending);
      this.#arm(id, pending);
      this.#send(child, { t: 'run', id, stream, access, requests });
    });
  }

  /** Closes a stream's connection, releasing its locks (its transaction rolls back). */
  closeStream(stream: number): void {
    if (!this.streams.delete(stream) || !this.#child) return;
    this.#send(this.#child, { t: 'close', stream });
  }

  /** Ends the process; its streams are lost. */
  stop(): Promise<void> {
    const child = this.#child;
    if (!child) return Promise.resolve();
    this.#child = undefined;
    this.#lose(new ExecutorStopped('The database was closed', 'STREAM_EXPIRED'));
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  #start(): ChildProcess {
    if (this.#child) return this.#child;
    const { statementTimeoutMs: _timeout, script, ...config } = this.options;
    const child = fork(script, [JSON.stringify(config)], {
      serialization: 'json',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [`--max-old-space-size=${Math.max(64, Math.ceil((config.maxResultBytes * 8) / 1024 / 1024) + 64)}`],
    });
    this.#child = child;
    this.#ready = false;
    child.on('message', (message: FromExecutor) => this.#receive(message));
    child.once('exit', (code, signal) => {
      if (this.#child !== child) return; // stopped on purpose: its losses are already told
      this.#child = undefined;
      const reason = new ExecutorStopped(
        `The database's executor ended (${signal ?? `exit code ${code}`}); the stream's transaction was rolled back`,
        'STREAM_EXPIRED',
      );
      this.#lose(reason);
    });
    child.on('error', () => {}); // 'exit' follows
    return child;
  }

  #send(child: ChildProcess, message: ToExecutor) {
    if (child.connected) child.send(message);
  }

  #receive(message: FromExecutor) {
    if (message.t === 'ready') {
      this.#ready = true;
      for (const [id, pending] of this.#pending) this.#arm(id, pending);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    clearTimeout(pending.timer);
    if (message.t === 'done') {
      this.#pending.delete(message.id);
      pending.resolve(message.outcomes);
    } else if (message.t === 'progress') {
      this.#arm(message.id, pending);
    }
    // 'waiting': the process is free meanwhile; the time limit starts again on 'progress'.
  }

  /** The time limit of the request now running; past it the process ends. */
  #arm(id: number, pending: Pending) {
    clearTimeout(pending.timer);
    if (!this.#ready) return;
    pending.timer = setTimeout(() => {
      const limit = this.options.statementTimeoutMs;
      this.#lose(
        new ExecutorStopped(
          `The statement ran longer than the mock's limit of ${limit} ms (statementTimeoutMs) and was stopped; its stream closed and its transaction rolled back`,
          'SQLITE_INTERRUPT',
        ),
        id,
      );
      this.#child?.kill('SIGKILL');
      this.#child = undefined;
    }, this.options.statementTimeoutMs);
    pending.timer.unref?.();
  }

  /** Every request in flight fails; every stream is gone. `culprit` is the request that ran too long. */
  #lose(reason: ExecutorStopped, culprit?: number) {
    const lost = [...this.streams];
    this.streams.clear();
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(id === culprit ? reason : new ExecutorStopped(reason.code === 'SQLITE_INTERRUPT' ? 'Another stream of this database ran a statement past the time limit; the executor was restarted and this stream closed' : reason.message, 'STREAM_EXPIRED'));
    }
    if (lost.length > 0) this.onLost(lost, reason);
  }
}

/**
 * The executor's script. Built, it sits beside this module; from the TypeScript sources (the
 * repository's tests), it is bundled once per process with esbuild into a cache folder of the
 * package, where the engine's native module still resolves.
 */
let script: Promise<string> | undefined;
export function childScript(): Promise<string> {
  script ??= (async () => {
    if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./child.js', import.meta.url));
    const { build } = await import('esbuild');
    const outfile = fileURLToPath(new URL(`../../../../node_modules/.cache/platform-mock/executor-${process.pid}.mjs`, import.meta.url));
    await build({
      entryPoints: [fileURLToPath(new URL('./child.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['libsql'],
      outfile,
      logLevel: 'silent',
    });
    process.once('exit', () => rmSync(outfile, { force: true }));
    return outfile;
  })();
  return script;
}
