// The client's version, sent in the User-Agent. A test checks that it matches package.json.
export const VERSION = '2.0.0';
export const USER_AGENT = `platform-client-js/${VERSION}`;
