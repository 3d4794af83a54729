import { describe, expect, it } from "vitest";
import { busyTimesOf } from "./busy-times";

const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR"].join("\r\n");

const event = (...lines: string[]) =>
  ["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

const from = new Date("2026-12-01T00:00:00.000Z");
const to = new Date("2026-12-31T00:00:00.000Z");

describe("busy times of an iCalendar file", () => {
  it("reads a UTC event and one in another zone", () => {
    const text = calendar(
      event("UID:a", "DTSTART:20261202T050000Z", "DTEND:20261202T060000Z"),
      event(
        "UID:b",
        "DTSTART;TZID=Europe/London:20261203T090000",
        "DTEND;TZID=Europe/London:20261203T100000",
      ),
    );
    expect(busyTimesOf(text, from, to)).toEqual([
      { startsAt: "2026-12-02T05:00:00.000Z", endsAt: "2026-12-02T06:00:00.000Z" },
      { startsAt: "2026-12-03T09:00:00.000Z", endsAt: "2026-12-03T10:00:00.000Z" },
    ]);
  });

  it("uses the file's own VTIMEZONE for a zone name no database knows (Outlook's)", () => {
    const text = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T030000",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event(
        "UID:c",
        "DTSTART;TZID=W. Europe Standard Time:20261204T100000",
        "DTEND;TZID=W. Europe Standard Time:20261204T110000",
      ),
    );
    expect(busyTimesOf(text, from, to)).toEqual([
      { startsAt: "2026-12-04T09:00:00.000Z", endsAt: "2026-12-04T10:00:00.000Z" },
    ]);
  });

  it("reads a zone the time-zone database knows with it, not with a wrong VTIMEZONE", () => {
    // What radicale stores for Asia/Kolkata: a VTIMEZONE of +05:00.
    const text = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:Asia/Kolkata",
        "BEGIN:STANDARD",
        "DTSTART:20000101T000000",
        "RRULE:FREQ=YEARLY;BYMONTH=1",
        "TZOFFSETFROM:+0500",
        "TZOFFSETTO:+0500",
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event(
        "UID:k",
        "DTSTART;TZID=Asia/Kolkata:20261203T110000",
        "DTEND;TZID=Asia/Kolkata:20261203T120000",
      ),
    );
    expect(busyTimesOf(text, from, to)).toEqual([
      { startsAt: "2026-12-03T05:30:00.000Z", endsAt: "2026-12-03T06:30:00.000Z" },
    ]);
  });

  it("takes an all-day event as the whole IST day", () => {
    const text = calendar(
      event("UID:d", "DTSTART;VALUE=DATE:20261207", "DTEND;VALUE=DATE:20261208"),
    );
    expect(busyTimesOf(text, from, to)).toEqual([
      { startsAt: "2026-12-06T18:30:00.000Z", endsAt: "2026-12-07T18:30:00.000Z" },
    ]);
  });

  it("expands a weekly series, without its excluded and cancelled dates, with a moved one", () => {
    const text = calendar(
      event(
        "UID:w",
        "DTSTART;TZID=Asia/Kolkata:20261201T100000",
        "DTEND;TZID=Asia/Kolkata:20261201T110000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "EXDATE;TZID=Asia/Kolkata:20261208T100000",
      ),
      event(
        "UID:w",
        "RECURRENCE-ID;TZID=Asia/Kolkata:20261215T100000",
        "DTSTART;TZID=Asia/Kolkata:20261215T150000",
        "DTEND;TZID=Asia/Kolkata:20261215T160000",
      ),
      event(
        "UID:w",
        "RECURRENCE-ID;TZID=Asia/Kolkata:20261222T100000",
        "DTSTART;TZID=Asia/Kolkata:20261222T100000",
        "DTEND;TZID=Asia/Kolkata:20261222T110000",
        "STATUS:CANCELLED",
      ),
    );
    expect(busyTimesOf(text, from, to)).toEqual([
      { startsAt: "2026-12-01T04:30:00.000Z", endsAt: "2026-12-01T05:30:00.000Z" },
      { startsAt: "2026-12-15T09:30:00.000Z", endsAt: "2026-12-15T10:30:00.000Z" },
    ]);
  });

  it("leaves out cancelled and transparent events and what lies outside the window", () => {
    const text = calendar(
      event("UID:x", "DTSTART:20261202T050000Z", "DTEND:20261202T060000Z", "STATUS:CANCELLED"),
      event("UID:y", "DTSTART:20261202T070000Z", "DTEND:20261202T080000Z", "TRANSP:TRANSPARENT"),
      event("UID:z", "DTSTART:20270202T070000Z", "DTEND:20270202T080000Z"),
    );
    expect(busyTimesOf(text, from, to)).toEqual([]);
  });

  it("joins overlapping events into one busy time", () => {
    const text = calendar(
      event("UID:p", "DTSTART:20261202T050000Z", "DTEND:20261202T060000Z"),
      event("UID:q", "DTSTART:20261202T053000Z", "DURATION:PT1H"),
    );
    expect(busyTimesOf(text, from, to)).toEqual([
      { startsAt: "2026-12-02T05:00:00.000Z", endsAt: "2026-12-02T06:30:00.000Z" },
    ]);
  });
});
