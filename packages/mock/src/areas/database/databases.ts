// The embedded databases behind the mock, one per name, each with pools of idle connections.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Connection } from './connection.ts';

export type Access = 'full' | 'read-only';

/** One database: an in-memory database (SQLite's memdb VFS, shared by its connections) or a file. */
export class EmbeddedDatabase {
  readonly #writable: string;
  readonly #readOnly: string;
  readonly #idle: Record<Access, Connection[]> = { full: [], 'read-only': [] };
  /** Never lent to a stream: an in-memory database lives while one of its connections is open. */
  readonly #anchor: Connection;

  constructor(name: string, dir: string | undefined, instance: string) {
    const safeName = name.replace(/[^a-z0-9.-]/gi, '_');
    if (dir) {
      mkdirSync(dir, { recursive: true });
      const file = pathToFileURL(path.resolve(dir, `${safeName}.db`)).href;
      this.#writable = `${file}?mode=rwc`;
      this.#readOnly = `${file}?mode=ro`;
    } else {
      const memory = `file:/platform-mock-${instance}-${safeName}?vfs=memdb`;
      this.#writable = memory;
      this.#readOnly = `${memory}&mode=ro`;
    }
    this.#anchor = new Connection(this.#writable);
  }

  /** A connection for one stream; a Read Only connection cannot write, whatever it runs. */
  acquire(access: Access): Connection {
    return this.#idle[access].pop() ?? new Connection(access === 'full' ? this.#writable : this.#readOnly);
  }

  /** Takes a connection back once its stream ends, rolling back what the stream left open. */
  release(access: Access, connection: Connection): void {
    try {
      connection.reset();
      this.#idle[access].push(connection);
    } catch {
      connection.close();
    }
  }
}

/** The databases by name, created on first use. */
export function databaseRegistry(dir: string | undefined) {
  const instance = randomUUID();
  const databases = new Map<string, EmbeddedDatabase>();
  return (name: string): EmbeddedDatabase => {
    let database = databases.get(name);
    if (!database) {
      database = new EmbeddedDatabase(name, dir, instance);
      databases.set(name, database);
    }
    return database;
  };
}
