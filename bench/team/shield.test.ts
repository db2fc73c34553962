import { describe, expect } from 'vitest';
import { it, usePlatform } from './backend.ts';

const platform = usePlatform();
const setLearning = (shieldZoneId: number, learningMode: boolean) =>
  platform.client.shield.PATCH('/shield/shield-zone', { body: { shieldZoneId, shieldZone: { learningMode } } });
const zones = async () => (await platform.client.shield.GET('/shield/shield-zones')).data.data;

describe('shield zones', () => {
  it.each([1024, 2048, 4096, 8192, 16384])('turns learning mode on for zone %i', async (zone) => {
    await setLearning(zone, true);
    expect((await zones()).find((z) => z.shieldZoneId === zone)?.learningMode).toBe(true);
  });

  it.each([1024, 1031, 4096])('turns learning mode off again for zone %i', async (zone) => {
    await setLearning(zone, true);
    await setLearning(zone, false);
    expect((await zones()).find((z) => z.shieldZoneId === zone)?.learningMode).toBe(false);
  });

  it.each([1, 2, 3, 4])('lists the %i zones it configured', async (count) => {
    for (let i = 0; i < count; i++) await setLearning(100 + i, i % 2 === 0);
    const configured = (await zones()).map((z) => z.shieldZoneId).filter((id) => id < 1000);
    expect(configured.sort()).toEqual(Array.from({ length: count }, (_, i) => 100 + i).sort());
  });

  it.each([2048, 4096, 8192])('has no custom WAF rules on the new zone %i', async (shieldZoneId) => {
    await setLearning(shieldZoneId, false);
    const { data } = await platform.client.shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId } } });
    expect(data.data).toEqual([]);
  });

  it.each([7, 8, 9])('refuses the WAF rules of the unknown zone %i', async (shieldZoneId) => {
    await expect(platform.client.shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId } } })).rejects.toThrow();
  });

  it('starts with the documented zones for a fresh key', async () => {
    expect((await zones()).map((z) => [z.shieldZoneId, z.learningMode])).toEqual([
      [1024, false],
      [1031, false],
    ]);
  });

  it('answers 202 when the update creates the zone, 200 after', async () => {
    expect((await setLearning(1, true)).response.status).toBe(202);
    expect((await setLearning(1, false)).response.status).toBe(200);
  });
});
