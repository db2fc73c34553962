// Every area the mock serves. Each area's module adds its behaviour; operations without a
// handler are answered by Prism from the contract's examples.
import type { AreaDefinition } from '../area.ts';
import containers from './containers.ts';
import video from './video.ts';

export const AREAS: AreaDefinition[] = [video, containers];
