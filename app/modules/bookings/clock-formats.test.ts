import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import { dateKeyOf } from "./booking-time";
import { clockTimeIn } from "./slot-listing";

/*
 * The booking page's dates and clock times come from cached Intl formats (decision 0051, for the
 * render's speed); they must read exactly as the date-fns formats they replaced, in every zone,
 * across daylight-saving changes, midnight and noon.
 */

const ZONES = [
  "Asia/Kolkata",
  "America/New_York",
  "America/St_Johns",
  "Europe/London",
  "Asia/Kathmandu",
  "Pacific/Chatham",
];

describe("the booking page's clock times and dates", () => {
  it("read as date-fns with @date-fns/tz reads them, in every zone, through a year and its DST changes", () => {
    const start = Date.UTC(2026, 0, 1);
    let compared = 0;
    for (const zone of ZONES) {
      // Every 105 minutes for a year: each quarter hour of the clock comes round, DST included.
      for (let at = start; at < start + 366 * 86_400_000; at += 105 * 60_000) {
        const instant = new Date(at).toISOString();
        expect(clockTimeIn(instant, zone)).toBe(format(new Date(at), "h:mm aaa", { in: tz(zone) }));
        expect(dateKeyOf(instant, zone)).toBe(format(new Date(at), "yyyy-MM-dd", { in: tz(zone) }));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(25_000);
    expect(clockTimeIn("2026-03-02T18:30:00.000Z", "Asia/Kolkata")).toBe("12:00 am");
    expect(clockTimeIn("2026-03-02T06:30:00.000Z", "Asia/Kolkata")).toBe("12:00 pm");
    expect(dateKeyOf("2026-03-02T18:30:00.000Z")).toBe("2026-03-03");
  }, 120_000);
});
