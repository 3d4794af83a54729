import { randomBytes } from "node:crypto";

let lastMs = 0;
let sequence = 0;

/**
 * An id that starts with a prefix and the creation time, and sorts in creation order, even for
 * ids made in the same millisecond (a per-millisecond sequence), followed by a random part so
 * that several processes do not collide: `enq_1767225600000_0000a1b2c3d4e5`.
 */
export function sortableId(prefix: string): string {
  const now = Date.now();
  if (now === lastMs) sequence += 1;
  else {
    lastMs = now;
    sequence = 0;
  }
  return `${prefix}_${now}_${sequence.toString().padStart(4, "0")}${randomBytes(5).toString("hex")}`;
}
