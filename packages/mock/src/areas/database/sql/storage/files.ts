// Where a database's bytes live, apart from any worker thread: its main file and its WAL, each in
// a growable SharedArrayBuffer (in memory) or a host file (--db-dir), with a small control block
// shared by every thread that holds the database. A worker thread reads and writes them through
// its VFS (vfs.ts); when a worker is ended, the bytes stay, and SQLite's own recovery brings the
// database back as last committed in the next worker. The engine creates them; any thread may
// hold them (they pass through postMessage as they are: shared buffers and paths).
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

/** A file's bytes: shared memory, or a host file. */
export type StoreDescriptor = { kind: 'shared'; buffer: SharedArrayBuffer } | { kind: 'host'; path: string };

/** A database's files and its control block, as every thread holds them. */
export interface DatabaseFiles {
  control: SharedArrayBuffer;
  main: StoreDescriptor;
  wal: StoreDescriptor;
}

// The control block (Int32Array).
/** The epoch of the worker that may write the files; any other is refused (fenced). */
export const CONTROL_OWNER = 0;
/** Odd while the main file or the WAL's start is being rewritten (a checkpoint, a new WAL): copies wait. */
export const CONTROL_REWRITE = 1;
const CONTROL_SLOTS = 4;

/** Where a shared store keeps its length: the first 8 bytes (a float64), then the bytes. */
const HEADER_BYTES = 8;
const GROWTH_STEP = 64 * 1024;

/** Thrown when a file would grow past its limit: SQLite answers SQLITE_FULL. */
export class StoreFull extends Error {}

/** A file's bytes, read and written at offsets. */
export interface FileStore {
  size(): number;
  /** Copies bytes at `offset` into `target`; answers how many there were. */
  read(target: Uint8Array, offset: number): number;
  write(source: Uint8Array, offset: number): void;
  truncate(size: number): void;
  sync(): void;
  close(): void;
}

/** A file in a growable SharedArrayBuffer: every thread that holds the buffer sees the same bytes. */
class SharedStore implements FileStore {
  readonly #length: Float64Array;
  readonly #bytes: Uint8Array;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.#length = new Float64Array(buffer, 0, 1);
    this.#bytes = new Uint8Array(buffer);
  }

  /** A new empty shared file that may grow up to `maxBytes`. */
  static create(maxBytes: number, initial?: Uint8Array): SharedStore {
    const buffer = new SharedArrayBuffer(HEADER_BYTES + (initial?.byteLength ?? 0), { maxByteLength: HEADER_BYTES + maxBytes });
    const store = new SharedStore(buffer);
    // Written here, on the thread that makes the file: its first page is mapped by this write. Read
    // first (its size, by the worker's SQLite), it was mapped to the kernel's zero page, and the
    // first write then copied it and flushed the other cores' TLBs (an interrupt to each core this
    // process runs on): about 30 us of the SQL worker's time per new database.
    store.#length[0] = 0;
    if (initial) store.write(initial, 0);
    return store;
  }

  size(): number {
    return this.#length[0]!;
  }

  read(target: Uint8Array, offset: number): number {
    const available = Math.max(0, Math.min(target.byteLength, this.size() - offset));
    if (available > 0) target.set(this.#bytes.subarray(HEADER_BYTES + offset, HEADER_BYTES + offset + available));
    return available;
  }

  write(source: Uint8Array, offset: number): void {
    const end = offset + source.byteLength;
    this.#reserve(end);
    this.#bytes.set(source, HEADER_BYTES + offset);
    if (end > this.size()) this.#length[0] = end;
  }

  truncate(size: number): void {
    if (size > this.size()) this.#reserve(size);
    else this.#bytes.fill(0, HEADER_BYTES + size, HEADER_BYTES + this.size());
    this.#length[0] = size;
  }

  #reserve(size: number): void {
    const needed = HEADER_BYTES + size;
    if (needed <= this.buffer.byteLength) return;
    if (needed > this.buffer.maxByteLength) throw new StoreFull(`the file would pass its limit of ${this.buffer.maxByteLength - HEADER_BYTES} bytes`);
    const grown = Math.min(this.buffer.maxByteLength, Math.max(needed, Math.ceil((this.buffer.byteLength * 1.5) / GROWTH_STEP) * GROWTH_STEP));
    this.buffer.grow(grown);
  }

  sync(): void {}
  close(): void {}
}

/** A host file (--db-dir): written in place, so a write costs what it changed and survives the process. */
class HostStore implements FileStore {
  readonly #fd: number;
  /** The file's size: only this store writes it while the engine holds it. */
  #size: number;

  constructor(
    readonly path: string,
    readonly maxBytes: number,
  ) {
    // Created if missing, then opened for writing in place (append mode would ignore the offsets).
    closeSync(openSync(path, 'a', 0o600));
    this.#fd = openSync(path, 'r+');
    this.#size = fstatSync(this.#fd).size;
  }

  size(): number {
    return this.#size;
  }

