/**
 * Ids for a register import's new poles, made by the server: UUID version 7 (RFC 9562), the
 * millisecond in the first 48 bits, so a million inserts go to the end of the table's primary key
 * instead of all over it. PostgreSQL's own function for them (utility_pole_uuidv7, an SQL function
 * of byte overlays) was a few µs of the database's time a row, the side an import waits on; here
 * a batch's ids cost the server about as much as their text.
 *
 * Within one millisecond the next 12 bits count up (the RFC's "fixed-length dedicated counter"),
 * so ids come out strictly in the order they are made, which is the file's order; the last 62
 * bits are random, so two servers making ids in the same millisecond do not meet. A millisecond
 * whose 4,096 ids are spent borrows the next one, so a batch made at once runs a few milliseconds
 * ahead of the clock; the stamps never go back.
 */
import { randomFillSync } from "node:crypto";

const SEQUENCE_SPAN = 4096;
const BYTES = 16;

let lastMs = 0;
let sequence = 0;

/** The next stamp and sequence, never before the previous ones. */
function advance(now: number): void {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence === SEQUENCE_SPAN) {
    lastMs += 1;
    sequence = 0;
  }
}

const hex = (b: Buffer, from: number, to: number) => b.toString("hex", from, to);

/** `count` new ids, each after every id made before it in this process. */
export function timeOrderedIds(count: number, now: () => number = Date.now): string[] {
  const bytes = randomFillSync(Buffer.allocUnsafe(count * BYTES));
  const ids = new Array<string>(count);
  const clock = now();
  for (let i = 0, o = 0; i < count; i++, o += BYTES) {
    advance(clock);
    // 48 bits of milliseconds (more than 2^32: split, as bit operators cut at 32).
    bytes.writeUIntBE(lastMs, o, 6);
    bytes[o + 6] = 0x70 | (sequence >>> 8);
    bytes[o + 7] = sequence & 0xff;
    bytes[o + 8] = 0x80 | (bytes[o + 8]! & 0x3f);
    ids[i] =
      `${hex(bytes, o, o + 4)}-${hex(bytes, o + 4, o + 6)}-${hex(bytes, o + 6, o + 8)}-` +
      `${hex(bytes, o + 8, o + 10)}-${hex(bytes, o + 10, o + 16)}`;
  }
  return ids;
}
