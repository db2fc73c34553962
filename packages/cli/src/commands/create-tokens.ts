// `platform db token create [DATABASE_ID] [--read-only] [--expiry 30d] [--no-save]`
import path from 'node:path';
import { createDatabaseTokens } from '@platform-contracts/client';
import { call, connect, databaseIdFrom, type ApiOptions } from '../api.ts';
import { TOKEN_VARIABLE } from '../env-file.ts';
import { parseExpiry } from '../expiry.ts';
import type { CliIo } from '../io.ts';
import { ask } from '../prompt.ts';
import { kindLabel, printJson, printTokens, saveTokenTo, tokenToSave } from './output.ts';

export interface CreateOptions extends ApiOptions {
  readOnly?: boolean;
  expiry?: string;
  /** False with --no-save. */
  save: boolean;
  dotenv: string;
  json?: boolean;
}

export async function createTokens(databaseIdArgument: string | undefined, options: CreateOptions, io: CliIo): Promise<void> {
  const expiresInDays = parseExpiry(options.expiry);
  const databaseId = databaseIdFrom(databaseIdArgument, io);
  const api = connect(options, io);
  const issued = await call(api, databaseId, () =>
    createDatabaseTokens(api.client, databaseId, {
      kinds: options.readOnly ? ['read_only'] : ['full_access', 'read_only'],
      ...(expiresInDays === undefined ? {} : { expires_in_days: expiresInDays }),
    }),
  );
  if (options.json) return printJson(io, issued);
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
  if (await ask(io, question, true, 'cancelled: the tokens above were not saved')) saveTokenTo(io, file, token, issued.database_url);
}
