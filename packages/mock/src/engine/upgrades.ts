// Connection upgrades (WebSocket) handed to the area that serves their path; each message the
// area records is reported with its namespace and its time on that namespace's clock.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type EngineAnswer, toAnswer } from './answer.ts';
import type { AnsweredMessage, EngineCore } from './answering.ts';
import type { NamespaceOf } from './namespace-of.ts';

export function createUpgrades(
  { behaviours, namespaces, clocks, clock }: Pick<EngineCore, 'behaviours' | 'namespaces' | 'clocks' | 'clock'>,
  onMessage: ((message: AnsweredMessage) => void) | undefined,
  namespaceOf: NamespaceOf,
) {
  return {
    /** What each area serves as upgrades, one line each (for the refusal of one nobody serves). */
    upgrades: [...behaviours].flatMap(([area, behaviour]) => (behaviour.protocol?.upgrade ? [`${area}: ${behaviour.protocol.upgrade.description}`] : [])),
    /** Hands an upgrade to the first area that takes its path: 'taken', the area's refusal, or undefined when no area serves the path. */
    upgrade(request: IncomingMessage, rawPath: string, socket: Duplex, head: Buffer): 'taken' | EngineAnswer | undefined {
      for (const [area, behaviour] of behaviours) {
        const upgrade = behaviour.protocol?.upgrade;
        if (!upgrade?.accepts(rawPath)) continue;
        const record = onMessage
          ? (headers: Record<string, string>, message: unknown, outcome: Promise<unknown>) => {
              const arrived = clock.now();
              const settle = (error?: { message: string; code?: string }) => {
                const namespace = namespaceOf(headers);
                onMessage({ namespace, time: arrived + clocks.of(namespace).now() - clock.now(), area, rawPath, message, error });
              };
              outcome.then(
                () => settle(),
                (error: unknown) =>
                  settle({
                    message: String((error as Error)?.message ?? error),
                    ...(typeof (error as { code?: unknown })?.code === 'string' ? { code: (error as { code: string }).code } : {}),
                  }),
              );
            }
          : undefined;
        const refusal = upgrade.handle(request, socket, head, {
          stateOf: (namespace) => namespaces.stateOf(namespace, area),
          clock: clock,
          record,
        });
        return refusal ? toAnswer(refusal) : 'taken';
      }
      return undefined;
    },
  };
}
