import { describe, expect, it } from "vitest";
import { pickerDaysOf, zoneLabelOf, zoneOptionsFor } from "./slot-listing";

/*
 * The picker's days: free slots (UTC instants) as the visitor's own days, with their clock time
 * and the IST time beside it.
 */

/** Tuesday 3 March 2026, 10:00, 10:30 and 17:30 IST; Thursday 5 March 10:00 IST. */
const TUESDAY_10_IST = "2026-03-03T04:30:00.000Z";
const TUESDAY_1030_IST = "2026-03-03T05:00:00.000Z";
const TUESDAY_1730_IST = "2026-03-03T12:00:00.000Z";
const THURSDAY_10_IST = "2026-03-05T04:30:00.000Z";

describe("pickerDaysOf", () => {
  it("lists IST slots on IST days with IST beside them", () => {
    const days = pickerDaysOf([{ startsAt: TUESDAY_10_IST }], "Asia/Kolkata");
    expect(days).toEqual([
      {
        date: "2026-03-03",
        label: "Tue 3 Mar",
        longLabel: "Tuesday 3 March 2026",
        slots: [{ startsAt: TUESDAY_10_IST, time: "10:00 am", istTime: "10:00 am IST" }],
      },
    ]);
  });

  it("puts one IST day over two days of a visitor in Los Angeles, midnight between", () => {
    // 10:00 IST is 20:30 the evening before in Los Angeles (PST, UTC-8); 17:30 IST is 04:00.
    const days = pickerDaysOf(
      [
        { startsAt: TUESDAY_1730_IST },
        { startsAt: TUESDAY_10_IST },
        { startsAt: TUESDAY_1030_IST },
      ],
      "America/Los_Angeles",
    );
    expect(days.map((day) => [day.date, day.label])).toEqual([
      ["2026-03-02", "Mon 2 Mar"],
      ["2026-03-03", "Tue 3 Mar"],
    ]);
    expect(days[0]?.slots).toEqual([
      { startsAt: TUESDAY_10_IST, time: "8:30 pm", istTime: "10:00 am IST" },
      { startsAt: TUESDAY_1030_IST, time: "9:00 pm", istTime: "10:30 am IST" },
    ]);
    expect(days[1]?.longLabel).toBe("Tuesday 3 March 2026");
    expect(days[1]?.slots).toEqual([
      { startsAt: TUESDAY_1730_IST, time: "4:00 am", istTime: "5:30 pm IST" },
    ]);
  });

  it("fills the days between two bookable days with empty ones, and keeps Tokyo's own clock", () => {
    const days = pickerDaysOf(
      [{ startsAt: TUESDAY_10_IST }, { startsAt: THURSDAY_10_IST }],
      "Asia/Tokyo",
    );
    expect(days.map((day) => [day.label, day.slots.map((slot) => slot.time)])).toEqual([
      ["Tue 3 Mar", ["1:30 pm"]],
      ["Wed 4 Mar", []],
      ["Thu 5 Mar", ["1:30 pm"]],
    ]);
    expect(days[2]?.slots[0]?.istTime).toBe("10:00 am IST");
  });

  it("gives no days for no slots", () => {
    expect(pickerDaysOf([], "Europe/London")).toEqual([]);
  });
});

describe("the zone list", () => {
  it("names IST plainly and adds the visitor's own zone when it is not a common one", () => {
    expect(zoneLabelOf("Asia/Kolkata")).toBe("India Standard Time (IST)");
    expect(zoneLabelOf("America/Los_Angeles")).toBe("America/Los Angeles");
    const options = zoneOptionsFor("Pacific/Auckland");
    expect(options.at(-1)).toEqual({ value: "Pacific/Auckland", label: "Pacific/Auckland" });
    expect(zoneOptionsFor("Asia/Tokyo").filter((o) => o.value === "Asia/Tokyo")).toHaveLength(1);
  });
});
