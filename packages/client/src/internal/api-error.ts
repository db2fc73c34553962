// The failure answer's error, apart from the rest of errors.ts: an area's client module defines
// its subclass at import, so this is loaded up front, while everything else about failures
// (network errors, redaction) loads with a call's first failure (failure.ts).

/** Which call failed. */
export interface CallInfo {
  /** The HTTP method, for example `GET`. */
  method: string;
  /** The request path with its parameters filled in, without the base URL and the query. */
  path: string;
  /** The answer's `X-Request-Id` (or `Request-Id`) header; undefined when the server sent none. */
  requestId?: string | undefined;
}

export interface ApiErrorInit<Status extends number, Body> extends CallInfo {
  status: Status;
  body: Body;
  /** The message (a call writes it from the body); default `<method> <path> answered <status>`. */
  message?: string;
}

/**
 * The service answered with a failure status (4xx or 5xx). `status` narrows `body` to the error
 * body the contract documents for that status (undefined where it documents none). Each area
 * has its subclass (`VideoApiError`, ...), thrown by its calls and by its helpers alike.
 */
export abstract class PlatformApiError<Status extends number = number, Body = unknown> extends Error {
  /** The area that answered, for example `video`. */
  abstract readonly area: string;
  // Declared only (the constructor sets them, in this order): no class field code in the up-front bundle.
  declare readonly status: Status;
  /** The error body as the contract describes it for `status`; undefined for an empty answer. */
  declare readonly body: Body;
  declare readonly method: string;
  declare readonly path: string;
  /** The server's request ID, when it sent one (quote it to support). */
  declare readonly requestId: string | undefined;

  constructor({ status, body, method, path, requestId, message }: ApiErrorInit<Status, Body>) {
    super(message ?? `${method} ${path} answered ${status}`);
    this.status = status;
    this.body = body;
    this.method = method;
    this.path = path;
    this.requestId = requestId;
  }

  toJSON() {
    const { name, area, status, method, path, requestId, body, message } = this;
    return { name, area, status, method, path, requestId, body, message };
  }
}
