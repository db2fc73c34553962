// How the mock's help and usage errors read, in one voice with the repository's scripts and the
// `platform` CLI: descriptions as sentences (a capital first), every default as `(default: X)`,
// one column for every option and endpoint however long its name, lines wrapped at 100
// characters, and the command named as the user typed it (`pnpm start`, `pnpm mock` or
// `platform-mock`).

export const HELP_WIDTH = 100;

/**
 * The command that runs the mock, as the user typed it: the repository's scripts run it under
 * their own names and say so in PLATFORM_MOCK_PROGRAM; otherwise it is the package's bin.
 */
export const mockProgram = (): string => process.env.PLATFORM_MOCK_PROGRAM || 'platform-mock';

/** A description as a sentence: its first letter a capital (the rest as written). */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The description with its default written one way, `(default: X)`: from the flag's `default`, or
 * from the end of the description, where an area may have written it as `(default X)`,
 * `(default: X)` or a bare number `(X)`.
 */
export function withDefault(description: string, fallback?: string): string {
  const written = /\s*\((?:default:?\s+([^()]+)|(\d+))\)$/.exec(description);
  const text = written ? description.slice(0, written.index) : description;
  const value = fallback ?? written?.[1] ?? written?.[2];
  // A no-break space: the default is never split from its value when the line wraps.
  return `${sentence(text)}${value === undefined ? '' : ` (default:\u00a0${value})`}`;
}

/** Words of `text` in lines of at most `width` characters; a longer word (a JSON shape) is broken after its commas. */
export function wrap(text: string, width: number): string[] {
  const pieces = text
    .split(/[ \t\n]+/)
    .filter(Boolean)
    .flatMap((word) => (word.length > width ? word.split(/(?<=,)/).map((part, index) => ({ part, spaced: index === 0 })) : [{ part: word, spaced: true }]));
  const lines: string[] = [];
  let line = '';
  for (const { part, spaced } of pieces) {
    const joined = line ? `${line}${spaced ? ' ' : ''}${part}` : part;
    if (line && joined.length > width) {
      lines.push(line);
      line = part;
    } else line = joined;
  }
  return line ? [...lines, line] : lines;
}

/** Rows of `  TERM  Description`, every description starting in the same column; continuation lines under it. */
export function formatRows(
  rows: [term: string, description: string][],
  termWidth = Math.max(...rows.map(([term]) => term.length)),
  width = HELP_WIDTH,
): string[] {
  const indent = 2 + termWidth + 2;
  return rows.flatMap(([term, description]) => {
    const [first = '', ...rest] = wrap(description, Math.max(20, width - indent));
    return [`  ${term.padEnd(termWidth)}  ${first}`.trimEnd(), ...rest.map((line) => `${' '.repeat(indent)}${line}`)].map((line) =>
      line.replaceAll('\u00a0', ' '),
    );
  });
}

/**
 * Node's parseArgs messages in the mock's words: `Unknown option '--prot'` -> `unknown option --prot`,
 * `Option '--port <value>' argument missing` -> `--port needs a value`.
 */
export function parseArgsProblem(message: string): string {
  const rules: [RegExp, (...groups: string[]) => string][] = [
    [/^Unknown option '(.+?)'/, (option) => `unknown option ${option}`],
    [/^Option '(-[^ ']+)(?: <value>)?' argument missing/, (option) => `${option} needs a value`],
    [/^Option '(-[^ ']+)' argument is ambiguous/, (option) => `${option} needs a value (one that starts with a dash is written ${option}=-VALUE)`],
    [/^Option '(-[^ ']+)' does not take an argument/, (option) => `${option} takes no value`],
    [/^Unexpected argument '(.+?)'/, (argument) => `unexpected argument ${argument}: every argument is an option`],
  ];
  for (const [pattern, say] of rules) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  return message;
}
