import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import { dayLabelsOf, packPickerDays, unpackPickerDays } from "./picker-days";
import { pickerDaysOf } from "./slot-listing";

/*
 * /book's loader sends its days packed (decision 0066); the page unpacks them for the markup and
 * for hydration. Unpacked, they must be exactly the days the server listed, in every zone and on
 * the days daylight saving starts and ends, and packed they must be small.
 */

const ZONES = [
  "Asia/Kolkata",
  "America/Los_Angeles",
  "America/New_York",
  "America/St_Johns",
  "Europe/London",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "UTC",
];

/** Every half hour (and a few odd minutes) through `days` days from `from`. */
function slotsFrom(from: string, days: number) {
  const start = Date.parse(from);
  const slots: Array<{ startsAt: string }> = [];
  for (let at = start; at < start + days * 86_400_000; at += 30 * 60_000) {
    slots.push({ startsAt: new Date(at).toISOString() });
  }
  slots.push({ startsAt: new Date(start + 17 * 60_000).toISOString() });
  return slots;
}

describe("packed picker days", () => {
  it("unpack to the days the server listed, daylight saving's changes included", () => {
    // Weeks around the changes of 2026 in the north (March, October/November) and the south.
    for (const from of [
      "2026-03-05T00:00:00.000Z",
      "2026-03-26T00:00:00.000Z",
      "2026-10-22T00:00:00.000Z",
      "2026-04-01T00:00:00.000Z",
      "2026-09-24T00:00:00.000Z",
    ]) {
      for (const zone of ZONES) {
        const days = pickerDaysOf(slotsFrom(from, 14), zone);
        const packed = packPickerDays(days);
        expect(unpackPickerDays(packed), `${zone} from ${from}`).toEqual(days);
        // Every day packed (none sent as it is), a time in a few bytes.
        expect(packed.every((day) => "times" in day)).toBe(true);
        expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(days).length / 8);
      }
    }
  });

  it("keep a day with no times, and a day that would not come back exactly goes as it is", () => {
    const days = pickerDaysOf(
      [{ startsAt: "2026-03-03T04:30:00.000Z" }, { startsAt: "2026-03-05T04:30:00.000Z" }],
      "Asia/Kolkata",
    );
    expect(unpackPickerDays(packPickerDays(days))).toEqual(days);
    const odd = [
      { ...days[0]!, slots: [{ ...days[0]!.slots[0]!, istTime: "a quarter past ten" }] },
    ];
    expect(packPickerDays(odd)).toEqual([{ date: odd[0]!.date, slots: odd[0]!.slots }]);
    expect(unpackPickerDays(packPickerDays(odd))).toEqual(odd);
  });

  it("name a day as date-fns does, through four years", () => {
    for (let at = Date.UTC(2026, 0, 1, 12); at < Date.UTC(2030, 0, 1); at += 86_400_000) {
      const date = new Date(at).toISOString().slice(0, 10);
      const inUtc = { in: tz("UTC") };
      expect(dayLabelsOf(date)).toEqual({
        label: format(new Date(at), "EEE d MMM", inUtc),
        longLabel: format(new Date(at), "EEEE d MMMM yyyy", inUtc),
      });
    }
  });
});
