import { describe, expect, it } from "vitest";
import { unpackPickerDays } from "~/modules/bookings/picker-days";
import { gridWeeks, targetOfKey, viewedDateOf } from "./day-grid-model";

/*
 * The day grid's keys and weeks (the WAI-ARIA grid pattern), as the server's markup and the
 * booking island both use them (decision 0077). A span of 2026-03-04 (a Wednesday) to 03-24.
 */
const FIRST = "2026-03-04";
const LAST = "2026-03-24";
const key = (name: string, date: string, ctrl = false) =>
  targetOfKey(name, ctrl, date, FIRST, LAST);

describe("the day grid's keys", () => {
  it("moves by a day, a week and four weeks, never out of the span", () => {
    expect(key("ArrowRight", "2026-03-10")).toBe("2026-03-11");
    expect(key("ArrowLeft", "2026-03-10")).toBe("2026-03-09");
    expect(key("ArrowDown", "2026-03-10")).toBe("2026-03-17");
    expect(key("ArrowUp", "2026-03-10")).toBe("2026-03-04");
    expect(key("ArrowUp", "2026-03-05")).toBe(FIRST);
    expect(key("PageDown", "2026-03-10")).toBe(LAST);
    expect(key("PageUp", "2026-03-24")).toBe(FIRST);
  });

  it("goes to the week's ends with Home and End, to the span's with Ctrl", () => {
    // 2026-03-11 is a Wednesday: its week runs Monday 9 to Sunday 15.
    expect(key("Home", "2026-03-11")).toBe("2026-03-09");
    expect(key("End", "2026-03-11")).toBe("2026-03-15");
    // The span's first week starts on its first day.
    expect(key("Home", "2026-03-06")).toBe(FIRST);
    expect(key("Home", "2026-03-11", true)).toBe(FIRST);
    expect(key("End", "2026-03-11", true)).toBe(LAST);
  });

  it("leaves other keys alone", () => {
    expect(key("Enter", "2026-03-11")).toBeUndefined();
    expect(key("a", "2026-03-11")).toBeUndefined();
  });
});

describe("the day grid's weeks", () => {
  it("shows whole weeks from Monday, four at least", () => {
    const weeks = gridWeeks(FIRST, LAST);
    expect(weeks.map((week) => week[0])).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
      "2026-03-23",
    ]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(gridWeeks("2026-03-04", "2026-03-05")).toHaveLength(4);
  });

  it("views the chosen time's day, else the first day with times", () => {
    const days = unpackPickerDays([
      { date: "2026-03-04", offset: 330, times: "" },
      { date: "2026-03-05", offset: 330, times: "270 300" },
      { date: "2026-03-06", offset: 330, times: "270" },
    ]);
    expect(viewedDateOf(days, undefined)).toBe("2026-03-05");
    expect(viewedDateOf(days, "2026-03-06T04:30:00.000Z")).toBe("2026-03-06");
    expect(viewedDateOf(days, "2026-01-01T00:00:00.000Z")).toBe("2026-03-05");
  });
});
