// A request the mock failed to answer (an area's handler threw, or the mock itself): every door
// answers the same 500 problem, which says what happened but carries no stack and no part of
// the error (its message may quote the request), and the error is reported where the mock runs:
// MockOptions.onError, else the process's standard error (the CLI's, or the test run's output).
// A report leaves out the values of the request's credential and API headers.

import type { DoorAnswer } from './door.ts';
import { problemAnswer } from './door-answers.ts';

/** What the mock reports of a request it failed to answer. */
export interface MockFailure {
  method: string;
  /** The request's path, without its query. */
  path: string;
  /** The error's name and message, then its stack, with the request's header values the contracts name left out. */
  error: string;
}

export type FailureReporter = (failure: MockFailure) => void;

const REDACTED = '[redacted]';

const printFailure: FailureReporter = (failure) =>
  console.error(`platform-mock: ${failure.method} ${failure.path} answered 500, the mock failed: ${failure.error}`);

/** The answer to a request the mock failed to answer: a 500 problem, the same at every door. */
export function failureAnswer(method: string, path: string): DoorAnswer {
  return problemAnswer(
    500,
    'Mock failure',
    `The mock failed while answering ${method} ${path}: a fault of the mock or of an area's behaviour, not of the request. The error is reported where the mock runs (its standard error, or the onError option).`,
  );
}

/**
 * Reports a failure. `secretHeaders` names the request headers whose values never appear in the
 * report (lower case): the credentials and header parameters the contracts declare.
 */
export function reportFailure(
  error: unknown,
  request: { method: string; path: string; headers: Record<string, string> },
  secretHeaders: readonly string[],
  report: FailureReporter = printFailure,
): void {
  const secrets = secretHeaders.flatMap((name) => {
    const value = request.headers[name];
    if (!value) return [];
    // An Authorization header's credentials also appear without their scheme (`Bearer <token>`).
    return [value, ...value.split(/\s+/).slice(1)].filter((secret) => secret.length >= 4);
  });
  let text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  for (const secret of secrets.sort((a, b) => b.length - a.length)) text = text.split(secret).join(REDACTED);
  try {
    report({ method: request.method, path: request.path, error: text });
  } catch {
    // A reporter that throws must not turn the 500 into a rejected call.
  }
}
