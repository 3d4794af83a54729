import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import {
  formatDayMonth,
  formatIndiaDate,
  formatIndiaDateTime,
  indiaClockText,
  indiaDateKey,
} from "./india-format";
import { formatLakhs, formatRupees, formatSalaryRange, groupIndian } from "./rupees";
import { formatSalary, normaliseSalary, parseSalaryText } from "./salary";

describe("dates and times in India Standard Time", () => {
  it("writes a moment the Indian way, in IST whatever the machine's time zone", () => {
    expect(formatIndiaDateTime("2026-11-23T10:15:00.000Z")).toBe("23 Nov 2026, 3:45 pm IST");
    expect(formatIndiaDateTime(new Date("2026-03-02T03:35:00Z"))).toBe("2 Mar 2026, 9:05 am IST");
  });

  it("moves to the next day in India when UTC is still on the day before", () => {
    expect(formatIndiaDateTime("2026-11-23T20:00:00Z")).toBe("24 Nov 2026, 1:30 am IST");
    expect(formatIndiaDate("2026-11-23T20:00:00Z")).toBe("24 Nov 2026");
    expect(indiaDateKey(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01-01");
    expect(indiaDateKey(new Date("2026-12-31T18:29:59Z"))).toBe("2026-12-31");
  });

  it("says 12 for noon and midnight, with pm and am", () => {
    expect(formatIndiaDateTime("2026-11-23T06:30:00Z")).toBe("23 Nov 2026, 12:00 pm IST");
    expect(formatIndiaDateTime("2026-11-23T18:30:00Z")).toBe("24 Nov 2026, 12:00 am IST");
  });

  it("keeps a calendar date on its day", () => {
    expect(formatIndiaDate("2026-01-05")).toBe("5 Jan 2026");
    expect(formatDayMonth("2026-03-09")).toBe("9 Mar");
  });

  it("computes India's clock as the zone database does, from 1900 to 2100", () => {
    const inIndia = tz("Asia/Kolkata");
    // Every 29 days, 997 minutes and 13 seconds: every weekday, hour and minute comes round.
    for (let at = Date.UTC(1900, 0, 1); at < Date.UTC(2100, 0, 1); at += 2_565_433_000) {
      const date = new Date(at);
      expect(indiaClockText(date)).toBe(format(date, "d MMM yyyy, h:mm aaa", { in: inIndia }));
      expect(indiaClockText(date, true)).toBe(
        format(date, "EEE d MMM yyyy, h:mm aaa", { in: inIndia }),
      );
    }
  });

  it("shows text that is not a date as it is", () => {
    expect(formatIndiaDateTime("not a date")).toBe("not a date");
    expect(formatIndiaDate("")).toBe("");
  });
});

describe("rupees with Indian digit grouping", () => {
  it.each([
    [0, "₹0"],
    [999, "₹999"],
    [1_000, "₹1,000"],
    [100_000, "₹1,00,000"],
    [1_200_000, "₹12,00,000"],
    [12_345_678, "₹1,23,45,678"],
    [-5_000, "-₹5,000"],
    [2_499.6, "₹2,500"],
  ])("%d is %s", (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it("groups plain numbers and lakhs the same way", () => {
    expect(groupIndian(1_000_000_000)).toBe("1,00,00,00,000");
    expect(formatLakhs(450_000)).toBe("4.5");
    expect(formatLakhs(1_200_000)).toBe("12");
    expect(formatLakhs(123_456)).toBe("1.23");
  });
});

describe("salaries in lakhs per annum", () => {
  it("writes a yearly salary or range in LPA and a monthly one in rupees", () => {
    expect(formatSalaryRange({ min: 1_200_000, max: 1_200_000, period: "year" })).toBe("₹12 LPA");
    expect(formatSalaryRange({ min: 1_800_000, max: 2_400_000, period: "year" })).toBe(
      "₹18–24 LPA",
    );
    expect(formatSalaryRange({ min: 450_000, max: 650_000, period: "year" })).toBe("₹4.5–6.5 LPA");
    expect(formatSalaryRange({ min: 25_000, max: 40_000, period: "month" })).toBe(
      "₹25,000–40,000 per month",
    );
  });

  it.each([
    ["₹18-24 LPA", "₹18–24 LPA"],
    ["18 – 24 lakh", "₹18–24 LPA"],
    ["12 LPA", "₹12 LPA"],
    ["INR 12,00,000 - 18,00,000 per annum", "₹12–18 LPA"],
    ["₹12,00,000", "₹12 LPA"],
    ["1.2 Cr", "₹120 LPA"],
    ["Rs. 25000 per month", "₹25,000 per month"],
  ])("reads %j as %j", (typed, stored) => {
    expect(normaliseSalary(typed)).toBe(stored);
  });

  it.each(["", "Competitive", "12-18", "₹24-18 LPA", "₹500 per hour", "₹1 - 2 - 3 LPA"])(
    "refuses %j",
    (typed) => {
      expect(parseSalaryText(typed)).toBeUndefined();
    },
  );

  it("shows an old salary that cannot be read as it was typed", () => {
    expect(formatSalary(" As per industry standards ")).toBe("As per industry standards");
    expect(formatSalary("18-24 LPA")).toBe("₹18–24 LPA");
  });
});
