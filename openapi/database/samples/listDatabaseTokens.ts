import { createDatabaseTokensClient, listDatabaseTokens } from '@platform/client';

const tokens = createDatabaseTokensClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: 'http://127.0.0.1:4010' });

// Kinds, dates and validity only: secret values are never listed.
const { tokens: listed } = await listDatabaseTokens(tokens, 'my-database');
for (const token of listed) console.log(token.id, token.kind, token.valid ? 'valid' : 'invalid', token.expires_at ?? 'never expires');
