// The engine's long-lived objects read on every request keep V8's fast properties: V8 makes an
// object literal that has a getter in dictionary mode, and optimized code then reads each of its
// properties through V8's generic load (engine/namespaces.ts). V8's own %HasFastProperties tells,
// allowed at run time. Every object is made twice: a getter defined on each instance (a new
// function each time) leaves the first fast and makes the second a dictionary.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createClock, createNamespaces } from '../../../packages/mock/src/engine/namespaces.ts';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;

describe('objects read on every request keep fast properties', () => {
  it('V8 makes a literal with a getter in dictionary mode (what the test relies on to fail)', () => {
    expect(
      hasFastProperties({
        a: 1,
        get b() {
          return 2;
        },
      }),
    ).toBe(false);
    expect(hasFastProperties({ a: 1, b: 2 })).toBe(true);
  });

  it.each([1, 2])("the mock's clock is fast (made %i times), and its offsetMs follows the clock", () => {
    let real = 1000;
    const clock = createClock(() => real);
    expect(hasFastProperties(clock)).toBe(true);
    clock.advance(250);
    real = 1100;
    expect([clock.offsetMs, clock.now(), clock.reached(1350), clock.reached(1351)]).toEqual([250, 1350, true, false]);
    clock.set(2000);
    expect([clock.offsetMs, clock.now()]).toEqual([900, 2000]);
    const { reset } = clock;
    reset();
    expect(clock.offsetMs).toBe(0);
    expect(Object.keys(clock).sort()).toEqual(['advance', 'now', 'reached', 'reset', 'set', 'sharedOffset']);
  });

  it.each([1, 2])('the namespaces are fast (made %i times), and count the namespaces held', () => {
    const namespaces = createNamespaces(new Map([['a', { seed: () => ({}) }]]), 2);
    expect(hasFastProperties(namespaces)).toBe(true);
    namespaces.stateOf('k1', 'a');
    namespaces.stateOf('k2', 'a');
    namespaces.stateOf('k3', 'a');
    expect(namespaces.count()).toBe(2);
    namespaces.reset('k3');
    expect(namespaces.count()).toBe(1);
  });
});
