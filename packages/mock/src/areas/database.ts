// Database: the pipeline (libSQL's Hrana over HTTP, v2 and v3) answered by a real SQL engine,
// sandboxed and bounded (engine/), and the token management operations. Per namespace (access
// key): its databases and their tokens. Area-wide: the token index that leads a pipeline
// request (Bearer token) to its namespace and database, the streams, and the engine.
import { randomUUID } from 'node:crypto';
import type * as Contract from '@platform-contracts/contracts/database';
import { defineArea, describeViolations, UsageError, type CallContext, type MockRequest, type MockResponse, type Violation } from '../area.ts';
import { createSqlEngine, DatabaseLimitReached, databaseKey, type SqlEngine } from './database/engine/index.ts';
import { DATABASE_FLAGS, DATABASE_ID, DatabaseOptionError, optionsFromFlags, resolveDatabaseSettings, type DatabaseMockOptions, type DatabaseSettings } from './database/options.ts';
import { runCursor, runPipeline, type WireRequest } from './database/pipeline-runner.ts';
import type { DatabaseError, StreamResult } from './database/protocol.ts';
import { StreamLimitReached, StreamLost, streamTable, type Stream } from './database/stream-table.ts';
import { BOTH_KINDS, digestOf, TokenLimitReached, TokenStore, type StoredToken } from './database/token-store.ts';

type Schemas = Contract.components['schemas'];

/** The namespace the start-up tokens belong to. */
export const STARTUP_NAMESPACE = 'default';
const VERSION_TEXT = { 2: 'Hello, this is HTTP API v2 (Hrana over HTTP)', 3: 'Hello, this is HTTP API v3 (Hrana over HTTP)' } as const;
const MANAGEMENT_OPERATIONS = new Set(['createDatabaseTokens', 'invalidateDatabaseTokens', 'listDatabaseTokens']);

/** A namespace's databases (by ID) and their tokens, as plain data. */
export interface DatabaseState {
  /** Distinguishes this state from the namespace's earlier ones (after a reset): each has its own databases. */
  generation: string;
  databases: Record<string, { tokens: StoredToken[] }>;
}

export interface DatabaseInfo {
  /** The start-up Full Access token (namespace `default`). */
  fullAccessToken: string;
  readOnlyToken: string;
  /** Where the database files live. */
  dir: string;
}

const text = (status: number, body: string): MockResponse => ({ status, headers: { 'content-type': 'text/plain' }, body });

