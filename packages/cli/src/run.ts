// Runs the tool once: parses the arguments, runs the command, and turns every failure (usage
// errors commander finds included) into one line on standard error and an exit code (no stack
// traces). With --json the line is a JSON object. The access key never appears in what it prints.
import { CommanderError } from 'commander';
import { accessKeyOf } from './api.ts';
import { CliError, EXIT } from './errors.ts';
import type { CliIo } from './io.ts';
import { buildProgram } from './program.ts';

/** `argv` without the node and script paths, for example ['db', 'token', 'create', 'my-database']. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    // Commander has printed the help or the version itself; its errors are printed here.
    if (error instanceof CommanderError && error.exitCode === 0) return EXIT.ok;
    const failure =
      error instanceof CommanderError
        ? new CliError(usageMessage(error), EXIT.usage)
        : error instanceof CliError
          ? error
          : new CliError(`unexpected failure: ${(error as Error)?.message ?? String(error)}`, EXIT.failure);
    const options = program.opts<{ json?: boolean; accessKey?: string }>();
    // A usage error can stop parsing before --json is read, so the arguments are asked too.
    const flags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
    const json = options.json === true || flags.includes('--json');
    const key = accessKeyOf(options, io);
    const message = key ? failure.message.split(key).join('[redacted]') : failure.message;
    io.stderr.write(json ? `${JSON.stringify({ error: { message, exitCode: failure.exitCode } })}\n` : `platform: error: ${message}\n`);
    return failure.exitCode;
  }
}

/**
 * Commander's message in the voice of the repository's other commands (the mock's, the scripts'):
 * without its `error: ` prefix, options named bare, and where the options are listed.
 */
function usageMessage(error: InstanceType<typeof CommanderError>): string {
  if (error.code === 'commander.help') return 'no command given: use platform db token create, invalidate or list (`platform --help` lists them)';
  const message = error.message
    .replace(/^error: /, '')
    .replace(/^(unknown option|unknown command) '([^']+)'/, '$1 $2')
    .replace(/^option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/, '$1 needs a value')
    .replace(/^option '(?:-\w, )?(--[\w-]+)[^']*' argument '([^']*)' is invalid\. /, '$1 $2 is not valid: ');
  return `${message} (\`platform --help\` lists the options)`;
}
