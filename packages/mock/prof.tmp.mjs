import { startMock } from './dist/index.js';
const m = await startMock({ port: 4903 });
console.log('ready');
setTimeout(() => m.close().then(() => process.exit(0)), 9000);
