// The WebSocket upgrade door, on the HTTP door's server: an upgrade passes the same access checks
// as any request (a web page may open a WebSocket to any origin: CORS does not apply to it), then
// goes to the handler (DoorHandler.upgrade: the validation proxy, else the area that serves the
// path, engine/upgrades.ts); a refusal is written on the socket. Upgraded sockets leave the
// server's bookkeeping: they are ended when the door closes.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DoorAnswer, DoorHandler, RequestLogEntry } from '../door.ts';
import { problemAnswer, splitTarget } from '../door-answers.ts';
import { refuseUpgrade } from './http-io.ts';

interface UpgradeDoorParts {
  /** The HTTP door's access refusal (Host allow-list, origins), or undefined. */
  refusalOf(req: Pick<IncomingMessage, 'headers' | 'url'>): DoorAnswer | undefined;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Whether the door is closing: an upgrade then is refused with a 503. */
  closing(): boolean;
}

export function createUpgradeDoor(server: Server, handler: Pick<DoorHandler, 'upgrade'>, parts: UpgradeDoorParts) {
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const started = performance.now();
    const refusal = parts.closing() ? problemAnswer(503, 'Closing', 'The mock is closing.') : (parts.refusalOf(req) ?? handler.upgrade(req, socket, head));
    const target = req.url ?? '/';
    parts.onRequest?.({
      time: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: splitTarget(target).rawPath ?? target,
      status: refusal?.status ?? 101,
      violations: [],
      ms: performance.now() - started,
    });
    if (refusal) return refuseUpgrade(socket, refusal);
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  return {
    /** Ends every upgraded socket. */
    close(): void {
      for (const socket of upgraded) socket.destroy();
    },
  };
}
