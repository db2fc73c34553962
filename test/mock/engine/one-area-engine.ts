// The mock's engine serving one area on a document of the test's own: a clock fixed at `now`, no
// waits, a few namespaces. The engine tests that plant a behaviour on a small contract share it.
import type { AreaDefinition } from '../../../packages/mock/src/engine/area.ts';
import { createEngine, type EngineOptions } from '../../../packages/mock/src/engine/engine.ts';
import { createClock } from '../../../packages/mock/src/engine/namespaces.ts';

export type OneAreaEngine = Awaited<ReturnType<typeof createEngine>>;

/** `area`: a `defineArea` result (any typing); `options` add to or override the defaults. */
export function oneAreaEngine(area: unknown, document: unknown, options: Partial<EngineOptions> & { now?: number } = {}): Promise<OneAreaEngine> {
  const { now = 0, ...rest } = options;
  const definition = area as AreaDefinition;
  return createEngine({
    areas: [definition],
    documents: new Map([[definition.name, document as never]]),
    areaOptions: {},
    clock: createClock(() => now),
    sleep: async () => {},
    maxNamespaces: 4,
    ...rest,
  });
}
