import { createDnsClient, importDnsRecords } from '@platform-contracts/client';

const dns = createDnsClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

const zoneFile = ['$ORIGIN example.com.', 'www 3600 IN A 192.0.2.10', 'mail 3600 IN MX 10 mx.example.com.'].join('\n');
const { data, error, response } = await importDnsRecords(dns, 12345, zoneFile);
if (!data) throw new Error(`import failed (${response.status}): ${error?.Message ?? 'no body'}`);
console.log(`${data.RecordsSuccessful} imported, ${data.RecordsFailed} failed, ${data.RecordsSkipped} skipped`);
