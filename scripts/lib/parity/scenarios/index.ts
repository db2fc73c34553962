// Every scenario: each area's own, from `scenarios/<area>.ts`, for every area of the registry (an
// area without its file fails here, naming it; test/parity/stand-in.test.ts fails on an
// operation no scenario calls).
import { existsSync } from 'node:fs';
import { AREAS } from '@platform-contracts/contracts';
import type { Scenario } from '../scenario.ts';

const missing = AREAS.filter((area) => !existsSync(new URL(`./${area}.ts`, import.meta.url)));
if (missing.length > 0) {
  throw new Error(
    `${missing.map((area) => `the area ${area} has no parity scenarios: write scripts/lib/parity/scenarios/${area}.ts`).join('; ')} (CONTRIBUTING.md, adding an area)`,
  );
}

const modules: { scenarios: Scenario[] }[] = await Promise.all(AREAS.map((area) => import(`./${area}.ts`)));
export const SCENARIOS: readonly Scenario[] = modules.flatMap((module) => module.scenarios);
