// `platform db token create [DATABASE_ID] [--read-only] [--expiry 30d] [--no-save] [--token-only]`
import path from 'node:path';
import { createDatabaseTokens } from '@platform-contracts/client';
import { type ApiOptions, call, connect, databaseIdFrom } from '../api.ts';
import { TOKEN_VARIABLE } from '../env-file.ts';
import { CliError, EXIT } from '../errors.ts';
import { parseExpiry } from '../expiry.ts';
import type { CliIo } from '../io.ts';
import { ask } from '../prompt.ts';
import { kindLabel, printJson, printTokens, saveTokenTo, tokenToSave } from './output.ts';

export interface CreateOptions extends ApiOptions {
  readOnly?: boolean;
  expiry?: string;
  /** turso's name for --expiry. */
  expiration?: string;
  /** Generate one token and print only it (for `$(...)`): Full Access, or Read Only with --read-only. */
  tokenOnly?: boolean;
  /** False with --no-save. */
  save: boolean;
  dotenv: string;
  json?: boolean;
}

export async function createTokens(databaseIdArgument: string | undefined, options: CreateOptions, io: CliIo): Promise<void> {
  if (options.expiry !== undefined && options.expiration !== undefined && options.expiry !== options.expiration) {
    throw new CliError(
      `--expiry ${options.expiry} and --expiration ${options.expiration} disagree: --expiration is another name for --expiry; give one`,
      EXIT.usage,
    );
  }
  if (options.tokenOnly && options.json) throw new CliError('--token-only and --json are two different outputs; give one', EXIT.usage);
  const expiresInDays = parseExpiry(options.expiry ?? options.expiration);
  const databaseId = databaseIdFrom(databaseIdArgument, io);
  const api = connect(options, io);
  const kinds = options.readOnly ? (['read_only'] as const) : options.tokenOnly ? (['full_access'] as const) : (['full_access', 'read_only'] as const);
  const issued = await call(api, databaseId, () =>
    createDatabaseTokens(api.client, databaseId, {
      kinds: [...kinds],
      ...(expiresInDays === undefined ? {} : { expires_in_days: expiresInDays }),
    }),
  );
  if (options.json) return printJson(io, issued);
  if (options.tokenOnly) {
    io.stdout.write(`${issued.tokens[0]!.token}\n`);
    return;
  }
  io.stdout.write(`Database ${issued.database_id} (${issued.database_url}). Existing tokens stay valid.\n`);
  printTokens(io, issued.tokens);

  const token = tokenToSave(issued.tokens);
  if (!options.save || !token) return;
  const file = path.resolve(io.cwd, options.dotenv);
  if (!io.interactive) {
    io.stdout.write(`Not saved to ${options.dotenv}: no terminal to ask. Set ${TOKEN_VARIABLE} yourself (--no-save skips this note).\n`);
    return;
  }
  const question = `Save the ${kindLabel(token.kind)} token to ${options.dotenv} as ${TOKEN_VARIABLE}?`;
  if (
    await ask(
      io,
      question,
      true,
      `cancelled: the ${issued.tokens.length === 1 ? 'token' : 'tokens'} above ${issued.tokens.length === 1 ? 'was' : 'were'} not saved`,
    )
  )
    saveTokenTo(io, file, token, issued.database_url);
}
