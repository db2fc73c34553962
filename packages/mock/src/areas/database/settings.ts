// How the database area of the mock is set up: its start-up tokens, its database ID and where its databases live.
import { randomBytes } from 'node:crypto';

export interface DatabaseMockOptions {
  /** The Full Access token (read and write). Generated when absent. */
  fullAccessToken?: string;
  /** The Read Only token (SELECT and read operations only). Generated when absent. */
  readOnlyToken?: string;
  /**
   * ID of the one default database, the only database the token management operations know
   * (others answer 404). Default `my-database`, as in the contract's examples. With `perHost`,
   * every ID is known and a request's database ID is the first label of its host name.
   */
  databaseId?: string;
  /** Folder holding one SQLite file per database (`<name>.db`), kept between runs. Default: in memory. */
  dir?: string;
  /** One database per request host name (`<database_id>.localhost`) instead of one default database. */
  perHost?: boolean;
  /** Idle time after which a stream (and its open transaction) expires, in milliseconds. Default 10 s. */
  streamIdleMs?: number;
}

export type DatabaseSettings = Required<Omit<DatabaseMockOptions, 'dir'>> & Pick<DatabaseMockOptions, 'dir'>;

/** The contract's pattern of a database ID: one DNS label, the first of the database URL's host. */
export const DATABASE_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const generateToken = (kind: string) => `mock-${kind}-${randomBytes(18).toString('base64url')}`;

/** Fills in what the options leave out; tokens are generated fresh for each start. */
export function resolveDatabaseSettings(options: DatabaseMockOptions = {}): DatabaseSettings {
  const settings: DatabaseSettings = {
    fullAccessToken: options.fullAccessToken ?? generateToken('full-access'),
    readOnlyToken: options.readOnlyToken ?? generateToken('read-only'),
    databaseId: options.databaseId ?? 'my-database',
    dir: options.dir,
    perHost: options.perHost ?? false,
    streamIdleMs: options.streamIdleMs ?? 10_000,
  };
  if (settings.fullAccessToken === settings.readOnlyToken) throw new Error('the Full Access and Read Only tokens must differ');
  if (!DATABASE_ID.test(settings.databaseId)) throw new Error(`the database ID "${settings.databaseId}" is not a DNS label (a-z, 0-9 and -)`);
  return settings;
}
