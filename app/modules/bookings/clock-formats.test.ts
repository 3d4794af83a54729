import { TZDate, tz } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { getISODay } from "date-fns/getISODay";
import { describe, expect, it } from "vitest";
import { addDaysToKey, dateKeyOf, dayRangeIn, instantOf, weekdayOf } from "./booking-time";
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

describe("IST's calendar and clock by arithmetic (decision 0066)", () => {
  it("give the instants, weekdays, next days and day ranges the zone database gives, 1946 to 2100", () => {
    const zone = "Asia/Kolkata";
    let compared = 0;
    // Every 47 days and 7 hours and a half: each weekday and hour of the clock comes round.
    for (let at = Date.UTC(1946, 0, 1, 12); at < Date.UTC(2100, 0, 1); at += 1135.5 * 3_600_000) {
      const date = format(new Date(at), "yyyy-MM-dd", { in: tz(zone) });
      for (const time of ["00:00", "05:30", "12:00", "23:59"]) {
        const [hours = 0, minutes = 0] = time.split(":").map(Number);
        const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
        const expected = new TZDate(y, m - 1, d, hours, minutes, zone).getTime();
        expect(instantOf(date, time).getTime()).toBe(expected);
        expect(instantOf(date, time, "Asia/Calcutta").getTime()).toBe(expected);
      }
      const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
      expect(weekdayOf(date)).toBe(getISODay(new TZDate(y, m - 1, d, 12, 0, zone)));
      for (const days of [-400, -31, -1, 1, 29, 366]) {
        expect(addDaysToKey(date, days)).toBe(
          format(addDays(new Date(Date.UTC(y, m - 1, d, 12)), days), "yyyy-MM-dd", {
            in: tz("UTC"),
          }),
        );
      }
      const start = new TZDate(y, m - 1, d, 0, 0, zone);
      expect(dayRangeIn(date, zone)).toEqual({
        from: new Date(start.getTime()),
        to: new Date(addDays(start, 1).getTime()),
      });
      const instant = new Date(at).toISOString();
      expect(clockTimeIn(instant, zone)).toBe(format(new Date(at), "h:mm aaa", { in: tz(zone) }));
      expect(dateKeyOf(instant, zone)).toBe(date);
      compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
  }, 120_000);
});
