/**
 * Generated from the area registry by `pnpm generate`. Do not edit: each area brings its own packages/mock/src/areas/<area>.ts.
 */

import containers from './containers.ts';
import database from './database.ts';
import dns from './dns.ts';
import shield from './shield.ts';
import storage from './storage.ts';
import video from './video.ts';

/** The behaviour of every area the mock serves, in the registry's order. */
export const AREA_BEHAVIOURS = [containers, database, dns, shield, storage, video] as const;
