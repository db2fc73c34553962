// The command tree: platform db token create|invalidate, with the API options on the root.
import { Command, Help, Option } from 'commander';
import { ACCESS_KEY_VARIABLE, API_URL_VARIABLE, DATABASE_ID_VARIABLE } from './api.ts';
import { createTokens } from './commands/create-tokens.ts';
import { invalidateTokens } from './commands/invalidate-tokens.ts';
import { TOKEN_VARIABLE, URL_VARIABLE } from './env-file.ts';
import { EXIT_CODES_HELP } from './errors.ts';
import type { CliIo } from './io.ts';

const DATABASE_ID_HELP = `ID of the database (default: ${DATABASE_ID_VARIABLE})`;
const envFileOption = () => new Option('--env-file <path>', 'the environment file to save to').default('.env');

export function buildProgram(io: CliIo): Command {
  const program = new Command('platform')
    .description('The platform command-line tool: manage database access tokens.')
    .addOption(new Option('--api-url <url>', `base URL of the management API (default: ${API_URL_VARIABLE})`))
    .addOption(new Option('--access-key <key>', `API access key (default: ${ACCESS_KEY_VARIABLE}, which keeps it out of process lists)`))
    .showHelpAfterError('(run with --help for usage)');

  const token = program
    .command('db')
    .description('Databases.')
    .command('token')
    .description('Database access tokens: Full Access (read and write) and Read Only.');

  const create = token
    .command('create')
    .description('Generate a Full Access and a Read Only token; existing tokens stay valid. Prints them once.')
    .argument('[DATABASE_ID]', DATABASE_ID_HELP)
    .option('--read-only', 'generate only a Read Only token (SELECT and read operations)')
    .option('--expiry <duration>', 'expire after a number of days, written with the suffix d (for example 30d); default: never')
    .option('--no-save', `do not offer to save the token to the environment file as ${TOKEN_VARIABLE}`)
    .addOption(envFileOption())
    .addHelpText('after', `\nUnless --no-save, asks to save the token as ${TOKEN_VARIABLE} (and ${URL_VARIABLE} when the file has none).`)
    .action((databaseId: string | undefined, _options, command: Command) => createTokens(databaseId, command.optsWithGlobals(), io));

  const invalidate = token
    .command('invalidate')
    .description('Invalidate all tokens for the database at once; connections using them fail.')
    .argument('[DATABASE_ID]', DATABASE_ID_HELP)
    .option('--force', 'do not ask for confirmation (required without a terminal)')
    .option('--regenerate', 'generate a new Full Access and Read Only token at once')
    .option('--save-env', `save the regenerated Full Access token to the environment file as ${TOKEN_VARIABLE} (requires --regenerate)`)
    .addOption(envFileOption())
    .action((databaseId: string | undefined, _options, command: Command) => invalidateTokens(databaseId, command.optsWithGlobals(), io));

  // `platform --help` and `platform db token --help` list every option of both commands, not only their names.
  const tokenOptions = () => `\n${optionsOf(create)}\n\n${optionsOf(invalidate)}`;
  token.addHelpText('after', tokenOptions);
  program.addHelpText('after', () => `\nCommands in full:\n${fullUsage()}\n${tokenOptions()}\n${EXIT_CODES_HELP}`);

  for (const command of [program, ...allSubcommands(program)]) {
    command
      .exitOverride()
      .configureHelp({ showGlobalOptions: true })
      .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  }
  return program;
}

function allSubcommands(command: Command): Command[] {
  return command.commands.flatMap((sub) => [sub, ...allSubcommands(sub)]);
}

/** One command's options, formatted as commander formats them in the command's own help. */
function optionsOf(command: Command): string {
  const help = new Help();
  const options = help.visibleOptions(command).filter((option) => option.long !== '--help');
  const width = Math.max(...options.map((option) => help.optionTerm(option).length));
  const lines = options.map((option) => `  ${help.optionTerm(option).padEnd(width)}  ${help.optionDescription(option)}`);
  return `Options of "${command.name()}":\n${lines.join('\n')}`;
}

function fullUsage(): string {
  return [
    '  platform db token create [DATABASE_ID] [--read-only] [--expiry 30d] [--no-save] [--env-file .env]',
    '  platform db token invalidate [DATABASE_ID] [--force] [--regenerate] [--save-env] [--env-file .env]',
    `  Every command takes --api-url (or ${API_URL_VARIABLE}) and --access-key (or ${ACCESS_KEY_VARIABLE}).`,
  ].join('\n');
}
