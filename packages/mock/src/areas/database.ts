// Database: the pipeline is answered by a real embedded SQL engine (libSQL), one database per
// host name or one default database, with streams kept between requests by their batons.
// Tokens live in one store per database ID, shared by the pipeline's token check and the token
// management operations (database/management.ts).
import { defineArea, describeViolations, UsageError, type MockRequest, type MockResponse } from '../area.ts';
import { databaseRegistry } from './database/databases.ts';
import { MANAGEMENT_OPERATIONS, tokenManagement } from './database/management.ts';
import { runRequests } from './database/pipeline.ts';
import type { PipelineRequest, PipelineResponse } from './database/protocol.ts';
import { resolveDatabaseSettings, type DatabaseMockOptions } from './database/settings.ts';
import { StreamLost, streamTable } from './database/streams.ts';
import { tokenStores } from './database/tokens.ts';

const DEFAULT_DATABASE = 'default';
const VERSION_TEXT = 'Hello, this is HTTP API v2 (Hrana over HTTP)';

export default defineArea({
  name: 'database',
  flags: {
    'db-dir': { type: 'string', valueName: 'DIR', description: 'folder holding one SQLite file per database, kept between runs (default: in memory)' },
    'db-per-host': { type: 'boolean', description: 'one database per request host name (<database_id>.localhost) instead of one default database' },
  },
  optionsFromFlags: (flags): DatabaseMockOptions => ({ dir: flags['db-dir'] as string | undefined, perHost: flags['db-per-host'] === true }),
  setup({ options }: { options: DatabaseMockOptions }) {
    let settings: ReturnType<typeof resolveDatabaseSettings>;
    try {
      settings = resolveDatabaseSettings(options);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const databaseNamed = databaseRegistry(settings.dir);
    const streams = streamTable(settings.streamIdleMs);
    const tokensOf = tokenStores(settings);
    const management = tokenManagement(settings, tokensOf);

    const hostOf = (request: MockRequest) => (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();

    /** The database a request is for: by host name (without port), or the default one. */
    function databaseOf(request: MockRequest) {
      const host = hostOf(request);
      return databaseNamed(settings.perHost && host ? host : DEFAULT_DATABASE);
    }

    /** Its ID: the first label of the host name, or the default database's ID. */
    function databaseIdOf(request: MockRequest): string {
      const host = hostOf(request);
      return settings.perHost && host ? host.split('.')[0]! : settings.databaseId;
    }

    return {
      info: { fullAccessToken: settings.fullAccessToken, readOnlyToken: settings.readOnlyToken, databaseId: settings.databaseId },
      // The one place the mock prints tokens: they are generated for this run only.
      report: () => [
        `Database tokens for this run (access key \`default\`, database ${settings.databaseId}): Full Access ${settings.fullAccessToken}  Read Only ${settings.readOnlyToken}`,
        `  databases ${settings.dir ? `in ${settings.dir}` : 'in memory'}, ${settings.perHost ? 'one per host name' : 'one default database'}`,
      ],
      invalidRequest: (violations, request): MockResponse =>
        MANAGEMENT_OPERATIONS.has(request.operationId)
          ? management.invalidRequest(violations)
          : { status: 400, headers: { 'content-type': 'text/plain' }, body: describeViolations(violations) },
      handlers: {
        ...management.handlers,
        getPipelineVersion: () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: VERSION_TEXT }),

        runPipeline(request): MockResponse {
          const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
          const access = token ? tokensOf(databaseIdOf(request)).accessOf(token) : undefined;
          if (!token || !access) return { status: 401 };
          const body = request.body as PipelineRequest;
          let stream;
          try {
            stream = streams.take(body.baton, token, access, databaseOf(request));
          } catch (error) {
            if (!(error instanceof StreamLost)) throw error;
            if (error.malformed) return { status: 400, headers: { 'content-type': 'text/plain' }, body: `${error.code}: ${error.message}` };
            return { status: 500, body: { message: error.message, code: error.code } };
          }
          const results = runRequests(stream, body.requests, streams.end);
          const answer: PipelineResponse = { baton: streams.give(stream), base_url: null, results };
          return { status: 200, body: answer };
        },
      },
    };
  },
});
