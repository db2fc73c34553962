// Command-line arguments for the scripts: node:util's parseArgs, plus `--help` with a
// description of every option, and usage errors that exit 2 (as every CLI here does).
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Exit code for a command called the wrong way (unknown option, bad value, unknown name). */
export const USAGE_EXIT = 2;

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

export function helpText(spec: ScriptSpec<Record<string, OptionSpec>>): string {
  const rows: [string, string][] = [];
  for (const [name, description] of Object.entries(spec.positionals ?? {})) rows.push([name, description]);
  for (const [name, option] of Object.entries(spec.options ?? {})) {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : ''}`;
    const extra = option.default !== undefined && option.type === 'string' ? ` (default ${option.default})` : option.multiple ? ' (repeatable)' : '';
    rows.push([flag, option.description + extra]);
  }
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([left]) => left.length));
  const lines = [`Usage: ${spec.usage}`, '', spec.description.trim(), '', ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`)];
  if (spec.epilogue) lines.push('', spec.epilogue.trim());
  return `${lines.join('\n')}\n`;
}

/** Stops with `error: <message>` and the usage line, exit code 2. */
export function usageError(spec: Pick<ScriptSpec<Record<string, OptionSpec>>, 'usage'>, message: string): never {
  console.error(`error: ${message}\nUsage: ${spec.usage} (see --help)`);
  process.exit(USAGE_EXIT);
}

/** Parses argv; `--help` prints the help and exits 0; a usage error exits 2. */
export function parseScriptArgs<O extends Record<string, OptionSpec>>(spec: ScriptSpec<O>, argv = process.argv.slice(2)): { values: Values<O>; positionals: string[] } {
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
    usageError(spec, (error as Error).message);
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
export const checkAreas = (spec: Pick<ScriptSpec<Record<string, OptionSpec>>, 'usage'>, given: string[], known: string[]) => checkNames(spec, given, known, 'area');

/** `1 area`, `2 areas`. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
