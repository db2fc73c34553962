// Every option of `platform-mock` as an environment variable, for where arguments are awkward (a
// container's `-e`, a CI service, a compose file): `--db-dir` is PLATFORM_MOCK_DB_DIR. An option
// given as an argument wins over its variable. Only the prefixed names are read: a shell's PORT or
// HOST, set for another program, never moves the mock.
import { UsageError } from '../engine/area.ts';

export const ENV_PREFIX = 'PLATFORM_MOCK_';
/** Options that only make sense typed: they exit at once. */
const ARGUMENT_ONLY = ['help', 'version'];
const SWITCH_VALUES: Record<string, boolean> = { '1': true, true: true, yes: true, '0': false, false: false, no: false };

/** The variable of an option: `db-dir` -> `PLATFORM_MOCK_DB_DIR`. */
export const envName = (option: string) => `${ENV_PREFIX}${option.toUpperCase().replaceAll('-', '_')}`;

interface FlagShape {
  type: 'string' | 'boolean';
  multiple?: boolean;
}

/** Whether `argv` gives the option `name` (`--name`, `--name=...`). */
const given = (argv: string[], name: string) => argv.some((token) => token === `--${name}` || token.startsWith(`--${name}=`));

/**
 * The arguments the environment gives, for the options `argv` does not: a value as it is, a
 * repeatable option's values separated by commas or spaces, a switch `1`/`true`/`yes` (on) or
 * `0`/`false`/`no` (off). An empty variable is unset. `from` maps each option to its variable.
 */
export function argsFromEnv(
  flags: Record<string, FlagShape>,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): { args: string[]; from: Map<string, string> } {
  const args: string[] = [];
  const from = new Map<string, string>();
  for (const [name, flag] of Object.entries(flags)) {
    const variable = envName(name);
    const value = env[variable];
    if (ARGUMENT_ONLY.includes(name) || value === undefined || value === '' || given(argv, name)) continue;
    from.set(name, variable);
    if (flag.type === 'boolean') {
      const on = SWITCH_VALUES[value.trim().toLowerCase()];
      if (on === undefined) throw new UsageError(`${variable} must be 1, true, yes, 0, false or no, got "${value}"`);
      if (on) args.push(`--${name}`);
    } else if (flag.multiple) {
      for (const item of value.split(/[\s,]+/).filter(Boolean)) args.push(`--${name}=${item}`);
    } else args.push(`--${name}=${value}`);
  }
  return { args, from };
}

/** A usage error about an option the environment gave, saying which variable gave it. */
export function namingVariable(error: UsageError, from: Map<string, string>): UsageError {
  const option = /--([a-z0-9-]+)/.exec(error.message)?.[1];
  const variable = option === undefined ? undefined : from.get(option);
  return variable ? new UsageError(`${error.message} (set by ${variable})`) : error;
}
