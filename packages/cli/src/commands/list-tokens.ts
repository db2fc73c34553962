// `platform db token list [DATABASE_ID]`: every token of the database, valid or not, without
// secret values (the API never gives them back), as a table or, with --json, the API's answer.
import { listDatabaseTokens } from '@platform-contracts/client';
import { type ApiOptions, call, connect, databaseIdFrom } from '../api.ts';
import type { CliIo } from '../io.ts';
import { kindLabel, printJson } from './output.ts';

export interface ListOptions extends ApiOptions {
  json?: boolean;
}

export async function listTokens(databaseIdArgument: string | undefined, options: ListOptions, io: CliIo): Promise<void> {
  const databaseId = databaseIdFrom(databaseIdArgument, io);
  const api = connect(options, io);
  const list = await call(api, databaseId, () => listDatabaseTokens(api.client, databaseId));
  if (options.json) return printJson(io, list);
  const valid = list.tokens.filter((token) => token.valid).length;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  io.stdout.write(`Database ${list.database_id}: ${count(list.tokens.length, 'token')}, ${valid} valid.\n`);
  if (list.tokens.length === 0) return;
  const rows = [
    ['ID', 'KIND', 'CREATED', 'EXPIRES', 'VALID'],
    ...list.tokens.map((token) => [token.id, kindLabel(token.kind), token.created_at, token.expires_at ?? 'never', token.valid ? 'yes' : 'no']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    io.stdout.write(
      `  ${row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()}\n`,
    );
}
