// Work that files of both workers would each do alike, done once per vitest run under a lock on a
// file in the run's scratch folder (test/support/run-scratch.ts): the first caller does it and
// records what it made; the others, woken when it is done, read the record.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/**
 * Runs `work` holding an exclusive lock on `file` (flock(1) on a descriptor this process keeps: the
 * kernel wakes the waiter when the holder closes it), until `work` returns or, for a promise, settles.
 */
export function underLock<T>(file: string, work: () => T): T {
  const fd = openSync(file, 'a');
  let result: T;
  try {
    const locked = spawnSync('flock', ['--exclusive', '3'], { stdio: ['ignore', 'ignore', 'pipe', fd], encoding: 'utf8' });
    if (locked.status !== 0) throw new Error(`could not lock ${file}: ${locked.error ?? locked.stderr}`);
    result = work();
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => closeSync(fd)) as T;
  closeSync(fd);
  return result;
}
