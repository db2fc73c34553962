// What the validation proxy takes (`startMock({ proxy })`, `--proxy`), what it offers while it runs
// and what it wrote when closed; the options checked before anything starts.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DriftReport } from './drift-report.ts';
import type { ExchangeListener } from './exchange.ts';
import type { RecordedFile } from './recorder.ts';
import { ProxyOptionError } from './targets.ts';

export interface ProxyOptions {
  /**
   * Where the platform is: one base URL for every area, or one per group of areas as the
   * contracts' servers name them: `{ api: 'https://api.staging.example', video: '...', database: '...' }`
   * (`{api_base_url}`, `{video_base_url}`, `{database_host}`). The proxy forwards to these only.
   */
  to: string | Record<string, string> | string[];
  /** Forward only these operations (operationIds, or area names for all of an area's calls and its WebSocket); the mock answers the rest. */
  proxyOnly?: string[];
  /** Let the mock answer these operations (or areas); the proxy forwards the rest. */
  mockOnly?: string[];
  /** Write the drift report here when the mock closes (JSON), with a readable summary beside it (`.md`). */
  driftReport?: string;
  /** Write the upstream's answers here when the mock closes, as candidate examples (see recorder.ts). */
  record?: string;
  /** Time for one upstream exchange (connect, answer, body); beyond it the proxy answers 504. Default 30 s. */
  timeoutMs?: number;
  /** Largest upstream answer (or WebSocket message) read; beyond it the proxy answers 502. Default 16 MiB. */
  maxAnswerBytes?: number;
}

/** What `mock.proxy` offers while the proxy runs. */
export interface ProxyHandle {
  /** Each upstream group and the base URL it forwards to. */
  upstreams: Record<string, string>;
  /** The operations it forwards (the mock answers the others). */
  proxied: string[];
  /** The drift report of the traffic so far (once the mock closed, the final one). */
  report(): DriftReport;
  /** Calls the listener with every proxied exchange (the one place they are reported); returns a function that stops it. */
  onExchange(listener: ExchangeListener): () => void;
}

/** What closing the proxy wrote. */
export interface ProxyClosing {
  report: DriftReport;
  summary: string;
  files: string[];
  recorded: RecordedFile[];
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export function proxyOptionsOf(proxy: string | ProxyOptions): ProxyOptions {
  return typeof proxy === 'string' ? { to: proxy } : proxy;
}

/** The report and the recordings are written when the proxy stops: a place that cannot take them is refused now, not after the run. */
export function checkWritable(options: ProxyOptions) {
  const places: [string, string | undefined][] = [
    ['--drift-report (proxy.driftReport)', options.driftReport && path.dirname(path.resolve(options.driftReport))],
    ['--record (proxy.record)', options.record && (existsSync(options.record) ? options.record : path.dirname(path.resolve(options.record)))],
  ];
  for (const [what, folder] of places) {
    if (!folder) continue;
    try {
      if (!statSync(folder).isDirectory()) throw new Error('not a folder');
      accessSync(folder, constants.W_OK);
    } catch (error) {
      throw new ProxyOptionError(`${what}: cannot write into ${folder} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

/** Checks the options' shape; the groups and names are checked against the contracts by createProxy. */
export function checkLimits(options: ProxyOptions) {
  for (const [name, value] of [
    ['timeoutMs', options.timeoutMs],
    ['maxAnswerBytes', options.maxAnswerBytes],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      throw new ProxyOptionError(`proxy.${name} is a whole number above 0 (got ${JSON.stringify(value)})`);
  }
}
