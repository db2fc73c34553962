// What sqld reports of a statement's effect (libsql-server/src/connection/program.rs, libSQL
// f8fb14f): `affected_row_count` is sqlite3_changes() after an INSERT, UPDATE or DELETE (a REPLACE
// is an INSERT, and a WITH clause may come first) and 0 after any other statement, whose
// changes() would be an earlier statement's; `last_insert_rowid` is given after an INSERT only,
// null after any other. EXPLAIN of any of them is neither.

const MAIN_VERBS = new Set(['SELECT', 'VALUES', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE']);

/**
 * Whether sqld counts the statement's changed rows and gives its last rowid, from its words
 * (upper-cased, as sql-text.ts splits them); undefined when its WITH clause runs past the words kept.
 */
export function sqldCounts(words: string[]): { changes: boolean; rowid: boolean } | undefined {
  let at = 0;
  if (words[0] === 'WITH') {
    let depth = 0;
    at = words.findIndex((word, index) => {
      if (word === '(') depth++;
      else if (word === ')') depth--;
      return index > 0 && depth === 0 && MAIN_VERBS.has(word);
    });
    if (at < 0) return undefined;
  }
  const verb = words[at];
  const insert = verb === 'INSERT' || verb === 'REPLACE';
  return { changes: insert || verb === 'UPDATE' || verb === 'DELETE', rowid: insert };
}