export default defineArea<'database', DatabaseMockOptions, DatabaseState, DatabaseInfo>({
  name: 'database',
  flags: DATABASE_FLAGS,
  optionsFromFlags(flags): DatabaseMockOptions {
    try {
      return optionsFromFlags(flags);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  },

  async setup({ options, clock }) {
    let settings: DatabaseSettings;
    try {
      settings = resolveDatabaseSettings(options as DatabaseMockOptions | undefined);
    } catch (error) {
      if (error instanceof DatabaseOptionError) throw new UsageError(error.message);
      throw error;
    }
    const now = () => clock.now();
    const engine: SqlEngine = await createSqlEngine({ dir: settings.dir, limits: settings });
    const startUpDigests = new Set([digestOf(settings.fullAccessToken), digestOf(settings.readOnlyToken)]);
    /** Token digest → where it belongs. Start-up tokens belong to every database of the start-up namespace. */
    const tokenIndex = new Map<string, { namespace: string; databaseId: string | '*' }>();
    for (const digest of startUpDigests) tokenIndex.set(digest, { namespace: STARTUP_NAMESPACE, databaseId: '*' });

    const streams = streamTable({
      idleMs: settings.streamIdleMs,
      maxStreams: settings.maxStreams,
      now,
      onEnd(stream) {
        stream.database.executor.closeStream(stream.id);
        engine.released(stream.database);
      },
    });

    /** A database's token store in a namespace's state, created on first use (with the start-up tokens in the start-up namespace). */
    function tokensOf(state: DatabaseState, namespace: string, databaseId: string): TokenStore {
      let entry = state.databases[databaseId];
      if (!entry) {
        entry = { tokens: [] };
        state.databases[databaseId] = entry;
        const store = new TokenStore(entry.tokens, now, settings.maxTokensPerDatabase);
        if (namespace === STARTUP_NAMESPACE) {
          store.seed('full_access', settings.fullAccessToken);
          store.seed('read_only', settings.readOnlyToken);
        }
        return store;
      }
      return new TokenStore(entry.tokens, now, settings.maxTokensPerDatabase);
    }

    /**
     * Whose databases a namespace's state uses: its own generation's (a reset namespace starts
     * with empty databases), except the start-up namespace with a folder, whose files
     * (`<dir>/<id>.db`) are kept between runs.
     */
    const ownerOf = (state: DatabaseState, namespace: string) => (namespace === STARTUP_NAMESPACE && settings.dir ? STARTUP_NAMESPACE : `${namespace}\u0000${state.generation}`);

    const hostOf = (request: MockRequest) => (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();

    /** The namespace, database and access of a pipeline request's Bearer token; undefined answers 401. */
    function authorize(request: MockRequest, call: CallContext<DatabaseState>) {
      const secret = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!secret) return undefined;
      const digest = digestOf(secret);
      const owner = tokenIndex.get(digest);
      if (!owner) return undefined;
      const hostId = hostOf(request).split('.')[0] ?? '';
      let databaseId: string;
      if (settings.perHost) {
        if (!DATABASE_ID.test(hostId) || (owner.databaseId !== '*' && owner.databaseId !== hostId)) return undefined;
        databaseId = hostId;
      } else databaseId = owner.databaseId === '*' ? settings.databaseId : owner.databaseId;
      const state = owner.namespace === call.namespace ? call.state : call.stateOf(owner.namespace);
      const access = tokensOf(state, owner.namespace, databaseId).accessOf(digest);
      return access ? { namespace: owner.namespace, owner: ownerOf(state, owner.namespace), databaseId, access, digest } : undefined;
    }

    /** The stream a request continues or opens; or the answer when there is none. */
    function streamFor(request: MockRequest, call: CallContext<DatabaseState>, baton: string | null | undefined): Stream | MockResponse | StreamResult[] {
      const caller = authorize(request, call);
      if (!caller) return { status: 401 };
      let database;
      try {
        database = engine.database(caller.owner, caller.databaseId);
      } catch (error) {
        if (error instanceof DatabaseLimitReached) return limitResults(request, error.message, error.code);
        throw error;
      }
      try {
        if (baton === undefined || baton === null) return streams.open(caller.namespace, database, caller.access, caller.digest);
        return streams.take(baton, caller.digest, database);
      } catch (error) {
        if (error instanceof StreamLimitReached) return limitResults(request, error.message, error.code);
        if (!(error instanceof StreamLost)) throw error;
        if (error.malformed) return text(400, `${error.code}: ${error.message}`);
        return { status: 500, body: { message: error.message, code: error.code } };
      }
    }

    /** A limit refuses the stream: every request answers the limit's error; there is no baton. */
    function limitResults(request: MockRequest, message: string, code: string): StreamResult[] {
      const requests = ((request.body as { requests?: unknown[] } | undefined)?.requests ?? [{}]) as unknown[];
      const error: DatabaseError = { message, code };
      return requests.map(() => ({ type: 'error', error }));
    }

    async function pipeline(request: MockRequest, call: CallContext<DatabaseState>, version: 2 | 3): Promise<MockResponse> {
      const body = request.body as { baton?: string | null; requests: WireRequest[] };
      const stream = streamFor(request, call, body.baton);
      if (Array.isArray(stream)) return { status: 200, body: { baton: null, base_url: null, results: stream } };
      if (!('tokenDigest' in stream)) return stream;
      let results: StreamResult[];
      try {
        results = await runPipeline(stream, body.requests, version);
      } catch (error) {
        stream.closed = true;
        streams.give(stream);
        throw error;
      }
      return { status: 200, body: { baton: streams.give(stream), base_url: null, results } };
    }

    async function cursor(request: MockRequest, call: CallContext<DatabaseState>): Promise<MockResponse> {
      const body = request.body as { baton?: string | null; batch: { steps: Parameters<typeof runCursor>[1] } };
      const stream = streamFor(request, call, body.baton);
      const lines: unknown[] = [];
      if (Array.isArray(stream)) {
        lines.push({ baton: null, base_url: null }, { type: 'error', error: (stream[0] as { error: DatabaseError }).error });
      } else if (!('tokenDigest' in stream)) return stream;
      else {
        const entries = await runCursor(stream, body.batch.steps);
        lines.push({ baton: streams.give(stream), base_url: null }, ...entries);
      }
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: lines.map((line) => `${JSON.stringify(line)}\n`).join('') };
    }

    // Token management (general management API, AccessKey: the namespace).
    const isKnown = (databaseId: string) => settings.perHost || databaseId === settings.databaseId;

    /** The URL a client of the mock reaches the database at: this origin, plain http (`tls=0`). */
    function databaseUrl(request: MockRequest, databaseId: string): string {
      const [, hostname = '127.0.0.1', port] = /^(.*?)(?::(\d+))?$/.exec(request.headers.host ?? '') ?? [];
      const host = settings.perHost ? `${databaseId}.localhost` : hostname || '127.0.0.1';
      return `libsql://${host}${port ? `:${port}` : ''}?tls=0`;
    }

    function managed(answer: (databaseId: string, tokens: TokenStore, request: MockRequest, call: CallContext<DatabaseState>) => MockResponse) {
      return (request: MockRequest, call: CallContext<DatabaseState>): MockResponse => {
        const databaseId = request.params.databaseId ?? '';
        if (!isKnown(databaseId)) return failure(404, 'database.not_found', `No database with the ID "${databaseId}" in this account.`);
        if (!call.state.databases[databaseId] && Object.keys(call.state.databases).length >= settings.maxDatabases) {
          return failure(400, 'database.limit_reached', `This account has ${settings.maxDatabases} databases, the mock's limit (maxDatabases).`);
        }
        try {
          return answer(databaseId, tokensOf(call.state, call.namespace, databaseId), request, call);
        } catch (error) {
          if (error instanceof TokenLimitReached) return failure(400, 'tokens.limit_reached', error.message);
          throw error;
        }
      };
    }

    function issue(tokens: TokenStore, namespace: string, databaseId: string, kinds: readonly Schemas['DatabaseTokenKind'][], days: number | null) {
      const { issued, stored, forgotten } = tokens.generate(kinds, days);
      for (const token of forgotten) if (!startUpDigests.has(token.digest)) tokenIndex.delete(token.digest);
      for (const token of stored) tokenIndex.set(token.digest, { namespace, databaseId });
      return issued;
    }

    return {
      namespaceOf(headers) {
        const secret = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
        return secret === undefined ? undefined : tokenIndex.get(digestOf(secret))?.namespace;
      },
      info: { fullAccessToken: settings.fullAccessToken, readOnlyToken: settings.readOnlyToken, dir: engine.dir } satisfies DatabaseInfo,
      seed: (): DatabaseState => ({ generation: randomUUID(), databases: {} }),
      report: () => [
        // The one place the mock prints tokens: they are generated for this run only.
        `Database tokens for this run (access key \`${STARTUP_NAMESPACE}\`, database ${settings.databaseId}): Full Access ${settings.fullAccessToken}  Read Only ${settings.readOnlyToken}`,
        `  databases ${settings.dir ? `in ${settings.dir}` : 'in a temporary folder'}, ${settings.perHost ? 'one per host name' : `"${settings.databaseId}" per access key`}; limits: statement ${settings.statementTimeoutMs} ms, lock wait ${settings.lockWaitMs} ms, ${settings.maxStreams} streams, ${settings.maxDatabases} databases`,
      ],
      async close() {
        streams.close();
        await engine.close();
      },
      invalidRequest: (violations: Violation[], request: MockRequest): MockResponse =>
        MANAGEMENT_OPERATIONS.has(request.operationId) ? failure(400, 'request.invalid', describeViolations(violations)) : text(400, describeViolations(violations)),
      handlers: {
        getPipelineVersion: () => text(200, VERSION_TEXT[2]),
        getPipelineVersionV3: () => text(200, VERSION_TEXT[3]),
        runPipeline: (request, call) => pipeline(request, call, 2),
        runPipelineV3: (request, call) => pipeline(request, call, 3),
        runCursor: (request, call) => cursor(request, call),

        createDatabaseTokens: managed((databaseId, tokens, request, call) => {
          const body = (request.body ?? {}) as Schemas['CreateDatabaseTokensRequest'];
          const issued = issue(tokens, call.namespace, databaseId, body.kinds ?? BOTH_KINDS, body.expires_in_days ?? null);
          const answer: Schemas['DatabaseTokensIssued'] = { database_id: databaseId, database_url: databaseUrl(request, databaseId), tokens: issued };
          return { status: 201, body: answer };
        }),

        invalidateDatabaseTokens: managed((databaseId, tokens, request, call) => {
          const body = (request.body ?? {}) as Schemas['InvalidateDatabaseTokensRequest'];
          const invalidated = new Set(tokens.invalidate().map((token) => token.digest));
          // Streams of the invalidated tokens end now, releasing their locks.
          const all = new Set(tokens.tokens.map((token) => token.digest));
          streams.endWhere(
            (stream) => stream.database.key === databaseKey(ownerOf(call.state, call.namespace), databaseId) && all.has(stream.tokenDigest),
            new StreamLost('The stream was closed: its token was invalidated', 'STREAM_EXPIRED'),
          );
          const answer: Schemas['DatabaseTokensInvalidated'] = {
            database_id: databaseId,
            database_url: databaseUrl(request, databaseId),
            invalidated: invalidated.size,
            tokens: body.regenerate ? issue(tokens, call.namespace, databaseId, BOTH_KINDS, null) : [],
          };
          return { status: 200, body: answer };
        }),

        listDatabaseTokens: managed((databaseId, tokens) => {
          const answer: Schemas['DatabaseTokenList'] = { database_id: databaseId, tokens: tokens.list() };
          return { status: 200, body: answer };
        }),
      },
    };
  },
});

function failure(status: number, errorKey: string, message: string): MockResponse {
  const body: Schemas['DatabaseManagementError'] = { error_key: errorKey, message };
  return { status, body };
}
