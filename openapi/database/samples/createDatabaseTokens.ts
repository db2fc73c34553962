import { createDatabaseTokens, createDatabaseTokensClient, DatabaseTokensApiError } from '@platform-contracts/client';

// The general management API: the account's API key in the AccessKey header.
const tokens = createDatabaseTokensClient({ accessKey: process.env.PLATFORM_ACCESS_KEY!, baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010' }) // the local mock unless BASE_URL is set;

try {
  // A Full Access and a Read Only token; existing tokens stay valid. Shown only in this answer.
  const issued = await createDatabaseTokens(tokens, 'my-database', { expires_in_days: 30 });
  for (const token of issued.tokens) console.log(token.kind, token.expires_at); // store token.token somewhere safe
  console.log('PLATFORM_DATABASE_URL', issued.database_url);
} catch (error) {
  if (error instanceof DatabaseTokensApiError && error.errorKey === 'database.not_found') console.log('no such database');
  else throw error;
}
