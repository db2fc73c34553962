import { createDatabaseTokensClient, invalidateDatabaseTokens } from '@platform-contracts/client';

const tokens = createDatabaseTokensClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

// Every existing token stops working at once; `regenerate` returns a new pair, shown only here.
const outcome = await invalidateDatabaseTokens(tokens, 'my-database', { regenerate: true });
console.log(`${outcome.invalidated} tokens invalidated`);
const fullAccess = outcome.tokens.find((token) => token.kind === 'full_access');
if (fullAccess) console.log('new Full Access token created at', fullAccess.created_at);
