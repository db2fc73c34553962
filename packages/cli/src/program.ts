// The command tree: platform db token create|invalidate|list, with the API options on the root.
// Commander's own error output is silenced: run.ts prints every usage error (`platform: error:`, or JSON with --json).

import { readFileSync } from 'node:fs';
import { type Argument, Command, Help, InvalidArgumentError, Option } from 'commander';
import { ACCESS_KEY_VARIABLE, API_URL_VARIABLE, DATABASE_ID_VARIABLE } from './api.ts';
import { createTokens } from './commands/create-tokens.ts';
import { invalidateTokens } from './commands/invalidate-tokens.ts';
import { listTokens } from './commands/list-tokens.ts';
import { TOKEN_VARIABLE, URL_VARIABLE } from './env-file.ts';
import { CliError, EXIT, EXIT_CODES_HELP } from './errors.ts';
import type { CliIo } from './io.ts';

/** The tool's version, from its package.json (one folder up from src/ and from dist/ alike). */
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const DATABASE_ID_HELP = `ID of the database (default: ${DATABASE_ID_VARIABLE})`;
// Not `--env-file`: Node 20 takes that option for itself even after the script's name (nodejs/node#54232).
const envFileOption = () => new Option('--dotenv <path>', 'the environment file to save to').default('.env', '.env');
/** `--env-file`, hidden, says what replaced it (Node 22+ passes it through; Node 20 takes it first). */
const oldEnvFileOption = () =>
  new Option('--env-file <path>').hideHelp().argParser(() => {
    throw new CliError('--env-file is now --dotenv (Node takes --env-file for itself)', EXIT.usage);
  });

/** `--timeout 30` (seconds, fractions allowed) in milliseconds. */
function parseTimeout(text: string): number {
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0)) throw new InvalidArgumentError('write a number of seconds above 0, for example 30');
  return Math.round(seconds * 1000);
}

export function buildProgram(io: CliIo): Command {
  const program = new Command('platform')
    .description('The platform command-line tool: manage database access tokens.')
    .addOption(new Option('--api-url <url>', `base URL of the management API (default: ${API_URL_VARIABLE})`))
    .addOption(new Option('--access-key <key>', `API access key (default: ${ACCESS_KEY_VARIABLE}, which keeps it out of process lists)`))
    .addOption(new Option('--timeout <seconds>', 'time limit of each request to the API').default(30_000, '30').argParser(parseTimeout))
    .option('--json', 'print the result as one JSON object on standard output (and errors as JSON on standard error); never prompts')
    .version(VERSION, '-V, --version', 'print the version');

  const token = program
    .command('db')
    .description('Databases.')
    .command('token')
    .description('Database access tokens: Full Access (read and write) and Read Only.');

  const create = token
    .command('create')
    .description('Generate a Full Access and a Read Only token; existing tokens stay valid. Prints them once.')
    .argument('[DATABASE_ID]', DATABASE_ID_HELP)
    .option('-r, --read-only', 'generate only a Read Only token (SELECT and read operations)')
    .option('-e, --expiry <duration>', 'expire after a number of days, written with the suffix d (for example 30d), or never (the default)')
    .option('--expiration <duration>', 'the same as --expiry (the name turso uses)')
    .option(
      '-t, --token-only',
      'generate one token (Full Access, or Read Only with --read-only) and print only it, for scripts: TOKEN=$(platform db token create --token-only); never asks to save',
    )
    .option('--no-save', `do not offer to save the token to the environment file as ${TOKEN_VARIABLE}`)
    .addOption(envFileOption())
    .addOption(oldEnvFileOption())
    .addHelpText('after', `\nUnless --no-save, asks to save the token as ${TOKEN_VARIABLE}\n(and ${URL_VARIABLE} when the file has none).`)
    .action((databaseId: string | undefined, _options, command: Command) => createTokens(databaseId, command.optsWithGlobals(), io));

  const invalidate = token
    .command('invalidate')
    .description('Invalidate all tokens for the database at once; connections using them fail.')
    .argument('[DATABASE_ID]', DATABASE_ID_HELP)
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal)')
    .option('--force', 'the same as --yes')
    .option('--regenerate', 'generate a new Full Access and Read Only token at once')
    .option('--save-env', `save the regenerated Full Access token to the environment file as ${TOKEN_VARIABLE} (requires --regenerate)`)
    .addOption(envFileOption())
    .addOption(oldEnvFileOption())
    .action((databaseId: string | undefined, _options, command: Command) => invalidateTokens(databaseId, command.optsWithGlobals(), io));

  const list = token
    .command('list')
    .description('List every token of the database, valid or not, with its kind and expiry (never the secret values).')
    .argument('[DATABASE_ID]', DATABASE_ID_HELP)
    .action((databaseId: string | undefined, _options, command: Command) => listTokens(databaseId, command.optsWithGlobals(), io));

  // `platform --help` and `platform db token --help` list every option of every command, not only their names.
  const tokenOptions = () => [create, invalidate, list].map(optionsOf).join('');
  token.addHelpText('after', tokenOptions);
  program.addHelpText('after', () => `\nCommands in full:\n${fullUsage()}\n${tokenOptions()}${EXIT_CODES_HELP}`);

  for (const command of [program, ...allSubcommands(program)]) {
    command
      .exitOverride()
      .helpOption('-h, --help', 'show this help')
      .configureHelp(HELP)
      .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: () => {}, outputError: () => {} });
  }
  program.helpCommand('help [command]', 'show the help of a command');
  return program;
}

/**
 * Help in the voice of the repository's other commands (the mock's, the scripts'): descriptions
 * as sentences, defaults as `(default: X)`, lines wrapped at 100 characters whatever the terminal.
 */
const HELP_WIDTH = 100;
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const base = new Help();
const HELP = {
  showGlobalOptions: true,
  helpWidth: HELP_WIDTH,
  optionDescription: (option: Option) => sentence(base.optionDescription(option)),
  argumentDescription: (argument: Argument) => sentence(base.argumentDescription(argument)),
  subcommandDescription: (command: Command) => sentence(base.subcommandDescription(command)),
};

function allSubcommands(command: Command): Command[] {
  return command.commands.flatMap((sub) => [sub, ...allSubcommands(sub)]);
}

/** One command's own options, formatted as commander formats them in the command's own help; nothing for a command without any. */
function optionsOf(command: Command): string {
  const help = Object.assign(new Help(), HELP);
  const options = help.visibleOptions(command).filter((option) => option.long !== '--help');
  if (options.length === 0) return '';
  const width = Math.max(...options.map((option) => help.optionTerm(option).length));
  const lines = options.map((option) => help.formatItem(help.optionTerm(option), width, help.optionDescription(option), help));
  return `\nOptions of "${command.name()}":\n${lines.join('\n')}\n`;
}

function fullUsage(): string {
  const help = Object.assign(new Help(), HELP);
  return [
    'platform db token create [DATABASE_ID] [-r|--read-only] [-e|--expiry|--expiration 30d|never] [-t|--token-only] [--no-save] [--dotenv .env]',
    'platform db token invalidate [DATABASE_ID] [-y|--yes|--force] [--regenerate] [--save-env] [--dotenv .env]',
    'platform db token list [DATABASE_ID]',
    `Every command takes --api-url (or ${API_URL_VARIABLE}), --access-key (or ${ACCESS_KEY_VARIABLE}), --timeout and --json.`,
  ]
    .map((line) => `  ${help.boxWrap(line, HELP_WIDTH - 2).replaceAll('\n', '\n    ')}`)
    .join('\n');
}
