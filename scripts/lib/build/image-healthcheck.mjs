// The container image's HEALTHCHECK (copied to /app/healthcheck.mjs): the image has no shell and
// no curl, so Node asks the mock's health endpoint on the port it listens on, over loopback.
// node:http, not fetch: fetch's first call loads undici, half a second more on every check.
import { get } from 'node:http';

const port = process.env.PLATFORM_MOCK_PORT || '4010';
const request = get({ host: '127.0.0.1', port, path: '/_mock/health', timeout: 4000 }, (response) => process.exit(response.statusCode === 200 ? 0 : 1));
request.once('timeout', () => process.exit(1));
request.once('error', () => process.exit(1));
