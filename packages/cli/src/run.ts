// Runs the tool once: parses the arguments, runs the command, and turns every failure into one
// line on standard error and an exit code (no stack traces).
import { CommanderError } from 'commander';
import { CliError, EXIT } from './errors.ts';
import type { CliIo } from './io.ts';
import { buildProgram } from './program.ts';

/** `argv` without the node and script paths, for example ['db', 'token', 'create', 'my-database']. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help).
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const failure = error instanceof CliError ? error : new CliError(`unexpected failure: ${(error as Error)?.message ?? String(error)}`, EXIT.failure);
    io.stderr.write(`platform: error: ${failure.message}\n`);
    return failure.exitCode;
  }
}
