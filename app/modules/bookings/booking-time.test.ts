import { describe, expect, it } from "vitest";
import { isTimeZone } from "./booking-time";

describe("isTimeZone", () => {
  it("knows IANA zones and refuses made-up names, the same when asked again (kept answers)", () => {
    for (let round = 0; round < 2; round++) {
      expect(isTimeZone("Asia/Kolkata")).toBe(true);
      expect(isTimeZone("America/New_York")).toBe(true);
      expect(isTimeZone("Asia/Atlantis")).toBe(false);
      expect(isTimeZone("")).toBe(false);
      expect(isTimeZone(`Asia/${"x".repeat(80)}`)).toBe(false);
    }
  });

  it("still answers right after more names than it keeps", () => {
    for (let n = 0; n < 1_100; n++) expect(isTimeZone(`Nowhere/Zone${n}`)).toBe(false);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Nowhere/Zone5")).toBe(false);
  });
});
