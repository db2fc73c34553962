// A test's part of an area (the `database` fixture: a database and its tokens), asked of the
// area's suite setup (engine/suite-setup.ts) through the API without knowing the area; every
// request it sends is a setup request. On a worker's mock that does not serve the area, the
// area's stand-in says so when it is read.
import { SETUP_HEADER } from '../journal/recorder.ts';
import { suiteSetupOf } from '../mock/area-suites.ts';
import type { Mock } from '../mock/mock.ts';
import { IN_PROCESS_URL } from '../mock/options.ts';

/** What this reads of the worker's mock connection (fixtures.ts' MockConnection). */
interface Connection {
  url: string;
  fetch: typeof globalThis.fetch;
  /** The worker's own mock; a shared mock's areas are not known here. */
  mock?: Pick<Mock, 'operations'>;
}

/** The fixture the area `area` gives the namespace `accessKey` for its resource `name`. */
export async function areaFixture<Fixture>(connection: Connection, area: string, accessKey: string, name: string): Promise<Fixture> {
  const setup = suiteSetupOf(area);
  if (!setup?.fixture) throw new Error(`the ${area} area offers no fixture for a test`);
  if (connection.mock && !connection.mock.operations.some((operation) => operation.area === area)) {
    if (setup.absent) return setup.absent(name) as Fixture;
    throw new Error(`the worker's mock serves no ${area}: add '${area}' to createMockTest({ mock: { areas } })`);
  }
  const fetch: typeof globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(SETUP_HEADER, '1');
    return connection.fetch(input, { ...init, headers });
  };
  return (await setup.fixture({ url: connection.url, fetch, inProcess: connection.url === IN_PROCESS_URL }, accessKey, name)) as Fixture;
}

/** A client on an area's fixture (the `db` fixture: `@libsql/client` on the test's database), made by the area's suite setup. */
export async function areaClient<Client>(area: string, fixture: unknown, fetch: typeof globalThis.fetch): Promise<{ client: Client; close(): void }> {
  const made = suiteSetupOf(area)?.client;
  if (!made) throw new Error(`the ${area} area offers no client for a test`);
  return (await made(fixture, fetch)) as { client: Client; close(): void };
}
