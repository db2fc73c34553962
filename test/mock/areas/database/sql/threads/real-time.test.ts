// Real time as the SQL threads compare it (sql/threads/messages.ts realTime): this thread's time
// origin plus its clock, the origin read once when the module loads, not on every call (a call
// into the runtime that a statement paid several times).
import { afterEach, expect, it, vi } from 'vitest';
import { realTime } from '../../../../../../packages/mock/src/areas/database/sql/threads/messages.ts';

afterEach(() => vi.restoreAllMocks());

it('is the time origin plus the clock, reading the origin no more after the module loaded', () => {
  const origin = vi.spyOn(Performance.prototype, 'timeOrigin', 'get');
  const readings: number[] = [];
  const before = performance.now();
  for (let call = 0; call < 100; call++) readings.push(realTime());
  const after = performance.now();
  expect(origin).not.toHaveBeenCalled();
  origin.mockRestore();
  for (const reading of readings) {
    expect(reading).toBeGreaterThanOrEqual(performance.timeOrigin + before);
    expect(reading).toBeLessThanOrEqual(performance.timeOrigin + after);
  }
});
