// The SQL engine of the database area: one file per database (WAL mode), each served by its
// own executor process (executor.ts) started on first use and stopped when left idle.
// Without a folder, the files live in a private temporary folder removed when the mock stops.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_NAMESPACE } from '../../../namespaces.ts';
import { childScript, Executor } from './executor.ts';
import type { ExecutorLimits } from './messages.ts';

export interface EngineLimits extends ExecutorLimits {
  statementTimeoutMs: number;
  /** Most databases open at once (every namespace together); idle ones are closed to make room. */
  maxDatabases: number;
  /** An executor without streams for this long stops (its database stays on disk), in ms. */
  executorIdleMs: number;
}

export interface SqlEngineOptions {
  /** Folder of the database files, kept between runs; default a temporary folder. */
  dir?: string;
  limits: EngineLimits;
}

/** A namespace's database: a file and the executor that serves it. */
export interface EngineDatabase {
  readonly key: string;
  readonly executor: Executor;
}

export class DatabaseLimitReached extends Error {
  readonly code = 'DATABASE_LIMIT_REACHED';
}

/** The key of an owner's database (owners hold access keys: never shown). */
export const databaseKey = (owner: string, databaseId: string) => `${owner}\u0000${databaseId}`;

export async function createSqlEngine(options: SqlEngineOptions) {
  const { limits } = options;
  const temporary = options.dir === undefined;
  const dir = options.dir ? path.resolve(options.dir) : mkdtempSync(path.join(os.tmpdir(), 'platform-mock-db-'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const script = await childScript();
  const databases = new Map<string, EngineDatabase>();
  const idleTimers = new Map<string, NodeJS.Timeout>();

  /**
   * The file of an owner's database. The default namespace's owner keeps `<dir>/<id>.db`; another owner
   * (it holds an access key, a secret) gets a folder named by a digest of it.
   */
  function fileOf(owner: string, databaseId: string): string {
    if (owner === DEFAULT_NAMESPACE) return path.join(dir, `${databaseId}.db`);
    const folder = path.join(dir, `ns-${createHash('sha256').update(owner).digest('hex').slice(0, 24)}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return path.join(folder, `${databaseId}.db`);
  }

  return {
    dir,
    /**
     * The database, opened on first use. Past maxDatabases, the least recently used database
     * without open streams is closed (its executor stops; its file stays and opens again on its
     * next use); when every database has open streams, a new one is refused.
     */
    database(owner: string, databaseId: string): EngineDatabase {
      const key = databaseKey(owner, databaseId);
      let database = databases.get(key);
      if (database) databases.delete(key); // most recently used last
      else {
        if (databases.size >= limits.maxDatabases) {
          const idle = [...databases.values()].find((candidate) => candidate.executor.streams.size === 0);
          if (!idle) throw new DatabaseLimitReached(`The mock holds ${limits.maxDatabases} databases with open streams, its limit (maxDatabases); no more can be opened`);
          databases.delete(idle.key);
          clearTimeout(idleTimers.get(idle.key));
          idleTimers.delete(idle.key);
          void idle.executor.stop();
        }
        const executor = new Executor({ ...limits, file: fileOf(owner, databaseId), script });
        database = { key, executor };
      }
      databases.set(key, database);
      const timer = idleTimers.get(key);
      if (timer) clearTimeout(timer);
      idleTimers.delete(key);
      return database;
    },

    /** After a stream of the database ends: stop its executor once no stream is left for a while. */
    released(database: EngineDatabase): void {
      if (database.executor.streams.size > 0 || idleTimers.has(database.key)) return;
      const timer = setTimeout(() => {
        idleTimers.delete(database.key);
        if (database.executor.streams.size === 0) void database.executor.stop();
      }, limits.executorIdleMs);
      timer.unref();
      idleTimers.set(database.key, timer);
    },

    async close(): Promise<void> {
      for (const timer of idleTimers.values()) clearTimeout(timer);
      await Promise.all([...databases.values()].map((database) => database.executor.stop()));
      databases.clear();
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SqlEngine = Awaited<ReturnType<typeof createSqlEngine>>;
