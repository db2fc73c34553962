// `@platform-contracts/mock/testcontainers`: the mock's container image (`pnpm image`) as a
// Testcontainers module, so that a suite starts its own mock in one line:
// `const mock = await new PlatformMockContainer().start()`. Everything it offers goes through the
// mock's control endpoints (/_mock/...), with the same namespace client the vitest fixtures use over
// HTTP; the start-up database tokens are read from the container's log, where the CLI prints them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AbstractStartedContainer,
  GenericContainer,
  getContainerRuntimeClient,
  type StartedTestContainer,
  type StopOptions,
  type StoppedTestContainer,
  Wait,
} from 'testcontainers';
import type { CoverageReport } from './journal/coverage-report.ts';
import type { JournalQuery, RequestEntry } from './journal/journal.ts';
import { connectNamespace, MockControlError, type MockNamespace, type NamespaceControl, remoteCoverage, resetRemote } from './vitest/remote-namespace.ts';

export { MockControlError, type MockNamespace, type NamespaceControl };

/** The port the mock listens on in its image. */
export const PLATFORM_MOCK_PORT = 4010;
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
/** The image `pnpm image` builds for this version of the package. */
export const PLATFORM_MOCK_IMAGE = `localhost/platform-mock:${VERSION}`;
/** How long `stop()` lets the mock finish its requests and write its files before the runtime kills it. */
const STOP_TIMEOUT_MS = 10_000;
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;
const TOKENS_LINE = /Database tokens for this run \(access key `[^`]+`, database ([^)]+)\): Full Access (\S+)\s+Read Only (\S+)/;

/** The start-up tokens of the access key `default`, as the mock prints them. */
export interface PlatformMockTokens {
  databaseId: string;
  fullAccessToken: string;
  readOnlyToken: string;
}

/**
 * The mock's image as a Testcontainers container: its port exposed, ready once it says so, locked
 * down as it can be (read-only root filesystem, every capability dropped, no new privileges).
 */
export class PlatformMockContainer extends GenericContainer {
  constructor(image = PLATFORM_MOCK_IMAGE) {
    super(image);
    this.withExposedPorts(PLATFORM_MOCK_PORT)
      .withWaitStrategy(Wait.forLogMessage(/^Ready in \d+ ms/m))
      .withStartupTimeout(30_000)
      .withDroppedCapabilities('ALL')
      .withSecurityOpt('no-new-privileges');
    this.hostConfig.ReadonlyRootfs = true;
  }

  /** Writes the contract coverage to `hostFile` when the container stops (its folder is mounted; it must be writable by the image's user, uid 65532). */
  withCoverageFile(hostFile: string): this {
    const folder = path.dirname(path.resolve(hostFile));
    return this.withBindMounts([{ source: folder, target: '/coverage', mode: 'rw' }]).withEnvironment({
      PLATFORM_MOCK_COVERAGE: `/coverage/${path.basename(hostFile)}`,
    });
  }

  /** Mock options as PLATFORM_MOCK_* variables: `{ quiet: true, 'max-namespaces': 50, area: ['video', 'dns'] }`. */
  withMockOptions(options: Record<string, string | number | boolean | string[]>): this {
    const variable = (name: string) => `PLATFORM_MOCK_${name.toUpperCase().replaceAll('-', '_')}`;
    const value = (option: string | number | boolean | string[]) =>
      Array.isArray(option) ? option.join(',') : option === true ? '1' : option === false ? '0' : String(option);
    return this.withEnvironment(Object.fromEntries(Object.entries(options).map(([name, option]) => [variable(name), value(option)])));
  }

  /**
   * Starts it. The mock answers only the Host names it is reached by: loopback ones always; the
   * container runtime's host when it is another (Testcontainers inside a container reaches the
   * mock through its gateway's address) and the container's network aliases are added to the
   * allow-list (PLATFORM_MOCK_ALLOWED_HOST), and nothing else.
   */
  override async start(): Promise<StartedPlatformMockContainer> {
    const { host } = (await getContainerRuntimeClient()).info.containerRuntime;
    const names = [host, ...this.networkAliases].filter((name) => !LOOPBACK.test(name));
    if (names.length > 0) {
      const given = this.environment.PLATFORM_MOCK_ALLOWED_HOST;
      this.withEnvironment({ PLATFORM_MOCK_ALLOWED_HOST: [given, ...names].filter(Boolean).join(',') });
    }
    const started = await super.start();
    return new StartedPlatformMockContainer(started, await tokensFromLog(started));
  }
}

async function tokensFromLog(container: StartedTestContainer): Promise<PlatformMockTokens> {
  const stream = await container.logs();
  let text = '';
  try {
    for await (const chunk of stream) {
      text += String(chunk);
      const match = TOKENS_LINE.exec(text);
      if (match) return { databaseId: match[1]!, fullAccessToken: match[2]!, readOnlyToken: match[3]! };
      if (/^Ready in/m.test(text)) break;
    }
  } finally {
    stream.destroy();
  }
  throw new Error('the mock printed no database tokens before it was ready (was the database area left out?)');
}

/** A running mock: its URL, start-up tokens, and its control endpoints. */
export class StartedPlatformMockContainer extends AbstractStartedContainer {
  /** The mock's base URL on the host, for clients (`http://localhost:PORT`). */
  readonly url: string;

  constructor(
    started: StartedTestContainer,
    /** The database tokens of the access key `default`, printed at start. */
    readonly tokens: PlatformMockTokens,
  ) {
    super(started);
    this.url = `http://${started.getHost()}:${started.getMappedPort(PLATFORM_MOCK_PORT)}`;
  }

  /** The namespace of an access key: its clock, faults, state, journal and reset. */
  namespace(accessKey: string): MockNamespace {
    return connectNamespace(this.url, accessKey);
  }

  /** Forgets one access key's state, clock and faults, or, without a key, every key's state and clock. */
  reset(accessKey?: string): Promise<void> {
    return resetRemote(this.url, accessKey);
  }

  /** The access key's request journal, oldest first. */
  requests(accessKey: string, query?: JournalQuery): Promise<RequestEntry[]> {
    return this.namespace(accessKey).requests(query);
  }

  /** What every access key reached of the contracts so far (as `--coverage` writes it). */
  coverage(): Promise<CoverageReport> {
    return remoteCoverage(this.url);
  }

  /** Stops with SIGTERM and waits up to 10 s (not Testcontainers' 0), so that the mock finishes its requests and writes its coverage. */
  override stop(options?: Partial<StopOptions>): Promise<StoppedTestContainer> {
    return super.stop({ timeout: STOP_TIMEOUT_MS, ...options });
  }
}
