// Network faults on a real socket, for the HTTP door: a reset connection (TCP RST), a request
// never answered until the client gives up (or the mock closes), and a body cut short after its
// headers promised the whole length.
import type { ServerResponse } from 'node:http';
import type { DoorAnswer } from '../door.ts';

/** Plays the answer's network fault; `hung` keeps the requests left unanswered, for close() to drop. */
export function playNetworkFault(res: ServerResponse, answer: DoorAnswer, hung: Set<ServerResponse>) {
  const socket = res.socket;
  if (answer.network === 'reset') return void (socket ? socket.resetAndDestroy() : res.destroy());
  if (answer.network === 'hang') {
    hung.add(res);
    res.once('close', () => hung.delete(res));
    return;
  }
  const body = Buffer.from(answer.body ?? '');
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('content-length', String(body.length));
  res.writeHead(answer.status);
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => socket?.destroy());
}
