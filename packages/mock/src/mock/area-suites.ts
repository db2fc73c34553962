// The suite setups the areas offer (engine/suite-setup.ts), found by area name, for the vitest
// fixtures: they ask an area for its warm-up and its per-namespace fixture without knowing it.
import { AREA_BEHAVIOURS } from '../areas/index.ts';
import type { AreaSuiteSetup } from '../engine/suite-setup.ts';

/** The shape of the fixture the database's suite setup gives (the vitest fixtures' `database`). */
export type { NamespaceDatabase } from '../areas/database/suite/suite-setup.ts';

/** The suite setup of the area `name`, if it offers one. */
export function suiteSetupOf(name: string): AreaSuiteSetup | undefined {
  return AREA_BEHAVIOURS.find((area) => area.name === name)?.suite;
}
