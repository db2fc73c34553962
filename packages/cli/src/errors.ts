// What the tool can end with: an exit code per kind of failure, and a one-line message.

/** Exit codes, also listed in `platform --help`. */
export const EXIT = {
  ok: 0,
  /** The service failed, the network failed, or the user declined. */
  failure: 1,
  /** A bad option or argument: an expiry like `30x` or `0d`, `--save-env` without `--regenerate`, no terminal to confirm. */
  usage: 2,
  /** No API URL or access key, the access key was refused, or the API URL is not the API's (404 from a wrong path). */
  config: 3,
  /** No database with that ID. */
  unknownDatabase: 4,
  /** The environment file cannot be read or written. */
  envFile: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the tool explains in one line; never carries a token or the access key. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

export const EXIT_CODES_HELP = `
Exit codes:
  0  Done
  1  The service or the network failed, or the answer was no
  2  Usage: a bad option or argument (for example --expiry 30x or 0d, --save-env without
     --regenerate, or invalidate without a terminal and without --force)
  3  No API URL or access key, the access key was refused, or the API URL is wrong
     (the server has no such path: 404 without the API's error body)
  4  No database with that ID
  5  The environment file cannot be read or written
`;
