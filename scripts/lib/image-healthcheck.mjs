// The container image's HEALTHCHECK (copied to /app/healthcheck.mjs): the image has no shell and
// no curl, so Node asks the mock's health endpoint on the port it listens on, over loopback.
const port = process.env.PLATFORM_MOCK_PORT || '4010';
try {
  const response = await fetch(`http://127.0.0.1:${port}/_mock/health`, { signal: AbortSignal.timeout(2000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
