import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fillSlot, shiftOver, slotPage } from "./slotted-page.ts";

/*
 * A stored page with a visitor's slot goes out gzip-compressed without compressing per request;
 * its gzip trailer's CRC is combined from precomputed parts (decision 0066: the shift over the
 * part after the slot is built by squaring, as zlib's crc32_combine does).
 */

describe("a slotted page", () => {
  it("shifts a CRC over any length as CRCs over that many zero bytes do", () => {
    for (const length of [0, 1, 2, 3, 7, 8, 255, 1000, 65_537, 123_457]) {
      const zeros = Buffer.alloc(length);
      const shift = shiftOver(length);
      for (const crc of [0, 1, 0x80000000, 0xdeadbeef, 0xffffffff]) {
        let shifted = 0;
        for (let bit = 0; bit < 32; bit++) if ((crc >>> bit) & 1) shifted ^= shift[bit] ?? 0;
        expect(shifted >>> 0, `${length} bytes, ${crc}`).toBe(
          (crc32(zeros, crc) ^ crc32(zeros, 0)) >>> 0,
        );
      }
    }
  });

  it("unzips to the page with each visitor's value in its slot", async () => {
    const placeholder = "<!--slot-->";
    const body = Buffer.from(
      `<html><body>${randomBytes(40_000).toString("base64")}${placeholder}${randomBytes(70_000).toString("hex")} ₹</body></html>`,
    );
    const page = slotPage(body, placeholder);
    if (!page) throw new Error("no slot");
    for (const value of ["", "v1.1764000000000.abc.def", "ünïcode ₹ value"]) {
      const gzipped = Buffer.concat(fillSlot(page, value, true));
      // gunzip checks the trailer's CRC and length.
      expect(gunzipSync(gzipped).toString()).toBe(body.toString().replace(placeholder, value));
      expect(Buffer.concat(fillSlot(page, value, false)).toString()).toBe(
        body.toString().replace(placeholder, value),
      );
    }
  });
});
