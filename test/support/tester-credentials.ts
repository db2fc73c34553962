// Credentials as a contract tester's configuration gives them: a fresh access key per request,
// and for a bearer scheme a token the mock issues for that key.
import type { Operation } from '@platform-contracts/contracts';
import type { Mock } from '@platform-contracts/mock';

let keys = 0;

/** The headers that satisfy the operation's first security requirement, for a new access key. */
export async function testerCredentials(mock: Mock, operation: Operation, prefix: string): Promise<Record<string, string>> {
  const accessKey = `${prefix}-${++keys}`;
  const headers: Record<string, string> = {};
  for (const scheme of operation.security[0] ?? []) {
    if (scheme.type === 'apiKey' && scheme.in === 'header') headers[scheme.keyName!] = accessKey;
    if (scheme.type === 'http' && scheme.scheme === 'bearer') {
      const issued = await mock.fetch(
        new Request('http://127.0.0.1:4010/database/my-database/tokens', {
          method: 'POST',
          headers: { AccessKey: accessKey, 'content-type': 'application/json' },
          body: '{"kinds":["full_access"]}',
        }),
      );
      headers.Authorization = `Bearer ${((await issued.json()) as { tokens: { token: string }[] }).tokens[0]!.token}`;
    }
  }
  return headers;
}
