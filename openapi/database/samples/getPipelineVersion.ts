// The version probe needs no token and no client: createDatabaseClient always speaks version 2.
const baseUrl = 'http://127.0.0.1:4010';

const response = await fetch(new URL('/v2', baseUrl));
console.log(response.ok ? 'the database serves version 2 of the pipeline protocol' : `not served (${response.status})`);
