// The test's database: tokens issued for its namespace through the API (the `database` fixture),
// or, on a worker's mock without the database area, a database that says so when it is read.
import { SETUP_HEADER } from '../journal/recorder.ts';
import type { Mock } from '../mock/mock.ts';
import { IN_PROCESS_URL } from '../mock/options.ts';

/** A database of the test's namespace: its URL and a pair of tokens issued for it. */
export interface NamespaceDatabase {
  databaseId: string;
  /** The database URL for `@libsql/client` and the platform client: the one the token answer gives, or in process the mock's URL. */
  url: string;
  fullAccessToken: string;
  readOnlyToken: string;
}

/** What these read of the worker's mock connection (fixtures.ts' MockConnection). */
interface Connection {
  url: string;
  fetch: typeof globalThis.fetch;
  mock?: Pick<Mock, 'operations'>;
}

type IssuedTokens = { database_url: string; tokens: { kind: string; token: string }[] };

export async function issueTokens(connection: Connection, accessKey: string, databaseId: string): Promise<NamespaceDatabase> {
  const response = await connection.fetch(`${connection.url}/database/${encodeURIComponent(databaseId)}/tokens`, {
    method: 'POST',
    headers: { AccessKey: accessKey, 'content-type': 'application/json', [SETUP_HEADER]: '1' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`the mock did not issue database tokens (${response.status}): ${await response.text()}`);
  const issued = (await response.json()) as IssuedTokens;
  const tokenOf = (kind: string) => issued.tokens.find((token) => token.kind === kind)!.token;
  // In process the database is reached at the mock's own URL (through its fetch); over HTTP at the URL the answer gives.
  const url = connection.url === IN_PROCESS_URL ? connection.url : issued.database_url;
  return { databaseId, url, fullAccessToken: tokenOf('full_access'), readOnlyToken: tokenOf('read_only') };
}

/** Whether the worker's own mock serves no database (`mock: { areas }` without it); a shared mock's areas are not known here. */
export const withoutDatabase = (connection: Connection) =>
  connection.mock !== undefined && !connection.mock.operations.some((operation) => operation.area === 'database');

/**
 * The namespace's database on a mock without the database area: nothing is issued, and reading
 * any of it (a test's `database`, `db`, or its platform client's `database`) says why.
 */
export function absentDatabase(databaseId: string): NamespaceDatabase {
  const refuse = (): never => {
    throw new Error(
      "the worker's mock serves no database (createMockTest({ mock: { areas } }) leaves it out): add 'database' to mock.areas for a test that uses the database",
    );
  };
  return Object.defineProperties({ databaseId } as NamespaceDatabase, {
    url: { get: refuse, enumerable: true },
    fullAccessToken: { get: refuse, enumerable: true },
    readOnlyToken: { get: refuse, enumerable: true },
  });
}
