// How a contract violation is told: one block naming the operation (or that none matched), each
// violation, and the request as the journal keeps it (secrets already redacted). Shared by
// `onViolation` ('warn' prints it, 'fail' fails the test with it) and the vitest fixtures.
import { type JournalInput, type RequestEntry, redactKey } from './journal.ts';

/** A request that broke the contract, or an answer that did, failing the test that sent it (`onViolation: 'fail'`). */
export class ContractViolationError extends Error {
  override name = 'ContractViolationError';
  constructor(
    message: string,
    /** The requests, as the journal recorded them. */
    readonly requests: readonly (RequestEntry | JournalInput)[],
  ) {
    super(message);
  }
}

const MAX_BODY_SHOWN = 300;

/** One request and what it broke, as lines. */
export function describeViolation(entry: RequestEntry | JournalInput): string {
  const body =
    'bodyText' in entry
      ? entry.bodyText
      : 'body' in entry && entry.body !== undefined
        ? typeof entry.body === 'string'
          ? entry.body
          : JSON.stringify(entry.body, (_, value) => (typeof value === 'bigint' ? value.toString() : value))
        : undefined;
  const query = new URLSearchParams(
    Object.entries(entry.query).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]])),
  ).toString();
  const target = `${entry.method} ${entry.path}${query ? `?${query}` : ''}`;
  const broken = entry.violations.some((v) => v.location[0] === 'response');
  const what =
    entry.operationId === undefined
      ? `${target} matches no operation of the platform API`
      : broken
        ? `${entry.operationId} answered with what the contract does not allow (a bug of the mock)`
        : `${entry.operationId} was sent a request the contract does not allow`;
  const lines = [
    `${what}:`,
    ...entry.violations.map((v) => `  - ${v.location.join('.')}: ${v.message}`),
    `  request: ${target}${body === undefined ? '' : ` ${body.length > MAX_BODY_SHOWN ? `${body.slice(0, MAX_BODY_SHOWN)}…` : body}`}`,
    `  answered: ${entry.status === 0 ? 'nothing (a network fault)' : entry.status}`,
  ];
  return lines.join('\n');
}

/** The error for a test's violations: each request and what it broke. */
export function violationError(namespace: string, entries: readonly (RequestEntry | JournalInput)[], moreThanShown = 0): ContractViolationError {
  const count = entries.length + moreThanShown;
  const heading = `${count} request${count === 1 ? '' : 's'} of access key ${redactKey(namespace)} broke the platform API's contract (onViolation: 'fail'; the client may have ignored the answer):`;
  const more = moreThanShown > 0 ? [`…and ${moreThanShown} more (the journal keeps the first ${entries.length})`] : [];
  return new ContractViolationError([heading, ...entries.map(describeViolation), ...more].join('\n\n'), entries);
}
