// The database area's options (startMock's `database`), its CLI flags and their defaults.
import { randomBytes } from 'node:crypto';

export interface DatabaseMockOptions {
  /** The Full Access token (read and write) of the start-up namespace. Generated when absent. */
  fullAccessToken?: string;
  /** The Read Only token (reads only). Generated when absent. */
  readOnlyToken?: string;
  /**
   * ID of the one database of each namespace, the only one the token management operations
   * know (others answer 404). Default `my-database`, as in the contract's examples. With
   * `perHost`, every ID is known and a request's database is the first label of its host name.
   */
  databaseId?: string;
  /**
   * Folder where the start-up namespace (access key `default`) keeps its databases (`<id>.db`) and
   * its tokens (`database-state.json`, digests only) between runs. Other namespaces live in
   * memory only. Default: none, every database lives in memory.
   */
  dir?: string;
  /** One database per request host name (`<database_id>.localhost`) instead of one per namespace. */
  perHost?: boolean;
  /** Idle time after which a stream (and its open transaction) expires, in ms. Default 10 000 (sqld's). */
  streamIdleMs?: number;
  /** Longest time one request of a pipeline (a statement, a batch, a sequence) may run, in ms. Default 5 000. */
  statementTimeoutMs?: number;
  /** How long a write waits for another stream's write lock before SQLITE_BUSY, in ms. Default 5 000 (sqld's). */
  lockWaitMs?: number;
  /** Largest total size of the rows one pipeline answers, in bytes. Default 10 MiB. */
  maxResultBytes?: number;
  /** SQLite's heap limit per engine worker thread, in bytes (past it a statement fails with SQLITE_NOMEM). Default 512 MiB. */
  memoryLimitBytes?: number;
  /** Largest size of one database, in bytes (past it a write fails with SQLITE_FULL). Default 256 MiB. */
  maxDatabaseBytes?: number;
  /**
   * Worker threads that run SQL: as many namespaces with open streams each have a thread of their
   * own, so that one's runaway statement never stalls or fails another's work. Past that many at
   * once, namespaces share threads. Default 16.
   */
  engineWorkers?: number;
  /** Largest file image of one database a state snapshot carries, in bytes. Default 32 MiB. */
  maxSnapshotBytes?: number;
  /** Most streams open at once per namespace. Default 128. */
  maxStreams?: number;
  /** Most databases open at once (every namespace together); past it an idle one closes (its data kept). Default 64. */
  maxDatabases?: number;
  /** Most tokens kept per database (invalid ones are forgotten first). Default 200. */
  maxTokensPerDatabase?: number;
  /** Largest body of a pipeline request (/v2/pipeline, /v3/pipeline, /v3/cursor) and largest WebSocket message, in bytes; apart from the mock-wide maxBodyBytes. Default 4 MiB (a 10,000-statement batch is about 1.5 MB). */
  maxPipelineBodyBytes?: number;
}

export type DatabaseSettings = Required<Omit<DatabaseMockOptions, 'dir'>> & Pick<DatabaseMockOptions, 'dir'>;

/** The contract's pattern of a database ID: one DNS label, the first of the database URL's host. */
export const DATABASE_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const generateToken = (kind: string) => `mock-${kind}-${randomBytes(18).toString('base64url')}`;

export const DEFAULT_LIMITS = {
  streamIdleMs: 10_000,
  statementTimeoutMs: 5_000,
  lockWaitMs: 5_000,
  maxResultBytes: 10 * 1024 * 1024,
  memoryLimitBytes: 512 * 1024 * 1024,
  maxDatabaseBytes: 256 * 1024 * 1024,
  engineWorkers: 16,
  maxSnapshotBytes: 32 * 1024 * 1024,
  maxStreams: 128,
  maxDatabases: 64,
  maxTokensPerDatabase: 200,
  maxPipelineBodyBytes: 4 * 1024 * 1024,
} as const;

/** A bad option value (the CLI prints it and exits 2). */
export class DatabaseOptionError extends Error {}

