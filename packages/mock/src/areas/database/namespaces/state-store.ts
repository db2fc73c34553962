// A namespace's database state as data: its generation (a reset or an import starts a new one,
// with new databases), each database's tokens (digests only) and, in snapshots, each database's
// file image (base64). With a folder (`dir`), the start-up namespace's state is kept in
// `<dir>/database-state.json` beside its databases (`<dir>/<id>.db` and its WAL, `<id>.db-wal`),
// so that tokens survive a restart on the same folder.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as Database from '@platform-contracts/contracts/database';
import { DATABASE_ID } from './options.ts';

/** A database token as the state keeps it: the digest of its secret, never the secret. */
export interface StoredToken {
  id: string;
  kind: Database.components['schemas']['DatabaseTokenKind'];
  digest: string;
  createdAt: number;
  expiresAt: number | null;
  invalidated: boolean;
}

/** A namespace's databases (by ID) and their tokens, as plain data. */
export interface DatabaseState {
  /** Distinguishes this state from the namespace's earlier ones (after a reset or an import): each has its own databases. */
  generation: string;
  databases: Record<string, { tokens: StoredToken[] }>;
}

/** The database part of a state snapshot: the state, with each database's file image. */
export interface DatabaseSnapshot {
  databases: Record<string, { tokens: StoredToken[]; data?: string | null }>;
}

const STATE_FILE = 'database-state.json';
const TOKEN_KINDS = new Set(['full_access', 'read_only']);

export const newState = (): DatabaseState => ({ generation: randomUUID(), databases: {} });

export class SnapshotRefused extends Error {}

/** A snapshot's database part, checked: database IDs, tokens and images. Images are decoded. */
export function readSnapshot(value: unknown, maxImageBytes: number): { state: DatabaseState; images: Map<string, Uint8Array> } {
  const databases = (value as { databases?: unknown } | null)?.databases;
  if (typeof databases !== 'object' || databases === null || Array.isArray(databases))
    throw new SnapshotRefused('the database state is {"databases": {"<id>": {"tokens": [...], "data": "<base64>"}}}');
  const state = newState();
  const images = new Map<string, Uint8Array>();
  for (const [id, entry] of Object.entries(databases as Record<string, unknown>)) {
    if (!DATABASE_ID.test(id)) throw new SnapshotRefused(`"${id}" is not a database ID (a DNS label)`);
    const { tokens, data } = (entry ?? {}) as { tokens?: unknown; data?: unknown };
    if (!Array.isArray(tokens) || !tokens.every(isStoredToken))
      throw new SnapshotRefused(`the tokens of database "${id}" are not as GET /_mock/state gives them`);
    state.databases[id] = { tokens: structuredClone(tokens) };
    if (data === undefined || data === null) continue;
    if (typeof data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new SnapshotRefused(`the data of database "${id}" is not base64`);
    const bytes = Buffer.from(data, 'base64');
    if (bytes.byteLength > maxImageBytes)
      throw new SnapshotRefused(`the data of database "${id}" is ${bytes.byteLength} bytes, more than a snapshot carries (maxSnapshotBytes, ${maxImageBytes})`);
    if (bytes.byteLength > 0 && bytes.subarray(0, 16).toString('latin1') !== 'SQLite format 3\u0000')
      throw new SnapshotRefused(`the data of database "${id}" is not an SQLite database`);
    images.set(id, bytes);
  }
  return { state, images };
}

function isStoredToken(token: unknown): token is StoredToken {
  const t = token as Partial<StoredToken> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.id === 'string' &&
    TOKEN_KINDS.has(t.kind as string) &&
    typeof t.digest === 'string' &&
    /^[0-9a-f]{64}$/.test(t.digest) &&
    typeof t.createdAt === 'number' &&
    (t.expiresAt === null || typeof t.expiresAt === 'number') &&
    typeof t.invalidated === 'boolean'
  );
}

/** The start-up namespace's state kept in a folder. */
export function folderState(dir: string) {
  const file = path.join(dir, STATE_FILE);
  return {
    /** The state kept by an earlier run, or undefined. */
    load(): DatabaseState | undefined {
      if (!existsSync(file)) return undefined;
      try {
        const { state } = readSnapshot(JSON.parse(readFileSync(file, 'utf8')), 0);
        const generation = (JSON.parse(readFileSync(file, 'utf8')) as { generation?: unknown }).generation;
        return { ...state, generation: typeof generation === 'string' ? generation : state.generation };
      } catch {
        return undefined; // unreadable: start afresh (the databases' files stay)
      }
    },
    save(state: DatabaseState): void {
      const temporary = `${file}.saving`;
      writeFileSync(temporary, `${JSON.stringify({ generation: state.generation, databases: state.databases }, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, file);
    },
    /** The file of a database of the start-up namespace. */
    databaseFile: (databaseId: string) => path.join(dir, `${databaseId}.db`),
    /** A reset: the databases and their tokens are gone. */
    clear(): void {
      rmSync(file, { force: true });
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        const id = /^(.+)\.db(\.saving|-wal|-journal)?$/.exec(name)?.[1];
        if (id && DATABASE_ID.test(id)) rmSync(path.join(dir, name), { force: true });
      }
    },
  };
}

export type FolderState = ReturnType<typeof folderState>;
