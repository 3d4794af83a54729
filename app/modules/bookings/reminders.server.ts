import type { Kysely } from "kysely";
import type { DB } from "~/db/client.server";
import { dialectOf } from "~/db/dialect";
import { runCommand, SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { type BookingContext, manageUrlOf } from "./booking-placement.server";
import { type Booking, getBooking } from "./booking-store.server";
import { consultantNameForVisitors } from "./consultant-name";
import { getConsultant } from "./consultants.server";
import { joinLinkOf } from "./meeting-links.server";
import { buildReminderMail } from "./reminder-mails.server";
import { reminderMinutesOf } from "./reminder-settings";
import { getReminderSettings } from "./reminder-settings.server";

/*
 * Which reminders are due, and sending each exactly once (decision 0046). A reminder is a
 * (booking, offset, booking version) row in `bookingReminders`, inserted in the transaction
 * that queues its mail through the outbox: of two instances (or two ticks) only one gets the
 * row, so the mail is queued once, and a crash before the commit leaves neither. The version is
 * the booking's `icsSequence`, raised by every move and cancel: reminders of the old time are
 * never sent after a move, and the new time gets its own.
 *
 * A reminder is due once its moment (start − offset) has passed, while the meeting has not
 * started and the booking's current time was set before that moment (a meeting booked 10 hours
 * ahead gets no "24 hours" reminder on top of its confirmation). When several are due at once
 * (the server was down), only the nearest goes out; the others are recorded as skipped.
 */

export interface ReminderRun {
  /** Reminders this run queued. */
  sent: number;
}

/** Bookings read at a time (a run goes through all that are due, a batch at a time). */
const BATCH = 200;

/** The offsets (minutes) due for a booking at `now`, nearest (smallest) first. */
export function dueOffsets(
  booking: Pick<Booking, "startsAt" | "updatedAt">,
  offsets: number[],
  now: Date,
): number[] {
  const starts = Date.parse(booking.startsAt);
  if (starts <= now.getTime()) return [];
  const setAt = Date.parse(booking.updatedAt);
  return offsets
    .filter((offset) => {
      const moment = starts - offset * 60_000;
      return moment <= now.getTime() && setAt < moment;
    })
    .sort((a, b) => a - b);
}

/** Finds the reminders due at `now` and queues each one that no other run has claimed. */
export async function sendDueReminders(
  db: DB,
  context: Pick<BookingContext, "secret" | "mail">,
  now: Date,
  batchSize: number = BATCH,
): Promise<ReminderRun> {
  const settings = await getReminderSettings(db);
  const offsets = reminderMinutesOf(settings);
  if (offsets.length === 0) return { sent: 0 };
  const until = new Date(now.getTime() + Math.max(...offsets) * 60_000).toISOString();
  let sent = 0;
  let after: { startsAt: string; id: string } | undefined;
  // Batch after batch in (startsAt, id) order, so that bookings already reminded at the front
  // never keep later ones out of a run.
  for (;;) {
    let query = db
      .selectFrom("bookings")
      .select(["id", "startsAt", "updatedAt", "icsSequence"])
      .where("status", "=", "booked")
      .where("startsAt", ">", now.toISOString())
      .where("startsAt", "<=", until);
    if (after) {
      const { startsAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb("startsAt", ">", startsAt),
          eb.and([eb("startsAt", "=", startsAt), eb("id", ">", id)]),
        ]),
      );
    }
    const bookings = await query.orderBy("startsAt").orderBy("id").limit(batchSize).execute();
    if (bookings.length === 0) break;
    sent += await remindBatch(db, context, bookings, offsets, now);
    if (bookings.length < batchSize) break;
    const last = bookings[bookings.length - 1];
    after = last && { startsAt: last.startsAt, id: last.id };
  }
  return { sent };
}

async function remindBatch(
  db: DB,
  context: Pick<BookingContext, "secret" | "mail">,
  bookings: Array<Pick<Booking, "id" | "startsAt" | "updatedAt" | "icsSequence">>,
  offsets: number[],
  now: Date,
): Promise<number> {
  const claimed = new Set(
    (
      await db
        .selectFrom("bookingReminders")
        .select(["bookingId", "offsetMinutes", "bookingVersion"])
        .where(
          "bookingId",
          "in",
          bookings.map((booking) => booking.id),
        )
        .execute()
    ).map((row) => `${row.bookingId}|${row.offsetMinutes}|${row.bookingVersion}`),
  );
  let sent = 0;
  for (const booking of bookings) {
    const version = Number(booking.icsSequence);
    const open = dueOffsets(booking, offsets, now).filter(
      (offset) => !claimed.has(`${booking.id}|${offset}|${version}`),
    );
    if (open.length === 0) continue;
    if (await claimAndQueue(db, context, booking.id, version, open, now)) sent += 1;
  }
  return sent;
}

/**
 * In one transaction: checks the booking is still booked at that version (locking its row on
 * PostgreSQL, so a concurrent cancel or move comes before or after, never between), claims the
 * nearest offset, records the others as skipped, and queues the mail. False when another run
 * had claimed it or the booking changed.
 */
async function claimAndQueue(
  db: DB,
  context: Pick<BookingContext, "secret" | "mail">,
  bookingId: string,
  version: number,
  offsets: number[],
  now: Date,
): Promise<boolean> {
  return runCommand(db, SYSTEM_ACTOR, async (trx) => {
    let current = trx
      .selectFrom("bookings")
      .select("id")
      .where("id", "=", bookingId)
      .where("status", "=", "booked")
      .where("icsSequence", "=", version);
    if (dialectOf(trx as unknown as Kysely<unknown>) === "postgres") current = current.forUpdate();
    if (!(await current.executeTakeFirst())) return { result: false };
    const booking = await getBooking(trx, bookingId);
    if (!booking || Date.parse(booking.startsAt) <= now.getTime()) return { result: false };
    const [nearest, ...skipped] = offsets;
    if (nearest === undefined) return { result: false };
    const claimedAt = now.toISOString();
    const row = (offsetMinutes: number, outcome: string) => ({
      bookingId,
      offsetMinutes,
      bookingVersion: version,
      outcome,
      claimedAt,
    });
    const won = await trx
      .insertInto("bookingReminders")
      .values(row(nearest, "sent"))
      .onConflict((oc) => oc.columns(["bookingId", "offsetMinutes", "bookingVersion"]).doNothing())
      .returning("offsetMinutes")
      .execute();
    if (won.length === 0) return { result: false };
    if (skipped.length > 0) {
      await trx
        .insertInto("bookingReminders")
        .values(skipped.map((offset) => row(offset, "skipped")))
        .onConflict((oc) =>
          oc.columns(["bookingId", "offsetMinutes", "bookingVersion"]).doNothing(),
        )
        .execute();
    }
    const settings = await getGeneralSettings(trx);
    const consultant = await getConsultant(trx, booking.consultantId);
    const reminderSettings = await getReminderSettings(trx);
    const cutoff = Date.parse(booking.startsAt) - reminderSettings.visitorCutoffHours * 3_600_000;
    const mail = await buildReminderMail(booking, {
      settings,
      baseUrl: context.mail.baseUrl,
      offsetMinutes: nearest,
      consultantName: consultantNameForVisitors(consultant, settings.siteName),
      joinUrl: (await joinLinkOf(trx, booking)).url,
      manageUrl:
        now.getTime() < cutoff ? manageUrlOf(context as BookingContext, booking) : undefined,
    });
    await enqueueMail(trx, mail, now);
    return { result: true };
  });
}
