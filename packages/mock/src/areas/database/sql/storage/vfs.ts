// The engine's SQLite VFS, inside a worker thread: database files are the shared stores of
// files.ts (shared memory or host files), so that their bytes outlive the worker; locks and the
// WAL index (shared memory in SQLite's terms) are the worker's own, which is all a database
// needs while one worker at a time holds it. Deny by default: SQLite can open only the files the
// engine registered (a database, its WAL, its journal) and temporary files in the worker's memory.
// Two fences: a worker whose epoch no longer owns a database writes nothing to it, and a run
// past its time limit commits nothing more (its WAL writes fail, and SQLite rolls it back).
import { cString } from './c-strings.ts';
import { CONTROL_REWRITE, type DatabaseFiles, type FileStore, LocalStore, StoreFull } from './files.ts';
import {
  LOCK_NONE,
  SQLITE_CANTOPEN,
  SQLITE_FULL,
  SQLITE_IOCAP_POWERSAFE_OVERWRITE,
  SQLITE_IOCAP_UNDELETABLE_WHEN_OPEN,
  SQLITE_IOERR,
  SQLITE_IOERR_SHORT_READ,
  SQLITE_IOERR_WRITE,
  SQLITE_NOTFOUND,
  SQLITE_OK,
  SQLITE_OPEN_DELETEONCLOSE,
  SQLITE_OPEN_MAIN_DB,
  SQLITE_OPEN_MAIN_JOURNAL,
  SQLITE_OPEN_WAL,
} from './vfs-codes.ts';
import { Registered } from './vfs-database.ts';

type Module = { capi: any; wasm: any; vfs: any };

export const VFS_NAME = 'engine-files';

interface OpenFile {
  pointer: number;
  store: FileStore;
  database: Registered | undefined;
  kind: 'main' | 'wal' | 'journal' | 'temporary';
  lock: number;
}

export interface VfsHooks {
  /** True when the run now executing is past its time limit: it may commit nothing more. */
  pastLimit(): boolean;
}

/** Installs the VFS in a worker's SQLite; databases are then opened by the paths given to `register`. */
export class EngineVfs {
  readonly #capi: any;
  readonly #wasm: any;
  readonly #databases = new Map<string, Registered>();
  readonly #files = new Map<number, OpenFile>();
  /** Why the last call failed, for errors that SQLite reports as a bare I/O error. */
  lastFailure: string | undefined;
  /** Files SQLite opened, by kind (tests count them). */
  readonly opened: Record<OpenFile['kind'], number> = { main: 0, wal: 0, journal: 0, temporary: 0 };

  constructor(
    module: Module,
    readonly hooks: VfsHooks,
  ) {
    this.#capi = module.capi;
    this.#wasm = module.wasm;
    this.#install(module);
  }

  /** Makes a database's files openable at `path` by this worker, as owner `epoch`. */
  register(path: string, files: DatabaseFiles, epoch: number, maxBytes: number): void {
    this.#databases.set(path, new Registered(files, epoch, maxBytes));
  }

  /** Forgets a database (its connections are closed first); its stores stay where they are. */
  unregister(path: string): void {
    const database = this.#databases.get(path);
    if (!database) return;
    this.#databases.delete(path);
    for (const pointer of database.regions) this.#wasm.dealloc(pointer);
    database.main.close();
    database.wal.close();
  }

  /** Whether this worker still owns a registered database's files (no other worker was given them since). */
  owns(path: string): boolean {
    return this.#databases.get(path)?.owned ?? false;
  }

