// Database: libSQL's Hrana protocol (over HTTP, v2 and v3, and over WebSocket) answered by a
// real SQL engine, sandboxed and bounded (database/sql/), and the token management operations. Per
// namespace (access key): its databases and their tokens. Area-wide: the engine, the streams
// every transport shares, and the token index (database/tokens/). This module wires them;
// each transport's handlers live in their own folder (database/hrana/http/, database/hrana/ws/).
import { defineArea, type MockRequest, type MockResponse, UsageError, type Violation } from '../engine/area.ts';
import { describeViolations } from '../engine/request-values.ts';
import { hranaHttp } from './database/hrana/http/handlers.ts';
import { hranaProtobuf } from './database/hrana/protobuf/protobuf-http.ts';
import { hranaWebSocket } from './database/hrana/ws/connection.ts';
import { streamRequestCheck } from './database/hrana/ws/requests.ts';
import { namespaceDatabases } from './database/namespaces/namespace-databases.ts';
import {
  DATABASE_FLAGS,
  type DatabaseMockOptions,
  DatabaseOptionError,
  type DatabaseSettings,
  optionsFromFlags,
  resolveDatabaseSettings,
} from './database/namespaces/options.ts';
import { type DatabaseState, folderState } from './database/namespaces/state-store.ts';
import { type Stream, StreamLimitReached, StreamLost, streamTable } from './database/namespaces/stream-table.ts';
import { hranaMessageSchemas } from './database/protocol/hrana-messages.ts';
import type { DatabaseError } from './database/protocol/protocol.ts';
import { createSqlEngine, DatabaseEngineUnavailable, DatabaseLimitReached, databaseKey, ExecutorStopped, type SqlEngine } from './database/sql/index.ts';
import { databaseSuiteSetup } from './database/suite/suite-setup.ts';
import { type Caller, failure, STARTUP_NAMESPACE, tokenManagement } from './database/tokens/token-management.ts';

export interface DatabaseInfo {
  /** The start-up Full Access token (namespace `default`). */
  fullAccessToken: string;
  readOnlyToken: string;
  /** Where the start-up namespace's databases are kept between runs (`--db-dir`), if anywhere. */
  dir: string | undefined;
}

const PIPELINE_OPERATIONS = ['runPipeline', 'runPipelineV3', 'runCursor'] as const;

