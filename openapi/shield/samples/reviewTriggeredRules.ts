import { createShieldClient } from '@platform-contracts/client';

const shield = createShieldClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, response } = await shield.GET('/shield/waf/rules/review-triggered/{shieldZoneId}', {
  params: { path: { shieldZoneId: 1024 } },
});
if (!data) throw new Error(`could not review triggered rules (${response.status})`);
console.log(`${data.totalTriggeredRules} rules triggered`);
for (const rule of data.triggeredRules) console.log(rule.ruleId, rule.totalTriggeredRequests, rule.ruleLogs?.[0]?.labels?.country);