  #find(name: string): { database: Registered; kind: OpenFile['kind'] } | undefined {
    for (const [suffix, kind] of [
      ['-wal', 'wal'],
      ['-journal', 'journal'],
      ['', 'main'],
    ] as const) {
      if (!name.endsWith(suffix)) continue;
      const database = this.#databases.get(suffix ? name.slice(0, -suffix.length) : name);
      if (database) return { database, kind };
    }
    return undefined;
  }

  #storeOf(database: Registered, kind: OpenFile['kind']): FileStore {
    return kind === 'main' ? database.main : kind === 'wal' ? database.wal : database.journal;
  }

  /** A write or truncation of a database's file: fenced, and announced to copiers where it rewrites what they read. */
  #mutate(file: OpenFile, offset: number, change: () => void): number {
    const database = file.database;
    if (database && !database.owned) return this.#fail(SQLITE_IOERR_WRITE, 'the database moved to another worker');
    if (file.kind === 'wal' && this.hooks.pastLimit()) return this.#fail(SQLITE_IOERR_WRITE, 'the run passed its time limit');
    const rewrites = database !== undefined && (file.kind === 'main' || (file.kind === 'wal' && offset === 0));
    if (rewrites) Atomics.add(database.control, CONTROL_REWRITE, 1);
    try {
      change();
      return SQLITE_OK;
    } catch (error) {
      return error instanceof StoreFull ? this.#fail(SQLITE_FULL, error.message) : this.#fail(SQLITE_IOERR, (error as Error).message);
    } finally {
      if (rewrites) {
        Atomics.add(database.control, CONTROL_REWRITE, 1);
        Atomics.notify(database.control, CONTROL_REWRITE);
      }
    }
  }

  #fail(code: number, why: string): number {
    this.lastFailure = why;
    return code;
  }

  #install(module: Module): void {
    const capi = this.#capi;
    const wasm = this.#wasm;
    const files = this.#files;
    const heap = () => wasm.heap8u() as Uint8Array;
    const fileOf = (pointer: number) => files.get(pointer)!;
    /** Where a sqlite3_file holds its methods (written with pokePtr: no struct object made per open file). */
    const METHODS_OFFSET = capi.sqlite3_file.structInfo.members.pMethods.offset as number;

    const io = new capi.sqlite3_io_methods();
    io.$iVersion = 2;
    const ioMethods = {
      xClose: (pFile: number) => {
        const file = files.get(pFile);
        if (!file) return SQLITE_OK;
        this.#unlock(file, LOCK_NONE);
        files.delete(pFile);
        if (file.kind === 'temporary') file.store.truncate(0);
        return SQLITE_OK;
      },
      xRead: (pFile: number, pDest: number, amount: number, offset: bigint) => {
        const target = heap().subarray(pDest, pDest + amount);
        const read = fileOf(pFile).store.read(target, Number(offset));
        if (read < amount) {
          target.fill(0, read);
          return SQLITE_IOERR_SHORT_READ;
        }
        return SQLITE_OK;
      },
      xWrite: (pFile: number, pSource: number, amount: number, offset: bigint) => {
        const file = fileOf(pFile);
        // A copy: the store may be shared memory, and the heap may move while it is written.
        const source = heap().slice(pSource, pSource + amount);
        return this.#mutate(file, Number(offset), () => file.store.write(source, Number(offset)));
      },
      xTruncate: (pFile: number, size: bigint) => {
        const file = fileOf(pFile);
        return this.#mutate(file, 0, () => file.store.truncate(Number(size)));
      },
      xSync: (pFile: number) => {
        try {
          fileOf(pFile).store.sync();
          return SQLITE_OK;
        } catch (error) {
          return this.#fail(SQLITE_IOERR, (error as Error).message);
        }
      },
      xFileSize: (pFile: number, pSize: number) => {
        wasm.poke64(pSize, BigInt(fileOf(pFile).store.size()));
        return SQLITE_OK;
      },
      xLock: (pFile: number, level: number) => this.#lock(fileOf(pFile), level),
      xUnlock: (pFile: number, level: number) => this.#unlock(fileOf(pFile), level),
      xCheckReservedLock: (pFile: number, pOut: number) => {
        wasm.poke32(pOut, fileOf(pFile).database?.reservedHeld() ? 1 : 0);
        return SQLITE_OK;
      },
      xFileControl: () => SQLITE_NOTFOUND,
      xSectorSize: () => 4096,
      xDeviceCharacteristics: () => SQLITE_IOCAP_UNDELETABLE_WHEN_OPEN | SQLITE_IOCAP_POWERSAFE_OVERWRITE,
      xShmMap: (pFile: number, region: number, size: number, extend: number, pOut: number) => {
        const database = fileOf(pFile).database;
        if (!database) return this.#fail(SQLITE_IOERR, 'no WAL index for a temporary file');
        database.shmUsers.add(pFile);
        while (database.regions.length <= region) {
          if (!extend) {
            wasm.pokePtr(pOut, 0);
            return SQLITE_OK;
          }
          const pointer = wasm.alloc(size) as number;
          heap().fill(0, pointer, pointer + size);
          database.regions.push(pointer);
        }
        wasm.pokePtr(pOut, database.regions[region]);
        return SQLITE_OK;
      },
      xShmLock: (pFile: number, offset: number, count: number, flags: number) => fileOf(pFile).database!.shmLock(pFile, offset, count, flags),
      xShmBarrier: () => {},
      xShmUnmap: (pFile: number) => {
        const database = fileOf(pFile).database;
        if (!database) return SQLITE_OK;
        database.shmRelease(pFile);
        if (database.shmUsers.size === 0) {
          for (const pointer of database.regions) wasm.dealloc(pointer);
          database.regions.length = 0;
        }
        return SQLITE_OK;
      },
    };
    module.vfs.installVfs({ io: { struct: io, methods: ioMethods } });

    const vfs = new capi.sqlite3_vfs();
    const fallback = new capi.sqlite3_vfs(capi.sqlite3_vfs_find(null));
    vfs.$iVersion = 2;
    vfs.$szOsFile = capi.sqlite3_file.structInfo.sizeof;
    vfs.$mxPathname = 512;
    vfs.$zName = wasm.allocCString(VFS_NAME);
    vfs.$xRandomness = fallback.$xRandomness;
    vfs.$xCurrentTime = fallback.$xCurrentTime;
    vfs.$xCurrentTimeInt64 = fallback.$xCurrentTimeInt64;
    fallback.dispose();
    const vfsMethods = {
      xOpen: (_pVfs: number, zName: number, pFile: number, flags: number, pOutFlags: number) => {
        const name = zName ? cString(heap(), zName) : '';
        let file: OpenFile;
        const found = name ? this.#find(name) : undefined;
        if (found) file = { pointer: pFile, database: found.database, kind: found.kind, store: this.#storeOf(found.database, found.kind), lock: LOCK_NONE };
        else if (!name || flags & SQLITE_OPEN_DELETEONCLOSE)
          file = { pointer: pFile, database: undefined, kind: 'temporary', store: new LocalStore(), lock: LOCK_NONE };
        else return this.#fail(SQLITE_CANTOPEN, `no such database file: ${name}`);
        if (found && (flags & (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_WAL | SQLITE_OPEN_MAIN_JOURNAL)) === 0)
          return this.#fail(SQLITE_CANTOPEN, `${name} is a database file`);
        files.set(pFile, file);
        this.opened[file.kind]++;
        wasm.pokePtr(pFile + METHODS_OFFSET, io.pointer);
        if (pOutFlags) wasm.poke32(pOutFlags, flags);
        return SQLITE_OK;
      },
      xDelete: (_pVfs: number, zName: number) => {
        const found = this.#find(cString(heap(), zName));
        if (!found || found.kind === 'main') return SQLITE_OK;
        const store = this.#storeOf(found.database, found.kind);
        return this.#mutate({ pointer: 0, store, database: found.database, kind: found.kind, lock: LOCK_NONE }, 0, () => store.truncate(0));
      },
      xAccess: (_pVfs: number, zName: number, _flags: number, pOut: number) => {
        const found = this.#find(cString(heap(), zName));
        const exists = found !== undefined && (found.kind === 'main' || this.#storeOf(found.database, found.kind).size() > 0);
        wasm.poke32(pOut, exists ? 1 : 0);
        return SQLITE_OK;
      },
      xFullPathname: (_pVfs: number, zName: number, nOut: number, pOut: number) => (wasm.cstrncpy(pOut, zName, nOut) < nOut ? SQLITE_OK : SQLITE_CANTOPEN),
      // Contention is between connections of this one thread: sleeping would not end it.
      xSleep: () => 0,
      xGetLastError: () => 0,
    };
    module.vfs.installVfs({ vfs: { struct: vfs, methods: vfsMethods, name: VFS_NAME } });
  }

  #lock(file: OpenFile, level: number): number {
    if (!file.database || level <= file.lock) {
      file.lock = Math.max(file.lock, level);
      return SQLITE_OK;
    }
    const code = file.database.lock(file.pointer, level);
    if (code === SQLITE_OK) file.lock = level;
    return code;
  }

  #unlock(file: OpenFile, level: number): number {
    file.database?.unlock(file.pointer, level);
    file.lock = Math.min(file.lock, level);
    return SQLITE_OK;
  }
}
