// Every connection's authorizer and progress handler through one WebAssembly function each, per
// thread. The build's glue turns a JavaScript callback into a function pointer by compiling and
// instantiating a small WebAssembly module (Node 20 has no WebAssembly.Function): done for each
// new connection (its authorizer, then its progress handler), that was most of the worker's time
// in a new namespace's first statement. Here the two functions are made once per thread and each
// connection's callbacks are kept by its connection pointer, which SQLite passes back to them as
// their user data; they are forgotten when the connection closes (wasm.ts close calls forgetHooks).
import { cString } from '../storage/c-strings.ts';

/** The authorizer callback as the build's glue calls it: its texts read from their C strings (0 for none). */
export type Authorize = (data: unknown, action: number, a1: string | 0, a2: string | 0, a3: string | 0, a4: string | 0) => number;

const SQLITE_ERROR = 1;
const SQLITE_DENY = 1;

interface Wasm {
  exports: Record<string, (...args: number[]) => number>;
  installFunction(signature: string, fn: (...args: number[]) => number): number;
  heap8u(): Uint8Array;
}

interface Hooks {
  authorizers: Map<number, Authorize>;
  progress: Map<number, () => number>;
  authorizer: number;
  progressHandler: number;
}

const perThread = new WeakMap<Wasm, Hooks>();

function hooksOf(wasm: Wasm): Hooks {
  let hooks = perThread.get(wasm);
  if (hooks) return hooks;
  const authorizers = new Map<number, Authorize>();
  const progress = new Map<number, () => number>();
  const text = (pointer: number): string | 0 => (pointer ? cString(wasm.heap8u(), pointer) : 0);
  // As the glue's own adapter: texts read, a throw answered with its result code (deny by default:
  // a connection without a callback here is refused everything).
  const authorizer = wasm.installFunction('iiiiiii', (db, action, a1, a2, a3, a4) => {
    const authorize = authorizers.get(db);
    if (!authorize) return SQLITE_DENY;
    try {
      return authorize(db, action, text(a1!), text(a2!), text(a3!), text(a4!)) || 0;
    } catch (error) {
      return (error as { resultCode?: number }).resultCode ?? SQLITE_ERROR;
    }
  });
  const progressHandler = wasm.installFunction('ii', (db) => progress.get(db)?.() ?? 0);
  hooks = { authorizers, progress, authorizer, progressHandler };
  perThread.set(wasm, hooks);
  return hooks;
}

/** Forgets a connection's callbacks: it is closing. */
export function forgetHooks(wasm: Wasm, db: number): void {
  const hooks = perThread.get(wasm);
  hooks?.authorizers.delete(db);
  hooks?.progress.delete(db);
}

/** Sets a connection's authorizer (sqlite3_set_authorizer, its user data the connection's pointer). */
export function setAuthorizer(wasm: Wasm, db: number, authorize: Authorize): void {
  const hooks = hooksOf(wasm);
  hooks.authorizers.set(db, authorize);
  wasm.exports.sqlite3_set_authorizer!(db, hooks.authorizer, db);
}

/** Sets a connection's progress handler: `callback` runs every `ops` virtual machine steps; a non-zero answer interrupts. */
export function setProgressHandler(wasm: Wasm, db: number, ops: number, callback: () => number): void {
  const hooks = hooksOf(wasm);
  hooks.progress.set(db, callback);
  wasm.exports.sqlite3_progress_handler!(db, ops, hooks.progressHandler, db);
}

/** Connections whose callbacks are kept in this thread (tests: none is left after its connection closed). */
export const hookedConnections = (wasm: Wasm): number => {
  const hooks = perThread.get(wasm);
  return hooks ? new Set([...hooks.authorizers.keys(), ...hooks.progress.keys()]).size : 0;
};
