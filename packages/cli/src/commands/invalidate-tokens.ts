// `platform db token invalidate [DATABASE_ID] [--force] [--regenerate] [--save-env]`
import path from 'node:path';
import { invalidateDatabaseTokens } from '@platform-contracts/client';
import { type ApiOptions, call, connect, databaseIdFrom } from '../api.ts';
import { CliError, EXIT } from '../errors.ts';
import type { CliIo } from '../io.ts';
import { ask } from '../prompt.ts';
import { printJson, printTokens, saveTokenTo, tokenToSave } from './output.ts';

export interface InvalidateOptions extends ApiOptions {
  force?: boolean;
  yes?: boolean;
  regenerate?: boolean;
  saveEnv?: boolean;
  dotenv: string;
  json?: boolean;
}

export async function invalidateTokens(databaseIdArgument: string | undefined, options: InvalidateOptions, io: CliIo): Promise<void> {
  if (options.saveEnv && !options.regenerate) {
    throw new CliError('--save-env saves the regenerated token and requires --regenerate', EXIT.usage);
  }
  const databaseId = databaseIdFrom(databaseIdArgument, io);
  const api = connect(options, io);
  if (!options.force && !options.yes) {
    if (options.json) throw new CliError('refusing to invalidate tokens without confirmation: --json never asks; pass --yes', EXIT.usage);
    if (!io.interactive) throw new CliError('refusing to invalidate tokens without confirmation: no terminal to ask; pass --yes (or --force)', EXIT.usage);
    const question = `Invalidate ALL tokens for database ${databaseId}? Every connection using them fails at once.`;
    if (!(await ask(io, question, false, 'cancelled: nothing changed'))) throw new CliError('not confirmed: nothing changed', EXIT.failure);
  }
  const outcome = await call(api, databaseId, () => invalidateDatabaseTokens(api.client, databaseId, { regenerate: Boolean(options.regenerate) }));
  const token = tokenToSave(outcome.tokens);
  const file = path.resolve(io.cwd, options.dotenv);
  if (options.json) {
    if (!options.saveEnv || !token) return printJson(io, outcome);
    try {
      saveTokenTo(io, file, token, outcome.database_url, { quiet: true });
    } catch (error) {
      printJson(io, outcome); // the new tokens are not lost when the file cannot be written
      throw error;
    }
    return printJson(io, { ...outcome, saved_to: file });
  }
  io.stdout.write(`Invalidated ${outcome.invalidated} ${outcome.invalidated === 1 ? 'token' : 'tokens'} of database ${outcome.database_id}.\n`);
  if (outcome.tokens.length === 0) return;
  printTokens(io, outcome.tokens);
  if (options.saveEnv && token) saveTokenTo(io, file, token, outcome.database_url);
}
