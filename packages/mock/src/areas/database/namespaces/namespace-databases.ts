// The databases of each namespace's state: whose they are (a state's generation owns its
// databases, so a reset or an import starts new ones), where their data comes from (a snapshot's
// image, or the folder's file for the start-up namespace), and the area's state hooks built on
// that: seed, snapshot export and import (each database's image, checked before it is accepted),
// reset.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { SnapshotError, DEFAULT_NAMESPACE as STARTUP_NAMESPACE } from '../../../engine/namespaces.ts';
import { type DatabaseSource, databaseKey, type SqlEngine } from '../sql/index.ts';
import type { DatabaseSettings } from './options.ts';
import { type DatabaseSnapshot, type DatabaseState, type FolderState, newState, readSnapshot, SnapshotRefused } from './state-store.ts';
import { StreamLost, type StreamTable } from './stream-table.ts';

export interface NamespaceDatabasesOptions {
  settings: DatabaseSettings;
  engine: SqlEngine;
  streams: StreamTable;
  folder: FolderState | undefined;
  /** A state taken over (kept in the folder, or imported) for a namespace: its tokens are indexed. */
  adopt(state: DatabaseState, namespace: string): DatabaseState;
  /** Keeps the start-up namespace's tokens in the folder. */
  persist(state: DatabaseState, namespace: string): void;
}

export function namespaceDatabases({ settings, engine, streams, folder, adopt, persist }: NamespaceDatabasesOptions) {
  /** The start-up namespace's state of an earlier run on the same folder, for its first seed. */
  let kept = folder?.load();
  /** Snapshot images of databases not opened since their import, by database key. */
  const images = new Map<string, Uint8Array>();
  /** The last snapshot part checked (checkImport), read once: importState takes it as checked. */
  let checked: { snapshot: unknown; read: ReturnType<typeof readSnapshot> } | undefined;

  /** Whose databases a namespace's state uses: its own generation's. */
  const ownerOf = (state: DatabaseState, namespace: string) => `${namespace}\u0000${state.generation}`;

  /** Where a database's data comes from: an imported image, else the folder's file (start-up namespace). */
  function sourceOf(owner: string, namespace: string, databaseId: string): DatabaseSource {
    const key = databaseKey(owner, databaseId);
    return {
      initial: () => {
        const image = images.get(key);
        images.delete(key);
        return image;
      },
      file: namespace === STARTUP_NAMESPACE ? folder?.databaseFile(databaseId) : undefined,
    };
  }

  /** A database's image for a snapshot, as last committed, base64; null when it was never used. */
  async function imageOf(state: DatabaseState, namespace: string, databaseId: string): Promise<string | null> {
    const owner = ownerOf(state, namespace);
    const source = sourceOf(owner, namespace, databaseId);
    // A database with data not opened yet (an imported image, a folder's file and its WAL) is made first: its image is then as SQLite reads it.
    if (images.has(databaseKey(owner, databaseId)) || (source.file && existsSync(source.file))) engine.database(owner, databaseId, source);
    let image: { base64: string; bytes: number } | undefined;
    try {
      image = await engine.snapshotOf(owner, databaseId);
    } catch (error) {
      throw new SnapshotError(`the database "${databaseId}" could not be copied: ${(error as Error).message}`);
    }
    if (!image) return null;
    if (image.bytes > settings.maxSnapshotBytes) {
      throw new SnapshotError(
        `the database "${databaseId}" is ${image.bytes} bytes, more than a snapshot carries (maxSnapshotBytes, ${settings.maxSnapshotBytes})`,
      );
    }
    return image.base64;
  }

  /** Ends a namespace's streams and closes its databases (a reset, or an import that replaces them). */
  function forget(namespace: string | undefined, keep?: string) {
    const mine = (key: string) => (namespace === undefined || key.startsWith(`${namespace}\u0000`)) && (keep === undefined || !key.startsWith(`${keep}\u0000`));
    streams.endWhere(
      (stream) => mine(stream.database.key),
      () => new StreamLost('The stream was closed: its namespace was reset or replaced', 'STREAM_EXPIRED'),
    );
    engine.forget(mine);
    for (const key of [...images.keys()]) if (mine(key)) images.delete(key);
  }

  function read(snapshot: unknown) {
    try {
      return readSnapshot(snapshot, settings.maxSnapshotBytes);
    } catch (error) {
      if (error instanceof SnapshotRefused) throw new SnapshotError(error.message);
      throw error;
    }
  }

  return {
    ownerOf,
    sourceOf,

    seed(namespace: string): DatabaseState {
      if (namespace !== STARTUP_NAMESPACE || !kept) return newState();
      const state = adopt(kept, namespace);
      kept = undefined;
      return state;
    },

    async exportState(state: DatabaseState, namespace: string): Promise<DatabaseSnapshot> {
      const databases: DatabaseSnapshot['databases'] = {};
      for (const [id, entry] of Object.entries(state.databases))
        databases[id] = { tokens: structuredClone(entry.tokens), data: await imageOf(state, namespace, id) };
      // The generation stays out: an import starts new databases anyway.
      return { databases };
    },

    /** Every image of the snapshot checked (header, schema under the sandbox, integrity) before anything changes. */
    async checkImport(snapshot: unknown): Promise<void> {
      const result = read(snapshot);
      for (const [id, image] of result.images) {
        const refusal = await engine.checkImage(image);
        if (refusal) throw new SnapshotError(`the data of database "${id}" is refused: ${refusal}`);
      }
      checked = { snapshot, read: result };
    },

    importState(snapshot: unknown, namespace: string): DatabaseState {
      if (!checked || checked.snapshot !== snapshot) throw new SnapshotError('the database state was not checked before its import');
      const { read: result } = checked;
      checked = undefined;
      const owner = ownerOf(result.state, namespace);
      forget(namespace, owner);
      if (namespace === STARTUP_NAMESPACE) folder?.clear();
      for (const [id, image] of result.images) {
        const file = sourceOf(owner, namespace, id).file;
        if (!file) {
          images.set(databaseKey(owner, id), image);
          continue;
        }
        // The folder's database is its files: the image becomes the file, with no WAL of an earlier one.
        rmSync(`${file}-wal`, { force: true });
        writeFileSync(file, image, { mode: 0o600 });
      }
      const state = adopt(result.state, namespace);
      persist(state, namespace);
      return state;
    },

    onReset(namespace: string | undefined): void {
      forget(namespace);
      if (namespace === undefined || namespace === STARTUP_NAMESPACE) folder?.clear();
    },
  };
}
