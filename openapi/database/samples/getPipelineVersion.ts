// The version probe needs no token and no client: createDatabaseClient always speaks version 2.
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4010'; // the local mock unless BASE_URL is set

const response = await fetch(new URL('/v2', baseUrl));
console.log(response.ok ? 'the database serves version 2 of the pipeline protocol' : `not served (${response.status})`);
