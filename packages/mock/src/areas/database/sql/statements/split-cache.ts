// A worker's remembered splits of SQL texts into statements: clients send the same texts again
// and again. The runner (runner.ts) asks for a split and says when its statements compiled and ran.
import { type SplitStatement, splitStatements } from '../wasm/sql-text.ts';

/**
 * SQL texts split into statements, remembered: clients send the same texts again and again. Only a
 * text whose statements compiled and ran is kept (one that never compiled is not), none longer than
 * SPLIT_CACHE_LONGEST, and SPLIT_CACHE_BYTES in all.
 */
const splits = new Map<string, SplitStatement[]>();
let cachedBytes = 0;
/** Most bytes of SQL text the split cache holds (each text counted twice: the key and its statements), in one worker. */
export const SPLIT_CACHE_BYTES = 8 * 1024 * 1024;
/** Longest SQL text the split cache keeps (longer ones are split each time). */
export const SPLIT_CACHE_LONGEST = 64 * 1024;

export function split(sql: string): SplitStatement[] {
  return splits.get(sql) ?? splitStatements(sql);
}

/** Keeps a text's split once its statements compiled and ran (within the caps). */
export function keepSplit(sql: string, statements: SplitStatement[]): void {
  if (sql.length > SPLIT_CACHE_LONGEST || splits.has(sql)) return;
  splits.set(sql, statements);
  cachedBytes += 2 * sql.length;
  while (cachedBytes > SPLIT_CACHE_BYTES) {
    const [oldest] = splits.keys();
    splits.delete(oldest!);
    cachedBytes -= 2 * oldest!.length;
  }
}

/** What the split cache holds now (for tests: it stays within its bounds). */
export const splitCacheSize = () => ({ texts: splits.size, bytes: cachedBytes });
