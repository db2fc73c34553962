import { importZoneFile } from './packages/mock/src/areas/dns-zone-file.ts';
const MB = 1024 * 1024;
const valid = Array.from({ length: MB / 30 }, (_, i) => `h${i}.example.com. IN A 192.0.2.1`).join('\n');
const paren = 'a IN TXT ( ' + 'x\n'.repeat(MB / 2);
const many = Array.from({ length: MB / 40 }, (_, i) => `h${i} IN TXT "unterminated ${i}`).join('\n');
for (let r = 0; r < 4; r++) for (const [n, t] of Object.entries({ valid, paren, many })) { const s = performance.now(); importZoneFile(t); console.log(n, (performance.now() - s).toFixed(1)); }
