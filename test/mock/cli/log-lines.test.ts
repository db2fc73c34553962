// The CLI's request log writes its lines together (cli/log-lines.ts): one write for every line
// queued before the scheduled flush, in order, nothing lost, no empty write. The schedule is
// injected: the test runs the flush itself, no timer.
import { describe, expect, it } from 'vitest';
import { createLineWriter } from '../../../packages/mock/src/cli/log-lines.ts';

function writer() {
  const writes: string[] = [];
  const scheduled: (() => void)[] = [];
  const lines = createLineWriter(
    (text) => writes.push(text),
    (flush) => scheduled.push(flush),
  );
  return { lines, writes, scheduled };
}

describe('the request log, written together', () => {
  it('writes the lines queued before the flush in one write, in order, each with its newline', () => {
    const { lines, writes, scheduled } = writer();
    for (const line of ['GET /a -> 200', 'POST /b -> 201', 'GET /c -> 404']) lines.line(line);
    expect(writes).toEqual([]);
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    expect(writes).toEqual(['GET /a -> 200\nPOST /b -> 201\nGET /c -> 404\n']);
  });

  it.each([1, 2, 50, 1000])('makes one write of %i lines queued at once', (count) => {
    const { lines, writes, scheduled } = writer();
    for (let i = 0; i < count; i++) lines.line(`GET /${i} -> 200`);
    for (const flush of scheduled) flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split('\n').slice(0, -1)).toEqual(Array.from({ length: count }, (_, i) => `GET /${i} -> 200`));
  });

  it('writes at once on flush (before exiting), and the flush scheduled then writes nothing', () => {
    const { lines, writes, scheduled } = writer();
    lines.line('GET /a -> 200');
    lines.flush();
    expect(writes).toEqual(['GET /a -> 200\n']);
    scheduled[0]!();
    expect(writes).toEqual(['GET /a -> 200\n']);
  });

  it('schedules again for lines that come after a write', () => {
    const { lines, writes, scheduled } = writer();
    lines.line('GET /a -> 200');
    scheduled[0]!();
    lines.line('GET /b -> 200');
    lines.line('GET /c -> 200');
    expect(scheduled).toHaveLength(2);
    scheduled[1]!();
    expect(writes).toEqual(['GET /a -> 200\n', 'GET /b -> 200\nGET /c -> 200\n']);
  });

  it('writes nothing when nothing was queued', () => {
    const { lines, writes } = writer();
    lines.flush();
    expect(writes).toEqual([]);
  });
});
