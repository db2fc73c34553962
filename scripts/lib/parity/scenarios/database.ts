// Database: tokens minted and listed, a Hrana pipeline (declared types, an SQL error), the v3
// pipeline and cursor, the protocol versions served, then the tokens invalidated and the
// pipeline refused; the management API's own refusals.
import { type Scenario, UNKNOWN } from '../scenario.ts';

const execute = (sql: string) => ({ type: 'execute' as const, stmt: { sql } });

export const scenarios: Scenario[] = [
  {
    name: 'database/tokens-and-pipeline',
    area: 'database',
    summary: 'mints tokens, runs pipelines (v2, v3, a cursor, an SQL error), invalidates the tokens and sees the pipeline refused',
    async run({ databaseTokens, databaseHost, inputs }) {
      const databaseId = inputs.databaseId;
      const issued = await databaseTokens.POST('/database/{databaseId}/tokens', { params: { path: { databaseId } }, body: { kinds: ['full_access'] } });
      const token = issued.data?.tokens[0]?.token ?? '';
      await databaseTokens.GET('/database/{databaseId}/tokens', { params: { path: { databaseId } } });
      const host = databaseHost(token);
      await host.GET('/v2', {});
      await host.GET('/v3', {});
      await host.POST('/v2/pipeline', {
        body: {
          requests: [
            execute('CREATE TABLE parity_talks (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rating REAL, cover BLOB)'),
            execute("INSERT INTO parity_talks (title, rating, cover) VALUES ('Keynote', 4.5, x'cafe'), ('Closing', NULL, NULL)"),
            execute('SELECT id, title, rating, cover, typeof(rating) FROM parity_talks ORDER BY id'),
            execute('SELECT * FROM no_such_table'),
            { type: 'close' },
          ],
        },
      });
      const opened = await host.POST('/v3/pipeline', { body: { baton: null, requests: [execute('SELECT count(*) AS talks FROM parity_talks')] } });
      await host.POST('/v3/pipeline', { body: { baton: opened.data?.baton ?? null, requests: [{ type: 'get_autocommit' }, { type: 'close' }] } });
      await host.POST('/v3/cursor', { body: { baton: null, batch: { steps: [{ stmt: { sql: 'SELECT title FROM parity_talks ORDER BY id' } }] } } });
      await host.POST('/v2/pipeline', { body: { requests: [execute('DROP TABLE parity_talks'), { type: 'close' }] } });
      await databaseTokens.POST('/database/{databaseId}/tokens/invalidate', { params: { path: { databaseId } }, body: {} });
      await host.POST('/v2/pipeline', { body: { requests: [execute('SELECT 1'), { type: 'close' }] } });
      await host.POST('/v3/pipeline', { body: { baton: null, requests: [execute('SELECT 1'), { type: 'close' }] } });
      await host.POST('/v3/cursor', { body: { baton: null, batch: { steps: [{ stmt: { sql: 'SELECT 1' } }] } } });
    },
  },
  {
    name: 'database/refusals',
    area: 'database',
    summary: 'the management API’s refusals: an unknown database (404) and a bad expiry (400) on each token operation; a malformed pipeline (400)',
    async run({ anonymous, databaseTokens, databaseHost, inputs }) {
      const databaseId = UNKNOWN.text;
      await anonymous.databaseTokens.GET('/database/{databaseId}/tokens', { params: { path: { databaseId: inputs.databaseId } } });
      await anonymous.databaseTokens.POST('/database/{databaseId}/tokens', { params: { path: { databaseId: inputs.databaseId } }, body: {} });
      await anonymous.databaseTokens.POST('/database/{databaseId}/tokens/invalidate', { params: { path: { databaseId: inputs.databaseId } }, body: {} });
      await databaseTokens.GET('/database/{databaseId}/tokens', { params: { path: { databaseId } } });
      await databaseTokens.POST('/database/{databaseId}/tokens', { params: { path: { databaseId } }, body: {} });
      await databaseTokens.POST('/database/{databaseId}/tokens/invalidate', { params: { path: { databaseId } }, body: {} });
      const own = { params: { path: { databaseId: inputs.databaseId } } };
      await databaseTokens.POST('/database/{databaseId}/tokens', { ...own, body: { expires_in_days: 0 } });
      await databaseTokens.GET('/database/{databaseId}/tokens', { params: { path: { databaseId: 'Not An Id!' } } });
      await databaseTokens.POST('/database/{databaseId}/tokens/invalidate', { ...own, body: { regenerate: 'yes' as unknown as boolean } });
      const issued = await databaseTokens.POST('/database/{databaseId}/tokens', { ...own, body: { kinds: ['read_only'] } });
      const host = databaseHost(issued.data?.tokens[0]?.token ?? '');
      await host.POST('/v2/pipeline', { body: { requests: [{ type: 'no-such-request' }] as never } });
      await host.POST('/v3/pipeline', { body: { requests: 'not a list' as never } });
      await host.POST('/v3/cursor', { body: { batch: 'not a batch' as never } });
    },
  },
];
