// A database as one worker's VFS holds it (vfs.ts): its shared stores (files.ts), its journal in
// the worker's memory, and the locks and WAL index that are the worker's own.
import { CONTROL_OWNER, type DatabaseFiles, type FileStore, LocalStore, openStore } from './files.ts';
import { LOCK_EXCLUSIVE, LOCK_RESERVED, LOCK_SHARED, SQLITE_BUSY, SQLITE_OK, SQLITE_SHM_NLOCK, SQLITE_SHM_SHARED, SQLITE_SHM_UNLOCK } from './vfs-codes.ts';

/** A database as this worker holds it: its stores, its locks and its WAL index. */
export class Registered {
  readonly main: FileStore;
  readonly wal: FileStore;
  readonly journal = new LocalStore();
  readonly control: Int32Array;
  // File locks of the connections in this worker (SQLite's five levels).
  readonly shared = new Set<number>();
  reserved: number | undefined;
  pending: number | undefined;
  exclusive: number | undefined;
  // The WAL index: regions of this worker's memory, and its eight locks.
  readonly regions: number[] = [];
  readonly shmUsers = new Set<number>();
  readonly shmExclusive: (number | undefined)[] = Array.from({ length: SQLITE_SHM_NLOCK }, () => undefined);
  readonly shmShared: Set<number>[] = Array.from({ length: SQLITE_SHM_NLOCK }, () => new Set());

  constructor(
    files: DatabaseFiles,
    readonly epoch: number,
    maxBytes: number,
  ) {
    this.control = new Int32Array(files.control);
    this.main = openStore(files.main, maxBytes);
    this.wal = openStore(files.wal, maxBytes + 4 * 1024 * 1024);
  }

  get owned(): boolean {
    return Atomics.load(this.control, CONTROL_OWNER) === this.epoch;
  }

  /**
   * Takes or releases WAL-index locks for a connection's file (SQLite's xShmLock): SQLITE_BUSY
   * when another holds them. SQLite asks several times per transaction: no allocation here.
   */
  shmLock(pFile: number, offset: number, count: number, flags: number): number {
    const shared = (flags & SQLITE_SHM_SHARED) !== 0;
    const end = offset + count;
    if (flags & SQLITE_SHM_UNLOCK) {
      for (let slot = offset; slot < end; slot++) {
        if (shared) this.shmShared[slot]!.delete(pFile);
        else if (this.shmExclusive[slot] === pFile) this.shmExclusive[slot] = undefined;
      }
      return SQLITE_OK;
    }
    for (let slot = offset; slot < end; slot++) if (this.#shmTaken(slot, pFile, shared)) return SQLITE_BUSY;
    for (let slot = offset; slot < end; slot++) {
      if (shared) this.shmShared[slot]!.add(pFile);
      else this.shmExclusive[slot] = pFile;
    }
    return SQLITE_OK;
  }

  /** Whether another connection's lock on a WAL-index slot stands in the way of `pFile`'s (shared or exclusive). */
  #shmTaken(slot: number, pFile: number, shared: boolean): boolean {
    const exclusive = this.shmExclusive[slot];
    if (exclusive !== undefined && exclusive !== pFile) return true;
    if (shared) return false;
    for (const holder of this.shmShared[slot]!) if (holder !== pFile) return true;
    return false;
  }

  /** A connection's file leaves the WAL index: its locks there are released. */
  shmRelease(pFile: number): void {
    this.shmUsers.delete(pFile);
    for (let slot = 0; slot < SQLITE_SHM_NLOCK; slot++) {
      this.shmShared[slot]!.delete(pFile);
      if (this.shmExclusive[slot] === pFile) this.shmExclusive[slot] = undefined;
    }
  }

  /** Whether a connection holds a reserved lock or more (SQLite's xCheckReservedLock). */
  reservedHeld(): boolean {
    return this.reserved !== undefined || this.pending !== undefined || this.exclusive !== undefined;
  }

  /** Raises a connection's file lock to `level` (SQLite's five levels): SQLITE_BUSY when another connection's lock stands in the way. */
  lock(self: number, level: number): number {
    const others = (holder: number | undefined) => holder !== undefined && holder !== self;
    if (level === LOCK_SHARED) {
      if (others(this.pending) || others(this.exclusive)) return SQLITE_BUSY;
      this.shared.add(self);
    } else if (level === LOCK_RESERVED) {
      if (others(this.reserved) || others(this.exclusive)) return SQLITE_BUSY;
      this.reserved = self;
    } else if (level === LOCK_EXCLUSIVE) {
      if (others(this.exclusive) || others(this.pending)) return SQLITE_BUSY;
      this.pending = self;
      if ([...this.shared].some((holder) => holder !== self)) return SQLITE_BUSY;
      this.pending = undefined;
      this.exclusive = self;
    }
    return SQLITE_OK;
  }

  /** Lowers a connection's file lock to `level`. */
  unlock(self: number, level: number): void {
    if (level < LOCK_EXCLUSIVE) {
      if (this.exclusive === self) this.exclusive = undefined;
      if (this.pending === self) this.pending = undefined;
    }
    if (level < LOCK_RESERVED && this.reserved === self) this.reserved = undefined;
    if (level < LOCK_SHARED) this.shared.delete(self);
  }
}
