// The streams of one Hrana WebSocket connection (connection.ts), by the ids its client gave them: a
// slot holds its stream (or why it failed to open) and runs the stream's requests one after
// another; a cursor belongs to one slot.

import type { Stream, StreamTable } from '../../namespaces/stream-table.ts';
import type { DatabaseError } from '../../protocol/protocol.ts';
import type { runCursor } from '../pipeline-runner.ts';

type CursorEntries = Awaited<ReturnType<typeof runCursor>>;

export /** A stream id of a connection: its stream, or why it failed to open; requests run one after another. */
interface StreamSlot {
  stream?: Stream;
  error?: DatabaseError;
  queue: Promise<unknown>;
  running: number;
}

export interface CursorSlot {
  slot: StreamSlot;
  entries?: CursorEntries;
  error?: DatabaseError;
  next: number;
}

/** Ends a stream now, once no request of it runs (rolling back its transaction, releasing its locks). */
export function endIfIdle(slot: StreamSlot, streams: StreamTable): void {
  if (slot.stream?.closed && slot.running === 0) streams.end(slot.stream);
}

/** Runs `work` after the earlier requests of the stream, counting it as running meanwhile. */
export function runOnStream<T>(slot: StreamSlot, work: () => Promise<T> | T, streams: StreamTable): Promise<T> {
  slot.running++;
  const run = slot.queue.then(work).finally(() => {
    slot.running--;
    endIfIdle(slot, streams);
  });
  slot.queue = run.catch(() => undefined);
  return run;
}

export const lostError = (stream: Stream): DatabaseError =>
  stream.lost ? { message: stream.lost.message, code: stream.lost.code } : { message: 'The stream is closed', code: 'STREAM_CLOSED' };
