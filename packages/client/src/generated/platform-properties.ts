/**
 * Generated from the area registry by `pnpm generate`. Do not edit: each area's packages/client/src/<area>.ts exports its own `platformProperties`.
 */

import { platformProperties as containers } from '../containers.js';
import { platformProperties as database } from '../database.js';
import { platformProperties as dns } from '../dns.js';
import { platformProperties as shield } from '../shield.js';
import { platformProperties as storage } from '../storage.js';
import { platformProperties as video } from '../video.js';

/** Every area's properties of createPlatformClient, by property name, in the registry's order. */
export const PLATFORM_PROPERTIES = { ...containers, ...database, ...dns, ...shield, ...storage, ...video };
