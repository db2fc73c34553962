// Database: the pipeline is answered by a real embedded SQL engine (libSQL), one database per
// host name or one default database, with streams kept between requests by their batons.
import { defineArea, describeViolations, type MockRequest, type MockResponse } from '../area.ts';
import { databaseRegistry, type Access } from './database/databases.ts';
import { runRequests } from './database/pipeline.ts';
import type { PipelineRequest, PipelineResponse } from './database/protocol.ts';
import { resolveDatabaseSettings, type DatabaseSettings } from './database/settings.ts';
import { StreamLost, streamTable } from './database/streams.ts';

const DEFAULT_DATABASE = 'default';
const VERSION_TEXT = 'Hello, this is HTTP API v2 (Hrana over HTTP)';

export default defineArea({
  name: 'database',
  setup({ settings: areaSettings }) {
    const settings = (areaSettings.database as DatabaseSettings | undefined) ?? resolveDatabaseSettings();
    const databaseNamed = databaseRegistry(settings.dir);
    const streams = streamTable(settings.streamIdleMs);

    function accessOf(token: string | undefined): Access | undefined {
      if (token === settings.fullAccessToken) return 'full';
      if (token === settings.readOnlyToken) return 'read-only';
      return undefined;
    }

    /** The database a request is for: by host name (without port), or the default one. */
    function databaseOf(request: MockRequest) {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      return databaseNamed(settings.perHost && host ? host : DEFAULT_DATABASE);
    }

    return {
      invalidRequest: (violations): MockResponse => ({
        status: 400,
        headers: { 'content-type': 'text/plain' },
        body: describeViolations(violations),
      }),
      handlers: {
        getPipelineVersion: () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: VERSION_TEXT }),

        runPipeline(request): MockResponse {
          const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
          const access = accessOf(token);
          if (!token || !access) return { status: 401 };
          const body = request.body as PipelineRequest;
          let stream;
          try {
            stream = streams.take(body.baton, token, access, databaseOf(request));
          } catch (error) {
            if (!(error instanceof StreamLost)) throw error;
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
