// Token expiry as the command line writes it: a whole number of days with the suffix d (30d), or never.
import { CliError, EXIT } from './errors.ts';

const DAYS = /^(\d+)d$/;
/** The contract's maximum of `expires_in_days` (CreateDatabaseTokensRequest), checked against the bundle by test/cli/usage.test.ts. */
export const MAX_DAYS = 36_500;

/** The number of days of `--expiry`, or undefined when it was not given or is `never`. */
export function parseExpiry(text: string | undefined): number | undefined {
  if (text === undefined || text.trim().toLowerCase() === 'never') return undefined;
  const match = DAYS.exec(text.trim());
  if (!match) throw new CliError(`bad expiry "${text}": write a number of days with the suffix d, for example 30d, or never`, EXIT.usage);
  const days = Number(match[1]);
  if (days < 1) throw new CliError(`bad expiry "${text}": a token must last at least 1d`, EXIT.usage);
  if (days > MAX_DAYS) throw new CliError(`bad expiry "${text}": at most ${MAX_DAYS}d`, EXIT.usage);
  return days;
}
