// The numbers of SQLite's C API that the engine's VFS (vfs.ts) answers and reads: result codes,
// open flags, device capabilities, WAL-index and file lock levels.
export const SQLITE_OK = 0;
export const SQLITE_BUSY = 5;
export const SQLITE_IOERR = 10;
export const SQLITE_NOTFOUND = 12;
export const SQLITE_FULL = 13;
export const SQLITE_CANTOPEN = 14;
export const SQLITE_IOERR_SHORT_READ = 522;
export const SQLITE_IOERR_WRITE = 778;
export const SQLITE_OPEN_MAIN_DB = 0x100;
export const SQLITE_OPEN_WAL = 0x80000;
export const SQLITE_OPEN_MAIN_JOURNAL = 0x800;
export const SQLITE_OPEN_DELETEONCLOSE = 0x8;
export const SQLITE_IOCAP_UNDELETABLE_WHEN_OPEN = 0x800;
export const SQLITE_IOCAP_POWERSAFE_OVERWRITE = 0x1000;
export const SQLITE_SHM_UNLOCK = 1;
export const SQLITE_SHM_SHARED = 4;
export const SQLITE_SHM_NLOCK = 8;
export const LOCK_NONE = 0;
export const LOCK_SHARED = 1;
export const LOCK_RESERVED = 2;
export const LOCK_EXCLUSIVE = 4;
