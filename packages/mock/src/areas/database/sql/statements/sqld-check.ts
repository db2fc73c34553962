// Whether sqld runs a statement: the tables of statement-rules.ts applied to a request's
// statements (each judged once while it lives, remembered.ts), refusing the whole request as sqld
// does when one of them is unsupported.
import { ProtocolError } from '../../protocol/protocol.ts';
import { type SplitStatement, withoutExplain } from '../wasm/sql-text.ts';
import { remembered } from './remembered.ts';
import { PRAGMAS, STATEMENT_RULES } from './statement-rules.ts';

/** The pragma a statement runs (after EXPLAIN), its name as sqld compares it (lower-cased, quotes kept), and whether a value follows. */
function pragmaOf(words: string[]): { name: string; value: boolean } | undefined {
  if (words[0] !== 'PRAGMA' || words.length < 2) return undefined;
  const qualified = words[2] === '.';
  const name = (qualified ? words[3] : words[1]) ?? '';
  return { name: name.toLowerCase(), value: words.length > (qualified ? 4 : 2) };
}

/** Whether sqld answers "unsupported statement" to a statement of a request. */
export function sqldRefuses(statement: SplitStatement): boolean {
  const { explain, words } = withoutExplain(statement.words);
  // EXPLAIN runs whatever it explains, but for a pragma; EXPLAIN QUERY PLAN runs even a pragma.
  if (explain && (statement.words[1] === 'QUERY' || words[0] !== 'PRAGMA')) return false;
  const pragma = pragmaOf(words);
  if (pragma) {
    const rule = PRAGMAS[pragma.name];
    return !rule || rule.sqld === 'never' || (rule.sqld === 'bare' && pragma.value);
  }
  const rule = STATEMENT_RULES.find((candidate) => candidate.matches(words, statement.sql));
  return rule?.sqld === 'unsupported';
}

/** Refuses a request (one statement's text, or a sequence's) as sqld does when one of its statements is unsupported. */
export function checkSqldRules(statements: SplitStatement[], sql: string): void {
  if (statements.some((statement) => remembered(statement, sqldRefuses)))
    throw new ProtocolError(`SQL string could not be parsed: unsupported statement: ${sql}`, 'SQL_PARSE_ERROR');
}
