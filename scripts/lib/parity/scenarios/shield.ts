// Shield: the zones listed, one updated and listed again, its custom rules and triggered-rule
// review; a zone the account does not hold.
import { type Scenario, UNKNOWN } from '../scenario.ts';

export const scenarios: Scenario[] = [
  {
    name: 'shield/zone-settings',
    area: 'shield',
    summary: 'lists the zones, updates one, sees the change in the list, reads its custom rules and triggered-rule review',
    async run({ platform, inputs }) {
      const shieldZoneId = inputs.shieldZoneId;
      await platform.shield.GET('/shield/shield-zones', { params: { query: { page: 1, perPage: 10 } } });
      await platform.shield.PATCH('/shield/shield-zone', { body: { shieldZoneId, shieldZone: { wafEnabled: true, learningMode: false } } });
      await platform.shield.GET('/shield/shield-zones', { params: { query: { page: 1, perPage: 10 } } });
      await platform.shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId }, query: { page: 1, pageSize: 10 } } });
      await platform.shield.GET('/shield/waf/rules/review-triggered/{shieldZoneId}', { params: { path: { shieldZoneId } } });
    },
  },
  {
    name: 'shield/refusals',
    area: 'shield',
    summary: 'a zone the account does not hold (404), a bad page size and an update with a field of the wrong type (400)',
    async run({ platform, anonymous }) {
      const shieldZoneId = UNKNOWN.number;
      await anonymous.shield.GET('/shield/shield-zones', {});
      await platform.shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId } } });
      await platform.shield.GET('/shield/waf/rules/review-triggered/{shieldZoneId}', { params: { path: { shieldZoneId } } });
      await platform.shield.GET('/shield/shield-zones', { params: { query: { perPage: 0 } } });
      await platform.shield.GET('/shield/waf/custom-rules/{shieldZoneId}', { params: { path: { shieldZoneId }, query: { pageSize: 0 } } });
      await platform.shield.GET('/shield/waf/rules/review-triggered/{shieldZoneId}', { params: { path: { shieldZoneId: 'abc' as unknown as number } } });
      await platform.shield.PATCH('/shield/shield-zone', { body: { shieldZoneId: UNKNOWN.number, shieldZone: { wafEnabled: 'yes' as unknown as boolean } } });
    },
  },
];
