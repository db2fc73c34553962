// A parity scenario: a short sequence of calls through the typed client, each using what the
// earlier ones answered, written once and run against either target (the platform when
// recording, the mock when a cassette is replayed through the same requests).

import type { DatabaseTokensClient, PlatformClient } from '@platform-contracts/client';
import type { AreaName } from '@platform-contracts/contracts';

/**
 * What the recording account must already hold: the platform's ids of a video library, a
 * containers application, a DNS zone, a shield zone and a database. A cassette writes each as
 * `<Input:name>`; a replay gives the mock's own (the defaults).
 */
export const INPUTS = {
  libraryId: { default: 424242, what: 'a video library of the account', parse: Number, fields: /^(video)?libraryId$/i },
  appId: { default: 'app-7f3c2a', what: 'a Magic Containers application of the account', parse: String, fields: /^appId$/i },
  dnsZoneId: { default: 12345, what: 'a DNS zone of the account (the scenario imports records into it)', parse: Number, fields: /^(dns)?zoneId$/i },
  shieldZoneId: { default: 1024, what: 'a shield zone of the account', parse: Number, fields: /^shieldZoneId$/i },
  databaseId: {
    default: 'my-database',
    what: 'a database of the account (the scenario mints and invalidates its tokens)',
    parse: String,
    fields: /^database_id$/i,
  },
} as const;

/** The input an answer's property holds, by the property's name (`videoLibraryId` holds `libraryId`'s value). */
export const inputOfField = (property: string): InputName | undefined =>
  (Object.keys(INPUTS) as InputName[]).find((name) => INPUTS[name].fields.test(property));
export type InputName = keyof typeof INPUTS;
export type Inputs = { -readonly [K in InputName]: ReturnType<(typeof INPUTS)[K]['parse']> };
export const defaultInputs = (): Inputs => Object.fromEntries(Object.entries(INPUTS).map(([name, input]) => [name, input.default])) as Inputs;

/** Ids that no account holds, for the documented not-found answers. */
export const UNKNOWN = { number: 987654321, text: 'parity-no-such-thing' } as const;

export interface ScenarioContext {
  /** Every area's client, through the recording (or replaying) fetch, without retries. */
  platform: PlatformClient;
  /** The database's tokens on the management API (the platform's `databaseTokens`). */
  databaseTokens: DatabaseTokensClient;
  /** A client of every area that sends no credentials (for the documented 401). */
  anonymous: PlatformClient;
  /** A typed client of the database's own host (the pipeline, cursor and version paths), with a token. */
  databaseHost(authToken: string): DatabaseTokensClient;
  inputs: Inputs;
}

export interface Scenario {
  /** `<area>/<name>`: the cassette's file name. */
  name: string;
  area: AreaName;
  /** What it shows, one sentence. */
  summary: string;
  run(context: ScenarioContext): Promise<void>;
}

/** Fails the scenario when a call that must succeed did not (a scenario's later calls need its answer). */
export function must<T>(answer: { data?: T; response: Response }, what: string): T {
  if (answer.data === undefined) throw new Error(`${what}: answered ${answer.response.status}`);
  return answer.data;
}
