import { constants, crc32, deflateRawSync } from "node:zlib";

/*
 * A stored page with one per-visitor slot (the enquiry form's timing token), sent gzip-compressed
 * without compressing anything per request. The page is compressed once, as two raw deflate
 * streams around the slot: the part before it ends with a sync flush (byte-aligned, not final),
 * the visitor's value goes in as a stored (uncompressed) deflate block, and the part after it is
 * a stream of its own that ends the data (it refers only to its own bytes). The gzip trailer's
 * CRC-32 of the whole is combined from precomputed parts (see `shiftOver`), so a request costs a
 * CRC of the short value and 32 XORs.
 */

export interface SlottedPage {
  prefix: Buffer;
  suffix: Buffer;
  gzipHead: Buffer;
  gzipTail: Buffer;
  prefixCrc: number;
  suffixCrc: number;
  /** CRC-32 register shift over the suffix's length: one column per bit. */
  shift: Uint32Array;
}

/** A gzip member header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);

/**
 * The linear map that takes crc32(A, 0) to its part in crc32(A + B) for any B of `length`
 * bytes: crc32(B, c) = shift(c) XOR crc32(B, 0), with shift(c) the CRC register advanced over
 * `length` zero bytes, which is linear in c, so 32 columns describe it. Built as zlib's
 * `crc32_combine` does, by squaring the one-bit step (log2 of the length squarings): running
 * CRCs over as many zeros as the page has bytes after its slot, 33 times, was ~1 ms of every
 * /book render (decision 0066).
 */
export function shiftOver(length: number): Uint32Array {
  // One zero bit: the reflected polynomial for the lowest bit, a shift for the others.
  let step: Uint32Array = new Uint32Array(32);
  step[0] = 0xedb88320;
  for (let bit = 1; bit < 32; bit++) step[bit] = (1 << (bit - 1)) >>> 0;
  step = compose(step, step); // two bits
  step = compose(step, step); // four bits
  step = compose(step, step); // one byte
  let total: Uint32Array = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit++) total[bit] = (1 << bit) >>> 0;
  for (let bytes = length; bytes > 0; bytes = Math.floor(bytes / 2)) {
    if (bytes % 2 === 1) total = compose(step, total);
    if (bytes > 1) step = compose(step, step);
  }
  return total;
}

/** The map that applies `second` after `first`, as columns. */
function compose(second: Uint32Array, first: Uint32Array): Uint32Array {
  const columns = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit++) columns[bit] = applyShift(second, first[bit] ?? 0);
  return columns;
}

function applyShift(columns: Uint32Array, crc: number): number {
  let out = 0;
  for (let bit = 0; bit < 32; bit++) if ((crc >>> bit) & 1) out ^= columns[bit] ?? 0;
  return out >>> 0;
}

/**
 * Splits a page at its one placeholder; undefined when it has none (or more than one). The two
 * parts are compressed here, on the event loop (~1.5-2.5 ms of CPU for /book at level 9), not on
 * zlib's threads: the trip there and back cost a whole turn of the event loop, and under issue
 * 25's crowd a turn is hundreds of milliseconds that every /book request waiting for the render
 * waited too (decision 0083).
 */
export function slotPage(body: Buffer, placeholder: string): SlottedPage | undefined {
  const at = body.indexOf(placeholder);
  if (at === -1 || body.indexOf(placeholder, at + 1) !== -1) return undefined;
  const prefix = body.subarray(0, at);
  const suffix = body.subarray(at + Buffer.byteLength(placeholder));
  const head = deflateRawSync(prefix, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const tail = deflateRawSync(suffix, { level: 9 });
  return {
    prefix,
    suffix,
    gzipHead: Buffer.concat([GZIP_HEADER, head]),
    gzipTail: tail,
    prefixCrc: crc32(prefix, 0),
    suffixCrc: crc32(suffix, 0),
    shift: shiftOver(suffix.length),
  };
}

/** The page's bytes with `value` in its slot, as buffers to write in order. */
export function fillSlot(page: SlottedPage, value: string, gzip: boolean): Buffer[] {
  if (!gzip) return [page.prefix, Buffer.from(value, "utf8"), page.suffix];
  // A stored block: BFINAL=0, BTYPE=00, then LEN and its complement, then the bytes.
  const length = Buffer.byteLength(value, "utf8");
  const stored = Buffer.allocUnsafe(5 + length);
  stored[0] = 0;
  stored.writeUInt16LE(length, 1);
  stored.writeUInt16LE(~length & 0xffff, 3);
  stored.write(value, 5, "utf8");
  const filling = stored.subarray(5);
  const crc = (applyShift(page.shift, crc32(filling, page.prefixCrc)) ^ page.suffixCrc) >>> 0;
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((page.prefix.length + length + page.suffix.length) % 2 ** 32, 4);
  return [page.gzipHead, stored, page.gzipTail, trailer];
}
