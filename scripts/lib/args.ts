// Command-line arguments for the scripts: node:util's parseArgs, plus `--help` with a
// description of every option, and usage errors that exit 2 (as every CLI here does). Help and
// errors read as the mock's do (packages/mock/src/cli/cli-help.ts): descriptions as sentences,
// defaults as `(default: X)`, one aligned column wrapped at 100 characters, and an error line
// followed by the command's own help to read.
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Exit code for a command called the wrong way (unknown option, bad value, unknown name). */
const USAGE_EXIT = 2;

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  default?: string | boolean;
  /** Shown after the flag in the help, e.g. `N` for `--port N`. */
  value?: string;
  description: string;
}

export interface ScriptSpec<O extends Record<string, OptionSpec>> {
  /** How to call it, without the options: `pnpm lint [area...]`. */
  usage: string;
  /** What it does, a few lines. */
  description: string;
  /** The positional arguments, described: `area` -> `an area of openapi/ (default: every area)`. */
  positionals?: Record<string, string>;
  options?: O;
  /** Text after the options: examples, exit codes. */
  epilogue?: string;
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K]['type'] extends 'boolean' ? boolean : O[K]['multiple'] extends true ? string[] | undefined : string | undefined;
};

const HELP_WIDTH = 100;
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function helpText(spec: ScriptSpec<Record<string, OptionSpec>>): string {
  const rows: [string, string][] = [];
  for (const [name, description] of Object.entries(spec.positionals ?? {})) rows.push([name, sentence(description)]);
  for (const [name, option] of Object.entries(spec.options ?? {})) {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : ''}`;
    const extra = option.default !== undefined && option.type === 'string' ? ` (default: ${option.default})` : option.multiple ? ' (repeatable)' : '';
    rows.push([flag, sentence(option.description) + extra]);
  }
  rows.push(['-h, --help', 'Show this help']);
  const width = Math.max(...rows.map(([left]) => left.length));
  const indent = ' '.repeat(2 + width + 2);
  // The description's paragraphs rewrapped (a paragraph with an indented or listed line is kept as written).
  const description = spec.description
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => (/^\s|^- /m.test(paragraph) ? paragraph : wrap(paragraph, HELP_WIDTH).join('\n')))
    .join('\n\n');
  const lines = [`Usage: ${spec.usage}`, '', description, '', spec.positionals ? 'Arguments and options:' : 'Options:'];
  for (const [left, right] of rows) {
    const [first = '', ...rest] = wrap(right, HELP_WIDTH - indent.length);
    lines.push(`  ${left.padEnd(width)}  ${first}`, ...rest.map((line) => `${indent}${line}`));
  }
  if (spec.epilogue) lines.push('', spec.epilogue.trim());
  return `${lines.join('\n')}\n`;
}

/** The command's name in its usage line: `pnpm lint` of `pnpm lint [area...]`. */
const commandOf = (usage: string) => usage.split(/ [[<-]/)[0]!.trim();

/** Node's parseArgs messages in the scripts' words (as the mock says them): `Unknown option '--x'` -> `unknown option --x`. */
function parseArgsProblem(message: string): string {
  const rules: [RegExp, (...groups: string[]) => string][] = [
    [/^Unknown option '(.+?)'/, (option) => `unknown option ${option}`],
    [/^Option '(-[^ ']+)(?: <value>)?' argument missing/, (option) => `${option} needs a value`],
    [/^Option '(-[^ ']+)' argument is ambiguous/, (option) => `${option} needs a value (one that starts with a dash is written ${option}=-VALUE)`],
    [/^Option '(-[^ ']+)' does not take an argument/, (option) => `${option} takes no value`],
    [/^Unexpected argument '(.+?)'/, (argument) => `unexpected argument ${argument}: this command takes options only`],
  ];
  for (const [pattern, say] of rules) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  return message;
}

/** Stops with `error: <message>` and, on a second line, the command's help to read (as the mock says it), exit code 2. */
export function usageError(spec: Pick<ScriptSpec<Record<string, OptionSpec>>, 'usage'>, message: string): never {
  console.error(`error: ${message}\nRun \`${commandOf(spec.usage)} --help\` for the options.`);
  process.exit(USAGE_EXIT);
}

/** Parses argv; `--help` prints the help and exits 0; a usage error exits 2. */
export function parseScriptArgs<O extends Record<string, OptionSpec>>(
  spec: ScriptSpec<O>,
  argv = process.argv.slice(2),
): { values: Values<O>; positionals: string[] } {
  const options: ParseArgsConfig['options'] = { help: { type: 'boolean', short: 'h' } };
  for (const [name, option] of Object.entries(spec.options ?? {})) {
    const config: Record<string, unknown> = { type: option.type };
    for (const key of ['short', 'multiple', 'default'] as const) if (option[key] !== undefined) config[key] = option[key];
    options[name] = config as unknown as NonNullable<ParseArgsConfig['options']>[string];
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: spec.positionals !== undefined, strict: true });
  } catch (error) {
    usageError(spec, parseArgsProblem((error as Error).message));
  }
  if (parsed.values.help) {
    process.stdout.write(helpText(spec));
    process.exit(0);
  }
  return { values: parsed.values as Values<O>, positionals: parsed.positionals };
}

/** Checks names given on the command line against the known ones (usage error otherwise). */
export function checkNames(spec: Pick<ScriptSpec<Record<string, OptionSpec>>, 'usage'>, given: string[], known: string[], noun = 'area'): string[] {
  const unknown = given.filter((name) => !known.includes(name));
  if (unknown.length > 0) usageError(spec, `unknown ${noun} ${unknown.join(', ')}; the ${noun}s are ${known.join(', ')}`);
  return given;
}

/** Checks area names against the registry of areas (folders under openapi/). */
export const checkAreas = (spec: Pick<ScriptSpec<Record<string, OptionSpec>>, 'usage'>, given: string[], known: string[]) =>
  checkNames(spec, given, known, 'area');

/** `1 area`, `2 areas`. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
