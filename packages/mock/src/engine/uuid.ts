// Random (version 4) UUIDs as node:crypto's randomUUID makes them, from the same kind of batch of
// cryptographically random bytes, each written once as text: a UUID is then one string sliced from
// the batch's text, where randomUUID joins it from twenty pieces (a rope of some 600 bytes a call,
// which a created video's answer paid for on every request).
import { randomFillSync } from 'node:crypto';

/** UUIDs made per batch of random bytes (randomUUID's own batch size). */
const BATCH = 128;
const random = Buffer.allocUnsafeSlow(16 * BATCH);
const texts = Buffer.allocUnsafeSlow(36 * BATCH);
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;
let next = BATCH;

/** The next batch's text: 16 random bytes each, the version (4) and variant (10) bits set, in hex with dashes after bytes 4, 6, 8 and 10. */
function refill(): void {
  randomFillSync(random);
  let at = 0;
  for (let byte = 0; byte < random.length; byte++) {
    const index = byte % 16;
    if (index === 4 || index === 6 || index === 8 || index === 10) texts[at++] = DASH;
    const value = index === 6 ? (random[byte]! & 0x0f) | 0x40 : index === 8 ? (random[byte]! & 0x3f) | 0x80 : random[byte]!;
    texts[at++] = HEX[value >> 4]!;
    texts[at++] = HEX[value & 0x0f]!;
  }
  next = 0;
}

/** A random UUID (version 4, RFC 9562), lower-case hex: what node:crypto's randomUUID gives. */
export function randomUuid(): string {
  if (next === BATCH) refill();
  const at = 36 * next++;
  return texts.toString('latin1', at, at + 36);
}