/** Fills in what the options leave out; tokens are generated fresh for each start. */
export function resolveDatabaseSettings(options: DatabaseMockOptions = {}): DatabaseSettings {
  const settings: DatabaseSettings = {
    fullAccessToken: options.fullAccessToken ?? generateToken('full-access'),
    readOnlyToken: options.readOnlyToken ?? generateToken('read-only'),
    databaseId: options.databaseId ?? 'my-database',
    dir: options.dir,
    perHost: options.perHost ?? false,
    ...DEFAULT_LIMITS,
  };
  for (const name of Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1)
      throw new DatabaseOptionError(`database option ${name} must be a whole number above 0, got ${String(value)}`);
    settings[name] = value;
  }
  if (settings.fullAccessToken === settings.readOnlyToken) throw new DatabaseOptionError('the Full Access and Read Only tokens must differ');
  if (!DATABASE_ID.test(settings.databaseId)) throw new DatabaseOptionError(`the database ID "${settings.databaseId}" is not a DNS label (a-z, 0-9 and -)`);
  return settings;
}

/** The area's CLI flags: where the databases live and each limit. */
export const DATABASE_FLAGS = {
  'db-dir': {
    type: 'string',
    valueName: 'DIR',
    description: "Folder keeping the default access key's databases and token digests between runs (default: in memory only)",
  },
  'db-per-host': { type: 'boolean', description: 'One database per host name (<database_id>.localhost) instead of one per namespace' },
  'db-stream-idle-ms': {
    type: 'string',
    valueName: 'MS',
    description: `An idle stream expires and rolls back after this long (${DEFAULT_LIMITS.streamIdleMs})`,
  },
  'db-statement-timeout-ms': {
    type: 'string',
    valueName: 'MS',
    description: `Longest run of one statement, batch or sequence; past it the statement is stopped (${DEFAULT_LIMITS.statementTimeoutMs})`,
  },
  'db-lock-wait-ms': { type: 'string', valueName: 'MS', description: `How long a write waits for another stream's write lock (${DEFAULT_LIMITS.lockWaitMs})` },
  'db-max-result-bytes': { type: 'string', valueName: 'N', description: `Largest total size of one pipeline's rows (${DEFAULT_LIMITS.maxResultBytes})` },
  'db-memory-limit-bytes': { type: 'string', valueName: 'N', description: `SQLite's heap limit per engine worker thread (${DEFAULT_LIMITS.memoryLimitBytes})` },
  'db-max-database-bytes': {
    type: 'string',
    valueName: 'N',
    description: `Largest size of one database; past it a write fails with SQLITE_FULL (${DEFAULT_LIMITS.maxDatabaseBytes})`,
  },
  'db-max-streams': { type: 'string', valueName: 'N', description: `Most open streams per namespace (${DEFAULT_LIMITS.maxStreams})` },
  'db-max-databases': {
    type: 'string',
    valueName: 'N',
    description: `Most databases open at once; an idle one closes to make room (${DEFAULT_LIMITS.maxDatabases})`,
  },
  'db-engine-workers': {
    type: 'string',
    valueName: 'N',
    description: `SQL threads: this many namespaces at work at once each run in their own (${DEFAULT_LIMITS.engineWorkers})`,
  },
  'db-max-pipeline-body-bytes': {
    type: 'string',
    valueName: 'N',
    description: `Largest pipeline request body or WebSocket message, apart from --max-body-bytes (${DEFAULT_LIMITS.maxPipelineBodyBytes})`,
  },
} as const;

const FLAG_OPTIONS: Record<string, keyof typeof DEFAULT_LIMITS> = {
  'db-stream-idle-ms': 'streamIdleMs',
  'db-statement-timeout-ms': 'statementTimeoutMs',
  'db-lock-wait-ms': 'lockWaitMs',
  'db-max-result-bytes': 'maxResultBytes',
  'db-memory-limit-bytes': 'memoryLimitBytes',
  'db-max-database-bytes': 'maxDatabaseBytes',
  'db-max-streams': 'maxStreams',
  'db-max-databases': 'maxDatabases',
  'db-engine-workers': 'engineWorkers',
  'db-max-pipeline-body-bytes': 'maxPipelineBodyBytes',
};

/** Options from parsed flags; a value that is not a whole number above 0 is a usage error. */
export function optionsFromFlags(flags: Record<string, unknown>): DatabaseMockOptions {
  const options: DatabaseMockOptions = { dir: flags['db-dir'] as string | undefined, perHost: flags['db-per-host'] === true };
  for (const [flag, name] of Object.entries(FLAG_OPTIONS)) {
    const text = flags[flag];
    if (text === undefined) continue;
    if (typeof text !== 'string' || !/^[1-9]\d*$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw new DatabaseOptionError(`--${flag} must be a whole number above 0, got "${String(text)}"`);
    }
    options[name] = Number(text);
  }
  return options;
}
