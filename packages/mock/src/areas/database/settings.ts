// How the database area of the mock is set up: its two tokens and where its databases live.
import { randomBytes } from 'node:crypto';

export interface DatabaseMockOptions {
  /** The Full Access token (read and write). Generated when absent. */
  fullAccessToken?: string;
  /** The Read Only token (SELECT and read operations only). Generated when absent. */
  readOnlyToken?: string;
  /** Folder holding one SQLite file per database (`<name>.db`), kept between runs. Default: in memory. */
  dir?: string;
  /** One database per request host name (`<database_id>.localhost`) instead of one default database. */
  perHost?: boolean;
  /** Idle time after which a stream (and its open transaction) expires, in milliseconds. Default 10 s. */
  streamIdleMs?: number;
}

export type DatabaseSettings = Required<Omit<DatabaseMockOptions, 'dir'>> & Pick<DatabaseMockOptions, 'dir'>;

const generateToken = (kind: string) => `mock-${kind}-${randomBytes(18).toString('base64url')}`;

/** Fills in what the options leave out; tokens are generated fresh for each start. */
export function resolveDatabaseSettings(options: DatabaseMockOptions = {}): DatabaseSettings {
  const settings: DatabaseSettings = {
    fullAccessToken: options.fullAccessToken ?? generateToken('full-access'),
    readOnlyToken: options.readOnlyToken ?? generateToken('read-only'),
    dir: options.dir,
    perHost: options.perHost ?? false,
    streamIdleMs: options.streamIdleMs ?? 10_000,
  };
  if (settings.fullAccessToken === settings.readOnlyToken) throw new Error('the Full Access and Read Only tokens must differ');
  return settings;
}
