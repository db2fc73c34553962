// Recording: each scenario run through the typed client against the upstream, by way of the
// mock's validation proxy (in process), so that a recording also reports where the platform's
// answers contradict the contract, and which `x-assumed` facts they confirm. One cassette per
// scenario, written only once scrubbed of every secret.
import { createDatabaseTokensClient, createPlatformClient } from '@platform-contracts/client';
import { AREAS, loadContractModel, operationsOf } from '@platform-contracts/contracts';
import { createMock, type ProxiedExchange, type ProxyOptions } from '@platform-contracts/mock';
import { capturingFetch } from './capture.ts';
import { CASSETTE_FORMAT, type Cassette, type RawExchange, STAND_IN_HEADER, stepOf, writeCassette } from './cassette.ts';
import { References } from './normalise.ts';
import type { Inputs, Scenario, ScenarioContext } from './scenario.ts';
import { assertNoSecret, scrub } from './secrets.ts';

export interface RecordOptions {
  /** The proxy's upstreams: one base URL, or `GROUP=URL` values (`api`, `video`, `database`). */
  upstream: ProxyOptions['to'];
  accessKey: string;
  inputs: Inputs;
  scenarios: readonly Scenario[];
  /** Where the cassettes go; none is written without it. */
  out?: string;
  /** The recording's date (ISO); default now. */
  now?: () => Date;
}

export interface Recorded {
  cassette: Cassette;
  file?: string;
}

/** The scenario's clients, on the given fetch and base URL, without retries (each call one exchange). */
function scenarioContext(fetch: typeof globalThis.fetch, baseUrl: string, accessKey: string, inputs: Inputs): ScenarioContext {
  const options = { accessKey, baseUrl, fetch, retry: false as const };
  return {
    platform: createPlatformClient({ accessKey, apiBaseUrl: baseUrl, videoBaseUrl: baseUrl, fetch, retry: false }),
    anonymous: createPlatformClient({ accessKey, apiBaseUrl: baseUrl, videoBaseUrl: baseUrl, fetch: withoutHeader(fetch, 'accesskey'), retry: false }),
    databaseTokens: createDatabaseTokensClient(options),
    databaseHost(authToken) {
      const client = createDatabaseTokensClient(options);
      client.use({
        onRequest({ request }) {
          request.headers.delete('AccessKey');
          request.headers.set('Authorization', `Bearer ${authToken}`);
          return request;
        },
      });
      return client;
    },
    inputs,
  };
}

/** A fetch that drops one request header (the anonymous client's access key). */
function withoutHeader(fetch: typeof globalThis.fetch, name: string): typeof globalThis.fetch {
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.delete(name);
    return fetch(request);
  };
}

/** The references a cassette starts with: the access key and the inputs. */
export function startingReferences(accessKey: string, inputs: Inputs): References {
  const refs = new References();
  refs.bind('<AccessKey>', accessKey);
  refs.secrets.add(accessKey);
  for (const [name, value] of Object.entries(inputs)) refs.bind(`<Input:${name}>`, value);
  return refs;
}

/** The answer's contract violations (a scenario's bad requests are on purpose; the platform's answers are what is checked). */
const violationsOf = (exchange: ProxiedExchange | undefined) =>
  (exchange?.violations ?? [])
    .filter((v) => v.location[0] === 'response')
    .map((v) => `${v.location.join('.')}: ${v.message} (${v.contract}${v.assumed ? `, assumed at ${v.assumed.at}` : ''})`);

export async function record(options: RecordOptions): Promise<Recorded[]> {
  const mock = await createMock({ proxy: { to: options.upstream } });
  const proxied: ProxiedExchange[] = [];
  mock.proxy?.onExchange((exchange) => {
    if (exchange.kind === 'http') proxied.push(exchange);
  });
  const operations = AREAS.flatMap((area) => operationsOf(area));
  const revisions = Object.fromEntries(
    AREAS.map((area) => [area, String((loadContractModel().document(area) as { info: Record<string, unknown> }).info['x-revision'])]),
  );
  const recorded: Recorded[] = [];
  try {
    for (const scenario of options.scenarios) {
      const raw: RawExchange[] = [];
      const seen = proxied.length;
      await scenario.run(scenarioContext(capturingFetch(mock.fetch, raw), mock.url, options.accessKey, options.inputs));
      const refs = startingReferences(options.accessKey, options.inputs);
      const mine = proxied.slice(seen);
      const steps = raw.map((exchange, index) => {
        const step = stepOf(exchange, operations, refs);
        const violations = violationsOf(mine[index]);
        const assumed = mine[index]?.confirmed ?? [];
        return { ...step, ...(violations.length > 0 ? { violations } : {}), ...(assumed.length > 0 ? { confirmed: assumed } : {}) };
      });
      for (const exchange of raw) {
        const bearer = /^Bearer (.+)$/i.exec(exchange.headers.authorization ?? '')?.[1];
        if (bearer) refs.secrets.add(bearer);
      }
      const cassette: Cassette = scrub(
        {
          format: CASSETTE_FORMAT,
          scenario: scenario.name,
          area: scenario.area,
          summary: scenario.summary,
          source: raw.some((exchange) => exchange.answerHeaders[STAND_IN_HEADER] !== undefined) ? 'stand-in' : 'platform',
          recordedAt: (options.now?.() ?? new Date()).toISOString().slice(0, 10),
          revisions,
          steps,
        },
        refs.secrets,
      );
      assertNoSecret(JSON.stringify(cassette), refs.secrets, `the cassette of ${scenario.name}`);
      recorded.push({ cassette, ...(options.out ? { file: writeCassette(options.out, cassette) } : {}) });
    }
  } finally {
    await mock.close();
  }
  return recorded;
}
