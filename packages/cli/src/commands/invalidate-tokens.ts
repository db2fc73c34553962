// `platform db token invalidate [DATABASE_ID] [--force] [--regenerate] [--save-env]`
import path from 'node:path';
import { invalidateDatabaseTokens } from '@platform/client';
import { call, connect, databaseIdFrom, type ApiOptions } from '../api.ts';
import { CliError, EXIT } from '../errors.ts';
import type { CliIo } from '../io.ts';
import { ask } from '../prompt.ts';
import { printTokens, saveTokenTo, tokenToSave } from './output.ts';

export interface InvalidateOptions extends ApiOptions {
  force?: boolean;
  regenerate?: boolean;
  saveEnv?: boolean;
  envFile: string;
}

export async function invalidateTokens(databaseIdArgument: string | undefined, options: InvalidateOptions, io: CliIo): Promise<void> {
  if (options.saveEnv && !options.regenerate) {
    throw new CliError('--save-env saves the regenerated token and requires --regenerate', EXIT.usage);
  }
  const databaseId = databaseIdFrom(databaseIdArgument, io);
  const api = connect(options, io);
  if (!options.force) {
    if (!io.interactive) throw new CliError('refusing to invalidate tokens without confirmation: no terminal to ask; pass --force', EXIT.usage);
    const question = `Invalidate ALL tokens for database ${databaseId}? Every connection using them fails at once.`;
    if (!(await ask(io, question, false, 'cancelled: nothing changed'))) throw new CliError('not confirmed: nothing changed', EXIT.failure);
  }
  const outcome = await call(api, databaseId, () => invalidateDatabaseTokens(api.client, databaseId, { regenerate: Boolean(options.regenerate) }));
  io.stdout.write(`Invalidated ${outcome.invalidated} ${outcome.invalidated === 1 ? 'token' : 'tokens'} of database ${outcome.database_id}.\n`);
  if (outcome.tokens.length === 0) return;
  printTokens(io, outcome.tokens);
  const token = tokenToSave(outcome.tokens);
  if (options.saveEnv && token) saveTokenTo(io, path.resolve(io.cwd, options.envFile), token, outcome.database_url);
}