export default defineArea<'database', DatabaseMockOptions, DatabaseState, DatabaseInfo>()({
  name: 'database',
  suite: databaseSuiteSetup,
  flags: DATABASE_FLAGS,
  optionsFromFlags(flags): DatabaseMockOptions {
    try {
      return optionsFromFlags(flags);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  },

  setup({ options, clock, clockOf, schema, document }) {
    let settings: DatabaseSettings;
    try {
      settings = resolveDatabaseSettings(options as DatabaseMockOptions | undefined);
    } catch (error) {
      if (error instanceof DatabaseOptionError) throw new UsageError(error.message);
      throw error;
    }
    const now = () => clock.now();
    // Not awaited: the engine starts in the background, and the first SQL request waits for it.
    const engine: SqlEngine = createSqlEngine({ limits: settings, clockOffset: clock.sharedOffset });
    const folder = settings.dir ? folderState(settings.dir) : undefined;
    const streams = streamTable({
      idleMs: settings.streamIdleMs,
      maxStreams: settings.maxStreams,
      now,
      onEnd(stream) {
        stream.database.executor.closeStream(stream.id);
      },
      onInterrupt: (stream, reason) => stream.database.executor.interrupt(stream.id, new ExecutorStopped(reason.message, reason.code)),
    });

    /** Keeps the start-up namespace's tokens in the folder (digests only). */
    const persist = (state: DatabaseState, namespace: string) => void (namespace === STARTUP_NAMESPACE && folder?.save(state));
    // The state part (databases per namespace: owners, sources, snapshots) and the token index take each other.
    const data = namespaceDatabases({ settings, engine, streams, folder, adopt: (state, namespace) => tokens.adopt(state, namespace), persist });
    const { ownerOf, sourceOf } = data;

    /** The stream a caller opens (no baton) or continues; a limit's refusal as the protocol's error. */
    function openStream(caller: Caller, baton?: string | null): Stream | DatabaseError {
      try {
        const database = engine.database(caller.owner, caller.databaseId, sourceOf(caller.owner, caller.namespace, caller.databaseId));
        if (baton === undefined || baton === null) return streams.open(caller.namespace, database, caller.access, caller.digest);
        return streams.take(baton, caller.digest, database);
      } catch (error) {
        if (error instanceof DatabaseLimitReached || error instanceof StreamLimitReached || error instanceof DatabaseEngineUnavailable)
          return { message: error.message, code: error.code };
        throw error;
      }
    }

    const tokens = tokenManagement({
      settings,
      clockOf,
      ownerOf,
      persist,
      onInvalidated(owner, databaseId, digests) {
        // Streams of the invalidated tokens end now, on every transport, releasing their locks.
        const key = databaseKey(owner, databaseId);
        streams.endWhere(
          (stream) => stream.database.key === key && digests.has(stream.tokenDigest),
          () => new StreamLost('The stream was closed: its token was invalidated', 'STREAM_EXPIRED'),
        );
        webSocket.endClosedStreams();
      },
    });

    const streamRequest = schema('StreamRequestV3');
    const webSocket = hranaWebSocket({
      streams,
      authorize: tokens.authorize,
      openStream: (caller) => openStream(caller),
      validate: streamRequestCheck(streamRequest),
      maxMessageBytes: settings.maxPipelineBodyBytes,
    });

    const text = (status: number, body: string): MockResponse => ({ status, headers: { 'content-type': 'text/plain' }, body });
    const bodyLimit = { bytes: settings.maxPipelineBodyBytes, option: 'the database option maxPipelineBodyBytes (--db-max-pipeline-body-bytes)' };

    return {
      info: { fullAccessToken: settings.fullAccessToken, readOnlyToken: settings.readOnlyToken, dir: settings.dir } satisfies DatabaseInfo,
      seed: data.seed,
      exportState: data.exportState,
      checkImport: data.checkImport,
      // A reset or an import ends the namespace's streams: the WebSocket ones too.
      importState(snapshot, namespace) {
        const state = data.importState(snapshot, namespace);
        webSocket.endClosedStreams();
        return state;
      },
      onReset(namespace) {
        data.onReset(namespace);
        tokens.forget(namespace);
        webSocket.endClosedStreams();
      },
      report: () => [
        // The one place the mock prints tokens: they are generated for this run only.
        `Database tokens for this run (access key \`${STARTUP_NAMESPACE}\`, database ${settings.databaseId}): Full Access ${settings.fullAccessToken}  Read Only ${settings.readOnlyToken}`,
        `  databases ${settings.dir ? `of \`${STARTUP_NAMESPACE}\` kept in ${settings.dir}` : 'in memory'}, ${settings.perHost ? 'one per host name' : `"${settings.databaseId}" per access key`}; limits: statement ${settings.statementTimeoutMs} ms, lock wait ${settings.lockWaitMs} ms, ${settings.maxStreams} streams, ${settings.maxDatabases} databases`,
        `  Hrana over HTTP (/v2/pipeline, /v3/pipeline, /v3/cursor in JSON; /v3-protobuf/pipeline, /v3-protobuf/cursor in Protobuf) and over WebSocket (ws:// on this port, hrana3/hrana2/hrana1, JSON)`,
      ],
      async close() {
        webSocket.close();
        streams.close();
        await engine.close();
      },
      invalidRequest: (violations: Violation[], request: MockRequest): MockResponse =>
        tokens.operations.has(request.operationId)
          ? failure(400, 'request.invalid', describeViolations(violations))
          : text(400, describeViolations(violations)),
      // Hrana: tokens that lead to their namespace, pipelines, WebSocket streams.
      protocol: {
        namespaceOf: (headers) => tokens.namespaceOf(headers),
        bodyLimits: Object.fromEntries(PIPELINE_OPERATIONS.map((operationId) => [operationId, bodyLimit])),
        // The pipeline's data lives in the engine, bounded by the engine's limits, not in the state.
        outsideState: PIPELINE_OPERATIONS,
        // A snapshot carries each database's file image (base64) and tokens: one database, or one per host name.
        snapshotBytesOutsideState:
          (settings.perHost ? settings.maxDatabases : 1) * (4 * Math.ceil(settings.maxSnapshotBytes / 3) + 256 * (settings.maxTokensPerDatabase + 1)),
        // Hrana over HTTP in Protobuf (/v3-protobuf), which @libsql/client asks for first: its bodies are not JSON, so not operations of the contract.
        unrouted: hranaProtobuf({ streams, authorize: tokens.authorize, openStream, schema }),
        upgrade: { ...webSocket.upgrade, messageSchemas: hranaMessageSchemas(document) },
      },
      handlers: {
        ...hranaHttp({ streams, authorize: tokens.authorize, openStream }),
        ...tokens.handlers,
      },
    };
  },
});
