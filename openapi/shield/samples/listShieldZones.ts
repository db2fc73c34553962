import { createShieldClient } from '@platform-contracts/client';

const shield = createShieldClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const { data, response } = await shield.GET('/shield/shield-zones', { params: { query: { page: 1, perPage: 10 } } });
if (!data) throw new Error(`could not list shield zones (${response.status})`);
for (const zone of data.data) console.log(zone.shieldZoneId, zone.pullZoneId, zone.wafEnabled);
console.log(`page ${data.page.currentPage} of ${data.page.totalPages}`);
