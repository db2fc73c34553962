import { createShieldClient } from '@platform-contracts/client';

const shield = createShieldClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, error, response } = await shield.PATCH('/shield/shield-zone', {
  body: { shieldZoneId: 1024, shieldZone: { learningMode: true, learningModeUntil: '2026-11-28T09:30:00Z', wafEnabled: true } },
});
if (!data) throw new Error(`could not update the shield zone (${response.status}): ${JSON.stringify(error)}`);
console.log(data.data, data.error.message);
