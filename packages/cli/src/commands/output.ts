// What the token commands print: new tokens (the one time they are shown) and saving them.
import type { Database } from '@platform-contracts/client';
import { saveDatabaseEnv } from '../env-file.ts';
import { CliError } from '../errors.ts';
import type { CliIo } from '../io.ts';

type IssuedToken = Database.IssuedDatabaseToken;

const KIND_LABEL: Record<IssuedToken['kind'], string> = { full_access: 'Full Access', read_only: 'Read Only' };
export const kindLabel = (kind: IssuedToken['kind']) => KIND_LABEL[kind];

/** The only place a token is written: standard output, once, right after it was generated. */
export function printTokens(io: CliIo, tokens: readonly IssuedToken[]): void {
  const one = tokens.length === 1;
  const expiresAt = tokens[0]?.expires_at;
  const expiry = expiresAt ? `${one ? 'it expires' : 'they expire'} at ${expiresAt}` : `${one ? 'it never expires' : 'they never expire'}`;
  io.stdout.write(`${one ? 'New token' : 'New tokens'} (${expiry}):\n`);
  for (const token of tokens) io.stdout.write(`  ${kindLabel(token.kind).padEnd(12)} ${token.token}\n`);
  io.stdout.write(`${one ? 'It is' : 'They are'} shown only this once: keep ${one ? 'it' : 'them'} somewhere safe.\n`);
}

/** The token a .env file gets: the Full Access one when there is one. */
export const tokenToSave = (tokens: readonly IssuedToken[]) => tokens.find((token) => token.kind === 'full_access') ?? tokens[0];

/** `--json`: the answer as one JSON object, the only thing on standard output. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}

export function saveTokenTo(io: CliIo, file: string, token: IssuedToken, databaseUrl: string, { quiet = false } = {}): void {
  let written: string[];
  try {
    written = saveDatabaseEnv(file, token.token, databaseUrl);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${error.message}; the new tokens are printed above`, error.exitCode);
    throw error;
  }
  if (!quiet) io.stdout.write(`Saved the ${kindLabel(token.kind)} token to ${file} (${written.join(', ')}).\n`);
}
