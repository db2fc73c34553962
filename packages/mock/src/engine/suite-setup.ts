// What a test suite's setup (the vitest fixtures) may ask of an area, the same for every area, so
// that the fixtures call it without knowing the area: an area offers it as its definition's
// `suite` (engine/area.ts). Every request it sends is marked as a setup request (not in the
// journal a test reads, nor in coverage).

/** A request an area's suite setup sends through the mock's own handler. */
export interface SuiteRequest {
  method: string;
  /** Path and query. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface AreaSuiteSetup {
  /**
   * Readies what the area's first request would wait for (the database's engine), before the
   * suite's first test; `send` answers as the mock does, `info` is the area's `mock.areas.<name>`.
   */
  warmUp?(send: (request: SuiteRequest) => Promise<{ status: number; text: string }>, info: unknown): Promise<void>;
  /**
   * What a test's namespace gets of the area, asked through the API at `api.url` with `api.fetch`
   * (the database's tokens for its database `name`); `api.inProcess` when only the mock's fetch
   * reaches `api.url`.
   */
  fixture?(api: { url: string; fetch: typeof globalThis.fetch; inProcess: boolean }, accessKey: string, name: string): Promise<unknown>;
  /** The fixture on a mock that does not serve the area: reading it says why. */
  absent?(name: string): unknown;
  /** A client on the fixture (the database's `@libsql/client`, the `db` fixture) through `fetch`, and how to close it. */
  client?(fixture: unknown, fetch: typeof globalThis.fetch): Promise<{ client: unknown; close(): void }>;
}
