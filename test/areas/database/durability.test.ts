// A database kept in a folder (--db-dir) is SQLite's own files, written in place by the engine's
// worker: a write appends what it changed to the WAL (the database file is neither rewritten nor
// replaced), and a process killed with SIGKILL loses nothing it had answered as committed.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/paths.ts';
import { startDatabaseHost } from '../../support/database.ts';

const CLI = path.join(ROOT, 'packages/mock/bin/platform-mock.js');
const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'db-durable-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const execute = (sql: string) => ({ type: 'execute', stmt: { sql } });
async function pipeline(url: string, token: string, requests: unknown[]) {
  const response = await fetch(`${url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [...requests, { type: 'close' }] }),
  });
  return ((await response.json()) as { results: { type: string; response?: { result: { rows: { value: string }[][] } } }[] }).results;
}

describe('a database in a folder', () => {
  it('is written in place: the database file keeps its inode, and each write grows the WAL by what it changed', async () => {
    const dir = folder();
    const host = await startDatabaseHost({ dir }, { port: true });
    try {
      const token = host.info.fullAccessToken;
      await pipeline(host.url, token, [execute('CREATE TABLE t (x)'), execute("INSERT INTO t VALUES ('first')")]);
      const file = path.join(dir, 'my-database.db');
      const { ino } = statSync(file);
      const walBefore = statSync(`${file}-wal`).size;
      for (let i = 0; i < 5; i++) expect((await pipeline(host.url, token, [execute(`INSERT INTO t VALUES (${i})`)]))[0]!.type).toBe('ok');
      expect(statSync(file).ino).toBe(ino);
      const walAfter = statSync(`${file}-wal`).size;
      // Five one-row commits: five pages and their frame headers, not the database again.
      const pageSize = 8192 + 24;
      expect(walAfter - walBefore).toBeGreaterThan(0);
      expect(walAfter - walBefore).toBeLessThanOrEqual(5 * 2 * pageSize);
    } finally {
      await host.close();
    }
  });

  it('loses nothing it answered as committed when the process is killed with SIGKILL', async () => {
    const dir = folder();
    const start = async () => {
      const child = spawn(process.execPath, [CLI, '--port', '0', '--area', 'database', '--db-dir', dir]);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const ready = await new Promise<{ url: string; token: string }>((resolve, reject) => {
        child.stdout.on('data', () => {
          const url = /at (http:\/\/\S+) /.exec(output)?.[1];
          const token = /Full Access (\S+)/.exec(output)?.[1];
          if (url && token && /Ready in \d+ ms/.test(output)) resolve({ url, token });
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      return { child, ...ready };
    };
    const killed = (child: ChildProcessWithoutNullStreams) => new Promise((resolve) => child.once('exit', resolve)).then(() => undefined);

    const first = await start();
    await pipeline(first.url, first.token, [execute('CREATE TABLE t (x)')]);
    for (let i = 0; i < 20; i++) expect((await pipeline(first.url, first.token, [execute(`INSERT INTO t VALUES (${i})`)]))[0]!.type).toBe('ok');
    const gone = killed(first.child);
    first.child.kill('SIGKILL');
    await gone;

    const second = await start();
    try {
      const [count] = await pipeline(second.url, second.token, [execute('SELECT count(*) FROM t')]);
      expect(count!.response!.result.rows[0]![0]!.value).toBe('20');
    } finally {
      second.child.kill('SIGKILL');
    }
  });
});
