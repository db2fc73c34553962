// Yes/no questions on the tool's own streams (a terminal, or a test's input).
import { Writable } from 'node:stream';
import { confirm } from '@inquirer/prompts';
import { CliError, EXIT } from './errors.ts';
import type { CliIo } from './io.ts';

/** The answer; Ctrl+C or a closed input ends the tool with `onCancel` (exit 1). */
export async function ask(io: CliIo, message: string, defaultAnswer: boolean, onCancel: string): Promise<boolean> {
  try {
    return await confirm({ message, default: defaultAnswer }, { input: io.stdin, output: promptOutput(io) });
  } catch (error) {
    if ((error as Error).name === 'ExitPromptError' || (error as Error).name === 'AbortPromptError') throw new CliError(onCancel, EXIT.failure);
    throw error;
  }
}

/**
 * The prompt ends the stream it writes to when it is done; Node never ends process.stdout that
 * way, but an injected stream would be, so it gets a stream of its own that forwards the text.
 */
function promptOutput(io: CliIo): NodeJS.WritableStream {
  if (io.stdout === process.stdout) return process.stdout;
  return new Writable({ write: (chunk, encoding, done) => void io.stdout.write(chunk, encoding, done) });
}
