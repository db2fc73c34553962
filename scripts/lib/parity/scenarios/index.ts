// Every scenario: each area's own, from `scenarios/<area>.ts`, for every area of the registry (an
// area without its file fails here, naming it; test/parity/stand-in.test.ts fails on an
// operation no scenario calls).
import { AREAS } from '@platform-contracts/contracts';
import type { Scenario } from '../scenario.ts';

const modules: { scenarios: Scenario[] }[] = await Promise.all(AREAS.map((area) => import(`./${area}.ts`)));
export const SCENARIOS: readonly Scenario[] = modules.flatMap((module) => module.scenarios);
