// An engine worker thread: holds many databases (files of SQLite's in-memory file system, see
// wasm.ts) and every stream's connection to them, and runs the streams' SQL off the HTTP thread.
// A statement past its time limit is stopped by SQLite's progress hook when the HTTP side raises
// the interrupt flag for its run; nothing else in the worker is touched.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { StreamConnection } from './connection.ts';
import { FLAG_INTERRUPT, FLAG_LOCK_WAIT_OVER, FLAG_SYNC_ANSWERS, type Access, type FromWorker, type SqlOutcome, type ToWorker, type WorkerConfig } from './messages.ts';
import { runRequest } from './runner.ts';
import { Sqlite, type DbPointer } from './wasm.ts';

const config = workerData as WorkerConfig & { syncPort: MessagePort; bootPort: MessagePort; lockWaitMs: number };
const flags = new Int32Array(config.flags);
// SQLite's module, compiled once in the mock's thread (sqlite-module.ts), arrives on the boot port.
const compiled = await new Promise<WebAssembly.Module>((resolve) => config.bootPort.once('message', (message: { module: WebAssembly.Module }) => resolve(message.module)));
config.bootPort.close();
const sqlite = await Sqlite.load(compiled);
sqlite.exec(sqlite.open('/heap-limit.db'), `PRAGMA hard_heap_limit = ${Math.floor(config.memoryLimitBytes)}`);
const MAX_POOLED = 8;

interface OpenStream {
  access: Access;
  connection?: StreamConnection;
  /** Requests of one stream run one after another. */
  queue: Promise<unknown>;
}

interface WorkerDatabase {
  path: string;
  /** Holds the file open, serializes it, and sees other connections' commits (data_version). */
  keeper: DbPointer;
  dataVersion: bigint;
  pool: Record<Access, StreamConnection[]>;
  streams: Map<number, OpenStream>;
}

const databases = new Map<string, WorkerDatabase>();
let nextFile = 1;
/** The run whose SQL executes right now (one at a time in this thread). */
let current = 0;
const interrupted = () => current !== 0 && Atomics.load(flags, FLAG_INTERRUPT) === current;

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** An empty database made ahead, with a connection: a new namespace's first statement does not wait for them. */
let spare: WorkerDatabase | undefined;

function create(bytes?: Uint8Array): WorkerDatabase {
  const path = `/db-${nextFile++}.db`;
  if (bytes && bytes.byteLength > 0) sqlite.writeFile(path, bytes);
  const keeper = sqlite.open(path);
  sqlite.exec(keeper, 'PRAGMA journal_mode = WAL');
  return { path, keeper, dataVersion: dataVersion(keeper), pool: { full: [], 'read-only': [] }, streams: new Map() };
}

function makeSpare(): void {
  if (spare) return;
  spare = create();
  spare.pool.full.push(newConnection(spare, 'full'));
}

function open(key: string, bytes?: Uint8Array): WorkerDatabase {
  let database = databases.get(key);
  if (database) return database;
  if (!bytes?.byteLength && spare) {
    database = spare;
    spare = undefined;
    setImmediate(makeSpare);
  } else database = create(bytes);
  databases.set(key, database);
  return database;
}

const dataVersion = (keeper: DbPointer) => sqlite.value(keeper, 'PRAGMA data_version') as bigint;

const newConnection = (database: WorkerDatabase, access: Access) => new StreamConnection(sqlite, database.path, access, { maxValueBytes: config.maxResultBytes, maxDatabaseBytes: config.maxDatabaseBytes }, interrupted);

function connectionOf(database: WorkerDatabase, stream: OpenStream): StreamConnection {
  stream.connection ??= database.pool[stream.access].pop() ?? newConnection(database, stream.access);
  return stream.connection;
}

/** Ends a stream: its connection rolls back what it left open and goes back to the pool if clean. */
function closeStream(database: WorkerDatabase, id: number): void {
  const stream = database.streams.get(id);
  if (!stream) return;
  database.streams.delete(id);
  const connection = stream.connection;
  stream.connection = undefined;
  if (!connection) return;
  let clean = false;
  try {
    clean = connection.release();
  } catch {
    clean = false;
  }
  if (clean && database.pool[stream.access].length < MAX_POOLED) database.pool[stream.access].push(connection);
  else connection.close();
}

function drop(key: string): void {
  const database = databases.get(key);
  if (!database) return;
  databases.delete(key);
  for (const id of [...database.streams.keys()]) closeStream(database, id);
  for (const connection of [...database.pool.full, ...database.pool['read-only']]) connection.close();
  sqlite.close(database.keeper);
  for (const suffix of ['', '-wal', '-shm']) sqlite.unlink(`${database.path}${suffix}`);
}

