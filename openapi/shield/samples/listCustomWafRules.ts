import { createShieldClient } from '@platform-contracts/client';

const shield = createShieldClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, response } = await shield.GET('/shield/waf/custom-rules/{shieldZoneId}', {
  params: { path: { shieldZoneId: 1024 }, query: { page: 1, pageSize: 10 } },
});
if (!data) throw new Error(`could not list custom rules (${response.status})`);
for (const rule of data.data) console.log(rule.id, rule.ruleName, rule.ruleConfiguration?.variableTypes);
console.log(`next page: ${data.page.nextPage}`);
