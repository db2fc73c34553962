// Records the stand-in's cassettes again into test/parity/cassettes/ (after a scenario changed):
// `node_modules/.bin/tsx test/parity/record-stand-in.ts`. Test equipment: the cassettes say
// `source: stand-in` and never count as the platform's.
import { randomUUID } from 'node:crypto';
import { record } from '../../scripts/lib/parity/record.ts';
import { defaultInputs } from '../../scripts/lib/parity/scenario.ts';
import { SCENARIOS } from '../../scripts/lib/parity/scenarios/index.ts';
import { STAND_IN_CASSETTES } from '../../scripts/lib/paths.ts';
import { startStandIn } from './stand-in.ts';

const standIn = await startStandIn();
try {
  const recorded = await record({ upstream: standIn.url, accessKey: randomUUID(), inputs: defaultInputs(), scenarios: SCENARIOS, out: STAND_IN_CASSETTES });
  for (const { file, cassette } of recorded) console.log(`${file}: ${cassette.steps.length} steps, ${cassette.source}`);
} finally {
  await standIn.close();
}
