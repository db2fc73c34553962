// The version 3 probe needs no token; libSQL's Rust client speaks version 3.
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4010'; // the local mock unless BASE_URL is set

const response = await fetch(new URL('/v3', baseUrl));
console.log(response.ok ? 'the database serves version 3 of the pipeline protocol' : `not served (${response.status})`);
