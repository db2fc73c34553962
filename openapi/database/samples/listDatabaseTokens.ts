import { createDatabaseTokensClient, listDatabaseTokens } from '@platform-contracts/client';

const tokens = createDatabaseTokensClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

// Kinds, dates and validity only: secret values are never listed.
const { tokens: listed } = await listDatabaseTokens(tokens, 'my-database');
for (const token of listed) console.log(token.id, token.kind, token.valid ? 'valid' : 'invalid', token.expires_at ?? 'never expires');
