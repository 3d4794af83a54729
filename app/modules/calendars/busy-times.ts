import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { INDIA_TIME_ZONE } from "~/lib/india-format";

/*
 * The busy times in iCalendar text (a secret address's whole file, or one CalDAV object), as UTC
 * instants within a window: recurring events expanded (RRULE, RDATE, EXDATE and moved or
 * cancelled single occurrences), all-day events as whole days in IST (the consultants' hours are
 * IST), times in the zone their TZID names (the IANA zone of that name, else the file's
 * VTIMEZONE, else IST for a floating time). Cancelled events and transparent ones ("show as free")
 * leave the consultant free.
 */

export interface BusyInterval {
  startsAt: string;
  endsAt: string;
}

/** An expansion stops here: a daily event over a year is 366; this guards against runaway rules. */
const MAX_OCCURRENCES = 5000;

function knownZone(tzid: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of an iCalendar time; `tzid` is the TZID its property named (if any). A TZID the
 * time-zone database knows is read with it, even when the file has a VTIMEZONE of that name:
 * servers write those themselves and get them wrong (radicale writes Asia/Kolkata as +05:00);
 * the file's VTIMEZONE serves the names only it defines (Outlook's "India Standard Time").
 */
function instantOf(time: ICAL.Time, tzid: string | null): number {
  const isUtc = time.zone === ICAL.Timezone.utcTimezone;
  const ownZone = !isUtc && time.zone && time.zone !== ICAL.Timezone.localTimezone;
  if (isUtc || (ownZone && !(tzid && knownZone(tzid)))) return time.toUnixTime() * 1000;
  const zone = !time.isDate && tzid && knownZone(tzid) ? tzid : INDIA_TIME_ZONE;
  const hour = time.isDate ? 0 : time.hour;
  const minute = time.isDate ? 0 : time.minute;
  const second = time.isDate ? 0 : time.second;
  return new TZDate(time.year, time.month - 1, time.day, hour, minute, second, zone).getTime();
}

const tzidOf = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};

function isFree(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status === "CANCELLED" || transparency === "TRANSPARENT";
}

/** The busy intervals of the events in `text` that overlap [from, to), sorted, joined. */
export function busyTimesOf(
  text: string,
  from: Date,
  to: Date,
  /** Events to leave out by their UID (our own copies of bookings). */
  ignoreUid: (uid: string) => boolean = () => false,
): BusyInterval[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent");
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
  events.forEach((component, index) => {
    const uid = String(component.getFirstPropertyValue("uid") ?? `no-uid-${index}`);
    if (ignoreUid(uid)) return;
    const entry = byUid.get(uid) ?? { exceptions: [] };
    if (component.hasProperty("recurrence-id")) entry.exceptions.push(component);
    else entry.master = component;
    byUid.set(uid, entry);
  });

  const windowStart = from.getTime();
  const windowEnd = to.getTime();
  const found: Array<[number, number]> = [];
  const add = (component: ICAL.Component, start: ICAL.Time, end: ICAL.Time) => {
    if (isFree(component)) return;
    const startsAt = instantOf(start, tzidOf(component, "dtstart"));
    const endTzid = component.hasProperty("dtend") ? "dtend" : "dtstart";
    let endsAt = instantOf(end, tzidOf(component, endTzid));
    // An event without an end or duration: a day for an all-day one, else a moment (RFC 5545).
    if (endsAt <= startsAt) endsAt = start.isDate ? startsAt + 86_400_000 : startsAt;
    if (endsAt > startsAt && startsAt < windowEnd && endsAt > windowStart) {
      found.push([startsAt, endsAt]);
    }
  };

  for (const { master, exceptions } of byUid.values()) {
    if (!master) {
      // Moved occurrences of a series this object does not hold: each stands alone.
      for (const component of exceptions) {
        const event = new ICAL.Event(component);
        add(component, event.startDate, event.endDate);
      }
      continue;
    }
    const event = new ICAL.Event(master, { exceptions: exceptions.map((e) => new ICAL.Event(e)) });
    if (!event.isRecurring()) {
      add(master, event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    // Stop a little past the window's end: an occurrence's wall time may be read in a zone
    // ahead of the one the rule runs in.
    const stopAt = windowEnd + 2 * 86_400_000;
    const masterTzid = tzidOf(master, "dtstart");
    for (let count = 0; count < MAX_OCCURRENCES; count++) {
      const next = iterator.next();
      if (!next) break;
      if (instantOf(next, masterTzid) > stopAt) break;
      const details = event.getOccurrenceDetails(next);
      add(details.item.component, details.startDate, details.endDate);
    }
    // Occurrences moved into the window from a recurrence-id past the expansion's end.
    for (const exception of exceptions) {
      const recurrenceId = exception.getFirstPropertyValue("recurrence-id");
      if (!(recurrenceId instanceof ICAL.Time)) continue;
      if (instantOf(recurrenceId, tzidOf(exception, "recurrence-id")) > stopAt) {
        const moved = new ICAL.Event(exception);
        add(exception, moved.startDate, moved.endDate);
      }
    }
  }
  return joined(found);
}

/** Sorted, with overlapping or touching intervals made one. */
export function joined(intervals: Array<[number, number]>): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
  }));
}
