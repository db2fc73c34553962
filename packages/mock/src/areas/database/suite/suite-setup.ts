// What the database does for a test suite's setup (engine/suite-setup.ts, asked for by the vitest
// fixtures without knowing the area): its engine warmed up before the first test, a test's
// database (tokens issued for its namespace through the API) and `@libsql/client` on it.
import type { AreaSuiteSetup } from '../../../engine/suite-setup.ts';

/** A database of the test's namespace: its URL and a pair of tokens issued for it. */
export interface NamespaceDatabase {
  databaseId: string;
  /** The database URL for `@libsql/client` and the platform client: the one the token answer gives, or in process the mock's URL. */
  url: string;
  fullAccessToken: string;
  readOnlyToken: string;
}

type IssuedTokens = { database_url: string; tokens: { kind: string; token: string }[] };

export const databaseSuiteSetup = {
  /**
   * The engine starts in the background (its worker thread, SQLite's module): a mock answers at
   * once, and the first SQL waits for it. `SELECT 1` on the start-up database (no state changed)
   * resolves once the engine answered, so that no test's own time limit pays for the start.
   */
  async warmUp(send, info) {
    const { fullAccessToken } = info as { fullAccessToken: string };
    const answer = await send({
      method: 'POST',
      target: '/v2/pipeline',
      headers: { authorization: `Bearer ${fullAccessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }] }),
    });
    if (answer.status !== 200 || !answer.text.includes('"type":"ok"'))
      throw new Error(`the mock's database engine did not start (${answer.status}): ${answer.text}`);
  },

  async fixture({ url, fetch, inProcess }, accessKey, databaseId): Promise<NamespaceDatabase> {
    const response = await fetch(`${url}/database/${encodeURIComponent(databaseId)}/tokens`, {
      method: 'POST',
      headers: { AccessKey: accessKey, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) throw new Error(`the mock did not issue database tokens (${response.status}): ${await response.text()}`);
    const issued = (await response.json()) as IssuedTokens;
    const tokenOf = (kind: string) => issued.tokens.find((token) => token.kind === kind)!.token;
    // In process the database is reached at the mock's own URL (through its fetch); over HTTP at the URL the answer gives.
    return { databaseId, url: inProcess ? url : issued.database_url, fullAccessToken: tokenOf('full_access'), readOnlyToken: tokenOf('read_only') };
  },

  /** Nothing is issued; reading any of it (a test's `database`, `db`, or its platform client's `database`) says why. */
  absent(databaseId): NamespaceDatabase {
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
  },

  /** `@libsql/client` (an optional peer, loaded here) on the database with its Full Access token. */
  async client(database, fetch) {
    const { url, fullAccessToken } = database as NamespaceDatabase;
    const { createClient } = await import('@libsql/client');
    const client = createClient({ url, authToken: fullAccessToken, fetch });
    return { client, close: () => client.close() };
  },
} satisfies AreaSuiteSetup;
