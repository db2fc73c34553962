// The executor process of one database: every stream's connection lives here, so that a
// runaway statement can be stopped by ending this process (SQLite's own interrupt cannot be
// reached from another thread through the engine's JavaScript API) while the mock's HTTP
// process keeps answering. Started by executor.ts with its configuration as argument.
import Database from 'libsql';
import { pathToFileURL } from 'node:url';
import type { Access, ExecutorConfig, FromExecutor, SqlOutcome, ToExecutor } from './messages.ts';
import { runRequest, StreamConnection } from './runner.ts';

const config = JSON.parse(process.argv[2] ?? '{}') as ExecutorConfig;
const location = pathToFileURL(config.file).href;
/** Connections opened ahead, never used: opening one costs more than a statement. */
const SPARES = 2;

const send = (message: FromExecutor) => process.send?.(message);

function open(access: Access): Database.Database {
  const db = new Database(`${location}?mode=${access === 'full' ? 'rw' : 'ro'}`);
  db.defaultSafeIntegers(true);
  return db;
}

// The file, in WAL mode (readers and one writer at once), and SQLite's heap bounded.
{
  const setup = new Database(`${location}?mode=rwc`);
  setup.prepare('PRAGMA journal_mode = WAL').raw(true).all([]);
  setup.prepare(`PRAGMA hard_heap_limit = ${Math.floor(config.memoryLimitBytes)}`).raw(true).all([]);
  setup.close();
}

/** Connections opened ahead, never used, and connections whose stream only read, by access. */
const spares: Record<Access, Database.Database[]> = { full: [], 'read-only': [] };
const reusable: Record<Access, StreamConnection[]> = { full: [], 'read-only': [] };
const MAX_REUSABLE = 8;
let refilling = false;
function refill() {
  if (refilling) return;
  refilling = true;
  setImmediate(() => {
    refilling = false;
    for (const access of ['full', 'read-only'] as const) while (spares[access].length < SPARES) spares[access].push(open(access));
  });
}
refill();

interface OpenStream {
  access: Access;
  connection?: StreamConnection;
  /** Requests of one stream run one after another. */
  queue: Promise<unknown>;
}
const streams = new Map<number, OpenStream>();

function streamOf(id: number, access: Access): OpenStream {
  let stream = streams.get(id);
  if (!stream) {
    stream = { access, queue: Promise.resolve() };
    streams.set(id, stream);
  }
  return stream;
}

function connectionOf(stream: OpenStream): StreamConnection {
  if (!stream.connection) {
    stream.connection = reusable[stream.access].pop();
    if (!stream.connection) {
      const db = spares[stream.access].pop() ?? open(stream.access);
      refill();
      stream.connection = new StreamConnection(db, stream.access);
    }
  }
  return stream.connection;
}

/**
 * Ends a stream: its connection rolls back what the stream left open and releases its locks.
 * A connection whose stream only read holds nothing of it and serves a later stream; any other
 * is closed (a pragma, a write or a TEMP object of one stream never reaches another).
 */
function closeStream(id: number) {
  const stream = streams.get(id);
  if (!stream) return;
  streams.delete(id);
  const connection = stream.connection;
  stream.connection = undefined;
  if (!connection) return;
  if (connection.reset() && reusable[stream.access].length < MAX_REUSABLE) reusable[stream.access].push(connection);
  else connection.close();
}

process.on('message', (message: ToExecutor) => {
  if (message.t === 'close') {
    const stream = streams.get(message.stream);
    if (stream) void stream.queue.then(() => closeStream(message.stream));
    return;
  }
  const stream = streamOf(message.stream, message.access);
  stream.queue = stream.queue.then(async () => {
    const outcomes: SqlOutcome[] = [];
    const budget = { bytes: config.maxResultBytes };
    for (const [index, request] of message.requests.entries()) {
      // A request that runs SQL starts the time limit again (a close does not need it).
      if (index > 0 && request.type !== 'close' && request.type !== 'get_autocommit') send({ t: 'progress', id: message.id });
      if (!streams.has(message.stream)) {
        outcomes.push({ type: 'error', error: { message: 'The stream is closed', code: 'STREAM_CLOSED' } });
        continue;
      }
      const outcome = await runRequest(() => connectionOf(stream), request, {
        limits: config,
        budget,
        onWait: (waiting) => send({ t: waiting ? 'waiting' : 'progress', id: message.id }),
      });
      outcomes.push(outcome);
      if (request.type === 'close') closeStream(message.stream);
    }
    send({ t: 'done', id: message.id, outcomes });
  });
});

process.on('disconnect', () => process.exit(0));
send({ t: 'ready' });
