// Everything the tool touches outside itself, so that tests can run it in process.
import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  /** Where a relative `--dotenv` file is resolved. */
  cwd: string;
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Whether someone can answer a prompt (stdin and stdout are a terminal, or a test answers). */
  interactive: boolean;
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  };
}