const CLOSED: SqlOutcome = { type: 'error', error: { message: 'The stream is closed: its database was closed', code: 'STREAM_CLOSED' } };

async function run(message: Extract<ToWorker, { t: 'run' }>, database: WorkerDatabase, own: OpenStream): Promise<void> {
  const outcomes: SqlOutcome[] = [];
  const budget = { bytes: config.maxResultBytes };
  let wasInterrupted = false;
  for (const [index, request] of message.requests.entries()) {
    if (index > 0 && request.type !== 'close' && request.type !== 'get_autocommit') send({ t: 'progress', id: message.id });
    if (wasInterrupted || !database.streams.has(message.stream)) {
      outcomes.push({ type: 'error', error: { message: 'The stream is closed', code: 'STREAM_CLOSED' } });
      continue;
    }
    let waiting = false;
    let pause = 1;
    current = message.id;
    const outcome = await runRequest(() => connectionOf(database, own), request, {
      maxResultBytes: config.maxResultBytes,
      lockWaitMs: config.lockWaitMs,
      budget,
      waitForLock: async () => {
        if (Atomics.compareExchange(flags, FLAG_LOCK_WAIT_OVER, message.id, 0) === message.id || Atomics.load(flags, FLAG_INTERRUPT) === message.id) return false;
        if (!waiting) send({ t: 'waiting', id: message.id });
        waiting = true;
        current = 0;
        await new Promise((resolve) => setTimeout(resolve, pause));
        pause = Math.min(pause * 2, 16);
        current = message.id;
        return Atomics.compareExchange(flags, FLAG_LOCK_WAIT_OVER, message.id, 0) !== message.id;
      },
    });
    if (waiting) send({ t: 'progress', id: message.id });
    current = 0;
    // Past its time limit, or stopped from outside: the stream ends (its transaction rolls back).
    if (Atomics.compareExchange(flags, FLAG_INTERRUPT, message.id, 0) === message.id) {
      wasInterrupted = true;
      closeStream(database, message.stream);
    }
    outcomes.push(outcome);
    if (request.type === 'close') closeStream(database, message.stream);
  }
  let image: Uint8Array | undefined;
  if (message.image && databases.get(message.key) === database) {
    const version = dataVersion(database.keeper);
    if (version !== database.dataVersion) image = sqlite.serialize(database.keeper);
    database.dataVersion = version;
  }
  send({ t: 'done', id: message.id, outcomes, interrupted: wasInterrupted, image }, image ? [image.buffer as ArrayBuffer] : []);
}

function exported(key: string): Uint8Array | null {
  const database = databases.get(key);
  return database ? sqlite.serialize(database.keeper) : null;
}

parentPort!.on('message', (message: ToWorker) => {
  switch (message.t) {
    case 'open':
      open(message.key, message.bytes);
      return;
    case 'run': {
      // A run for a database closed meanwhile (reset, or closed to make room) answers that; it never opens an empty one.
      const database = databases.get(message.key);
      if (!database) {
        send({ t: 'done', id: message.id, outcomes: message.requests.map(() => CLOSED), interrupted: false });
        return;
      }
      const stream = database.streams.get(message.stream) ?? { access: message.access, queue: Promise.resolve() };
      database.streams.set(message.stream, stream);
      stream.queue = stream.queue.then(() => (databases.get(message.key) === database ? run(message, database, stream) : send({ t: 'done', id: message.id, outcomes: message.requests.map(() => CLOSED), interrupted: false })));
      return;
    }
    case 'close': {
      const database = databases.get(message.key);
      const stream = database?.streams.get(message.stream);
      if (database && stream) void stream.queue.then(() => closeStream(database, message.stream));
      return;
    }
    case 'drop':
      drop(message.key);
      return;
    case 'export': {
      const bytes = exported(message.key);
      if (!message.sync) {
        send({ t: 'exported', id: message.id, bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
        return;
      }
      config.syncPort.postMessage({ id: message.id, bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
      Atomics.add(flags, FLAG_SYNC_ANSWERS, 1);
      Atomics.notify(flags, FLAG_SYNC_ANSWERS);
      return;
    }
    case 'inspect': {
      const database = databases.get(message.key);
      const pool = database ? [...database.pool.full, ...database.pool['read-only']].map((connection) => connection.inspect()) : [];
      send({ t: 'inspected', id: message.id, pool, streams: database?.streams.size ?? 0 });
      return;
    }
  }
});

makeSpare();
send({ t: 'ready' });
