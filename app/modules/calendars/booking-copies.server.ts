import { deleteObject, getBasicAuthHeaders, updateObject } from "tsdav";
import type { DB } from "~/db/client.server";
import { type CalendarSource, strictFetch } from "./calendar-sources.server";

/*
 * The consultant's bookings written into their CalDAV calendar (a calendar whose `writeBookings`
 * is on), so their phone shows what visitors booked. Done by the calendar's sync, under its
 * lease: each booking not cancelled is PUT once, and again when a move raised its `icsSequence`;
 * a cancelled or erased booking's copy is deleted. The copies carry a UID of our own, which the
 * read skips (COPY_UID_PREFIX): the booking itself already holds its time, and a stale copy must
 * never block a time that was freed.
 */

export const COPY_UID_PREFIX = "trc-consultation-";
const DAY = 24 * 60 * 60 * 1000;

/** Writes and deletes calendar objects; tests may bring their own. */
export interface CalendarWriter {
  put(source: CalendarSource, name: string, ics: string): Promise<void>;
  remove(source: CalendarSource, name: string): Promise<void>;
}

const objectUrl = (source: CalendarSource, name: string) =>
  `${source.url.endsWith("/") ? source.url : `${source.url}/`}${name}`;

export const caldavWriter: CalendarWriter = {
  async put(source, name, ics) {
    await updateObject({
      url: objectUrl(source, name),
      data: ics,
      headers: {
        ...getBasicAuthHeaders({ username: source.username, password: source.password }),
        "content-type": "text/calendar; charset=utf-8",
      },
      fetch: strictFetch,
    });
  },
  async remove(source, name) {
    try {
      await deleteObject({
        url: objectUrl(source, name),
        headers: getBasicAuthHeaders({ username: source.username, password: source.password }),
        fetch: strictFetch,
      });
    } catch (error) {
      // Already gone (the consultant deleted it): nothing left to do.
      if (!(error instanceof Error && /HTTP 404/.test(error.message))) throw error;
    }
  },
};

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

/** Lines folded at 75 octets (RFC 5545 3.1), continued with a space. */
function folded(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let part = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(part + char, "utf8") > limit) {
      parts.push(part);
      part = "";
    }
    part += char;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

const stamp = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, "")}Z`;

export function bookingCopyIcs(
  booking: {
    id: string;
    startsAt: string;
    endsAt: string;
    visitorName: string;
    visitorCompany: string;
    icsSequence: number;
  },
  now: Date,
): string {
  const who = booking.visitorCompany
    ? `${booking.visitorName} (${booking.visitorCompany})`
    : booking.visitorName;
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Total Rewards Consulting//Consultations//EN",
    "BEGIN:VEVENT",
    `UID:${COPY_UID_PREFIX}${booking.id}`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `SEQUENCE:${booking.icsSequence}`,
    `DTSTART:${stamp(booking.startsAt)}`,
    `DTEND:${stamp(booking.endsAt)}`,
    folded(`SUMMARY:${text(`Consultation: ${who}`)}`),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const nameOf = (bookingId: string) => `${COPY_UID_PREFIX}${bookingId}.ics`;

/**
 * Brings the calendar's copies in line with the consultant's bookings from a day ago on; returns
 * how many objects were written or deleted. Stops at the first failure (the next sync goes on).
 */
export async function writeBookingCopies(
  db: DB,
  calendar: { id: string; consultantId: string },
  source: CalendarSource,
  options: { now: Date; writer?: CalendarWriter },
): Promise<number> {
  const writer = options.writer ?? caldavWriter;
  const since = new Date(options.now.getTime() - DAY).toISOString();
  const bookings = await db
    .selectFrom("bookings")
    .select(["id", "startsAt", "endsAt", "status", "visitorName", "visitorCompany", "icsSequence"])
    .where("consultantId", "=", calendar.consultantId)
    .where("endsAt", ">", since)
    .execute();
  const copies = await db
    .selectFrom("calendarBookingCopies")
    .select(["bookingId", "sequence"])
    .where("calendarId", "=", calendar.id)
    .execute();
  const copied = new Map(copies.map((copy) => [copy.bookingId, copy.sequence]));
  const live = new Set<string>();
  let changes = 0;

  for (const booking of bookings) {
    if (booking.status === "cancelled") continue;
    live.add(booking.id);
    if (copied.get(booking.id) === booking.icsSequence) continue;
    await writer.put(source, nameOf(booking.id), bookingCopyIcs(booking, options.now));
    await db
      .insertInto("calendarBookingCopies")
      .values({ calendarId: calendar.id, bookingId: booking.id, sequence: booking.icsSequence })
      .onConflict((c) =>
        c.columns(["calendarId", "bookingId"]).doUpdateSet({ sequence: booking.icsSequence }),
      )
      .execute();
    changes += 1;
  }

  // Copies whose booking was cancelled or erased; older bookings' copies stay as they are.
  const current = new Map(bookings.map((booking) => [booking.id, booking]));
  const remaining = await db
    .selectFrom("bookings")
    .select("id")
    .where("id", "in", copies.length > 0 ? copies.map((copy) => copy.bookingId) : [""])
    .where("status", "!=", "cancelled")
    .execute();
  const stillBooked = new Set(remaining.map((row) => row.id));
  for (const copy of copies) {
    if (
      live.has(copy.bookingId) ||
      (stillBooked.has(copy.bookingId) && !current.has(copy.bookingId))
    ) {
      continue;
    }
    await writer.remove(source, nameOf(copy.bookingId));
    await db
      .deleteFrom("calendarBookingCopies")
      .where("calendarId", "=", calendar.id)
      .where("bookingId", "=", copy.bookingId)
      .execute();
    changes += 1;
  }
  return changes;
}