  read(target: Uint8Array, offset: number): number {
    let done = 0;
    while (done < target.byteLength) {
      const read = readSync(this.#fd, target, done, target.byteLength - done, offset + done);
      if (read === 0) break;
      done += read;
    }
    return done;
  }

  write(source: Uint8Array, offset: number): void {
    if (offset + source.byteLength > this.maxBytes) throw new StoreFull(`the file would pass its limit of ${this.maxBytes} bytes`);
    let done = 0;
    while (done < source.byteLength) done += writeSync(this.#fd, source, done, source.byteLength - done, offset + done);
    this.#size = Math.max(this.#size, offset + source.byteLength);
  }

  truncate(size: number): void {
    ftruncateSync(this.#fd, size);
    this.#size = size;
  }

  sync(): void {
    fdatasyncSync(this.#fd);
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/** A file of one worker only (a journal, a temporary file): gone with the worker. */
export class LocalStore implements FileStore {
  #bytes = new Uint8Array(0);
  #size = 0;

  size(): number {
    return this.#size;
  }

  read(target: Uint8Array, offset: number): number {
    const available = Math.max(0, Math.min(target.byteLength, this.#size - offset));
    if (available > 0) target.set(this.#bytes.subarray(offset, offset + available));
    return available;
  }

  write(source: Uint8Array, offset: number): void {
    const end = offset + source.byteLength;
    if (end > this.#bytes.byteLength) {
      const grown = new Uint8Array(Math.max(end, this.#bytes.byteLength * 2));
      grown.set(this.#bytes.subarray(0, this.#size));
      this.#bytes = grown;
    }
    this.#bytes.set(source, offset);
    this.#size = Math.max(this.#size, end);
  }

  truncate(size: number): void {
    if (size < this.#size) this.#bytes.fill(0, size, this.#size);
    else if (size > this.#bytes.byteLength) this.write(new Uint8Array(0), size);
    this.#size = size;
  }

  sync(): void {}
  close(): void {}
}

export function openStore(descriptor: StoreDescriptor, maxBytes: number): FileStore {
  return descriptor.kind === 'shared' ? new SharedStore(descriptor.buffer) : new HostStore(descriptor.path, maxBytes);
}

/** The files of a database kept in memory, starting from `image` (a database file) if given. */
export function sharedFiles(maxDatabaseBytes: number, image?: Uint8Array): DatabaseFiles {
  return {
    control: new SharedArrayBuffer(CONTROL_SLOTS * 4),
    main: { kind: 'shared', buffer: SharedStore.create(maxDatabaseBytes, image).buffer },
    // The WAL holds a transaction's pages before they reach the main file: up to a database's worth.
    wal: { kind: 'shared', buffer: SharedStore.create(maxDatabaseBytes + WAL_SLACK_BYTES).buffer },
  };
}

/** The files of a database kept in a host folder: `<file>` and `<file>-wal`, as SQLite names them. */
export function hostFiles(file: string): DatabaseFiles {
  return { control: new SharedArrayBuffer(CONTROL_SLOTS * 4), main: { kind: 'host', path: file }, wal: { kind: 'host', path: `${file}-wal` } };
}

/** Room for the WAL's headers (a 24-byte frame header per page, the 32-byte file header). */
const WAL_SLACK_BYTES = 4 * 1024 * 1024;

/**
 * A consistent copy of a database's main file and WAL, taken from any thread while a worker may
 * be writing them: retried while a checkpoint or a new WAL rewrites what was being copied. The WAL
 * copy may end in a torn or uncommitted frame: SQLite's recovery keeps only whole commits.
 */
export function copyFiles(files: DatabaseFiles, maxBytes: number, wait: (control: Int32Array, seen: number) => void): { main: Uint8Array; wal: Uint8Array } {
  const control = new Int32Array(files.control);
  const main = openStore(files.main, maxBytes);
  const wal = openStore(files.wal, maxBytes + WAL_SLACK_BYTES);
  try {
    for (;;) {
      const before = Atomics.load(control, CONTROL_REWRITE);
      if (before % 2 === 1) {
        wait(control, before);
        continue;
      }
      const mainCopy = new Uint8Array(main.size());
      main.read(mainCopy, 0);
      const walCopy = new Uint8Array(wal.size());
      wal.read(walCopy, 0);
      if (Atomics.load(control, CONTROL_REWRITE) === before) return { main: mainCopy, wal: walCopy };
    }
  } finally {
    if (files.main.kind === 'host') main.close();
    if (files.wal.kind === 'host') wal.close();
  }
}

/**
 * The image of a database kept in memory whose files no worker ever wrote (it opened from a
 * snapshot's image, or not at all): its main file, read at once, with no worker to wait for.
 * Undefined when a worker wrote them (a WAL started or a checkpoint ran): SQLite must read them.
 */
export function unwrittenImage(files: DatabaseFiles): Uint8Array | undefined {
  if (files.main.kind !== 'shared') return undefined;
  const control = new Int32Array(files.control);
  if (Atomics.load(control, CONTROL_REWRITE) !== 0) return undefined;
  const main = new SharedStore(files.main.buffer);
  const image = new Uint8Array(main.size());
  main.read(image, 0);
  return Atomics.load(control, CONTROL_REWRITE) === 0 ? image : undefined;
}
