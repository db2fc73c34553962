// Runs the tool once: parses the arguments, runs the command, and turns every failure into one
// line on standard error and an exit code (no stack traces). With --json the line is a JSON
// object. The access key never appears in what it prints.
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
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help, or the version).
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const failure = error instanceof CliError ? error : new CliError(`unexpected failure: ${(error as Error)?.message ?? String(error)}`, EXIT.failure);
    const options = program.opts<{ json?: boolean; accessKey?: string }>();
    const key = accessKeyOf(options, io);
    const message = key ? failure.message.split(key).join('[redacted]') : failure.message;
    io.stderr.write(options.json ? `${JSON.stringify({ error: { message, exitCode: failure.exitCode } })}\n` : `platform: error: ${message}\n`);
    return failure.exitCode;
  }
}
