// SQL text split into statements the way SQLite reads it (the state machine of its
// sqlite3_complete(): a semicolon inside a CREATE TRIGGER ... BEGIN ... END body does not end
// the statement). The engine in process runs only the first statement of a text it is given,
// so the protocol's one-statement rule (SQL_MANY_STATEMENTS) and `sequence` need the split.

type Token = 'semi' | 'ws' | 'other' | 'explain' | 'create' | 'temp' | 'trigger' | 'end';
const TOKENS: Token[] = ['semi', 'ws', 'other', 'explain', 'create', 'temp', 'trigger', 'end'];

// States: 0 invalid, 1 start, 2 normal, 3 explain, 4 create, 5 trigger, 6 semi (in trigger), 7 end.
const TRANSITIONS: number[][] = [
  [1, 0, 2, 3, 4, 2, 2, 2],
  [1, 1, 2, 3, 4, 2, 2, 2],
  [1, 2, 2, 2, 2, 2, 2, 2],
  [1, 3, 3, 2, 4, 2, 2, 2],
  [1, 4, 2, 2, 2, 4, 5, 2],
  [6, 5, 5, 5, 5, 5, 5, 5],
  [6, 6, 5, 5, 5, 5, 5, 7],
  [1, 7, 5, 5, 5, 5, 5, 5],
];

const KEYWORDS: Record<string, Token> = { EXPLAIN: 'explain', CREATE: 'create', TEMP: 'temp', TEMPORARY: 'temp', TRIGGER: 'trigger', END: 'end' };

export interface Lexeme {
  token: Token;
  /** The word, upper-cased, for identifiers and keywords; the text otherwise. */
  text: string;
  start: number;
  end: number;
}

/** The SQL text's lexemes; an unterminated quote or comment runs to the end of the text. */
export function* lex(sql: string): Generator<Lexeme> {
  let i = 0;
  while (i < sql.length) {
    const start = i;
    const c = sql[i]!;
    if (c === ';') {
      i++;
      yield { token: 'semi', text: ';', start, end: i };
    } else if (/\s/.test(c)) {
      while (i < sql.length && /\s/.test(sql[i]!)) i++;
      yield { token: 'ws', text: ' ', start, end: i };
    } else if (c === '-' && sql[i + 1] === '-') {
      const newline = sql.indexOf('\n', i);
      i = newline === -1 ? sql.length : newline + 1;
      yield { token: 'ws', text: ' ', start, end: i };
    } else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close === -1 ? sql.length : close + 2;
      yield { token: 'ws', text: ' ', start, end: i };
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const quote = c === '[' ? ']' : c;
      i++;
      for (;;) {
        const close = sql.indexOf(quote, i);
        if (close === -1) {
          i = sql.length;
          break;
        }
        i = close + 1;
        // A doubled quote is an escaped quote, except for [brackets].
        if (quote !== ']' && sql[i] === quote) i++;
        else break;
      }
      yield { token: 'other', text: sql.slice(start, i), start, end: i };
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      while (i < sql.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[i]!)) i++;
      const word = sql.slice(start, i).toUpperCase();
      yield { token: KEYWORDS[word] ?? 'other', text: word, start, end: i };
    } else {
      i++;
      yield { token: 'other', text: c, start, end: i };
    }
  }
}

export interface SplitStatement {
  /** The statement's text, from its first lexeme through its semicolon (if any). */
  sql: string;
  /** Its words and symbols, upper-cased, without white space or comments. */
  words: string[];
}

/** The statements of an SQL text, in order; empty statements (`;;`, comments only) are left out. */
export function splitStatements(sql: string): SplitStatement[] {
  const statements: SplitStatement[] = [];
  let state = 1;
  let begin = -1;
  let words: string[] = [];
  const finish = (end: number) => {
    if (begin !== -1) statements.push({ sql: sql.slice(begin, end), words });
    begin = -1;
    words = [];
  };
  for (const lexeme of lex(sql)) {
    state = TRANSITIONS[state]![TOKENS.indexOf(lexeme.token)]!;
    if (lexeme.token === 'ws') continue;
    if (lexeme.token === 'semi' && state === 1) {
      finish(lexeme.end);
      continue;
    }
    if (begin === -1) begin = lexeme.start;
    if (words.length < 64) words.push(lexeme.text);
  }
  finish(sql.length);
  return statements;
}

/**
 * A statement's words after a leading `EXPLAIN` or `EXPLAIN QUERY PLAN`, and whether it had one.
 */
export function withoutExplain(words: string[]): { explain: boolean; words: string[] } {
  if (words[0] !== 'EXPLAIN') return { explain: false, words };
  return { explain: true, words: words[1] === 'QUERY' && words[2] === 'PLAN' ? words.slice(3) : words.slice(1) };
}
