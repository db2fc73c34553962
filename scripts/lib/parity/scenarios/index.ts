// Every scenario, by area: an area without scenarios does not compile (the registry's AreaName).
import type { AreaName } from '@platform-contracts/contracts';
import type { Scenario } from '../scenario.ts';
import { containers } from './containers.ts';
import { database } from './database.ts';
import { dns } from './dns.ts';
import { shield } from './shield.ts';
import { storage } from './storage.ts';
import { video } from './video.ts';

export const SCENARIOS_BY_AREA: Record<AreaName, Scenario[]> = { containers, database, dns, shield, storage, video };
