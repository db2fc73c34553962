// Random (version 4) UUIDs as node:crypto's randomUUID makes them, from the same kind of batch of
// cryptographically random bytes, each written once as text: a UUID is then one string sliced from
// the batch's text, where randomUUID joins it from twenty pieces (a rope of some 600 bytes a call,
// which a created video's answer paid for on every request). The batch's text is a JSON array
// of its UUIDs, read by JSON.parse: each a string of its own (a slice of one text would keep the
// whole batch alive as long as a state kept one ID), made without a call into node's Buffer code
// per UUID (about 0.1 µs each).
import { randomFillSync } from 'node:crypto';

/** UUIDs made per batch of random bytes (randomUUID's own batch size). */
const BATCH = 128;
const random = Buffer.allocUnsafeSlow(16 * BATCH);
/** `["<uuid>","<uuid>",...]`: each UUID 36 characters between quotes, a comma or the closing bracket after it. */
const texts = Buffer.allocUnsafeSlow(1 + 39 * BATCH);
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;
const [QUOTE, COMMA, BRACKET, CLOSING_BRACKET] = [0x22, 0x2c, 0x5b, 0x5d];
let next = BATCH;
/** The batch's UUIDs, each let go of once given. */
let made: (string | undefined)[] = [];

/** The next batch's text: 16 random bytes each, the version (4) and variant (10) bits set, in hex with dashes after bytes 4, 6, 8 and 10. */
function refill(): void {
  randomFillSync(random);
  texts[0] = BRACKET;
  let at = 1;
  for (let byte = 0; byte < random.length; byte++) {
    const index = byte % 16;
    if (index === 0) texts[at++] = QUOTE;
    if (index === 4 || index === 6 || index === 8 || index === 10) texts[at++] = DASH;
    const value = index === 6 ? (random[byte]! & 0x0f) | 0x40 : index === 8 ? (random[byte]! & 0x3f) | 0x80 : random[byte]!;
    texts[at++] = HEX[value >> 4]!;
    texts[at++] = HEX[value & 0x0f]!;
    if (index === 15) {
      texts[at++] = QUOTE;
      texts[at++] = byte === random.length - 1 ? CLOSING_BRACKET : COMMA;
    }
  }
  made = JSON.parse(texts.toString('latin1')) as string[];
  next = 0;
}

/** A random UUID (version 4, RFC 9562), lower-case hex: what node:crypto's randomUUID gives. */
export function randomUuid(): string {
  if (next === BATCH) refill();
  const uuid = made[next]!;
  made[next++] = undefined;
  return uuid;
}
