import { randomBytes } from "node:crypto";
import type { DB } from "~/db/client.server";
import { nowIso } from "~/lib/time";
import { meetingServerOf } from "~/modules/settings/settings.schema";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import type { Booking } from "./booking-store.server";
import { generatedRoomUrl, type JoinLink } from "./meeting-link";

/*
 * Where a booking is joined (decision 0047), read when a mail, the .ics, the private page or
 * the admin page needs it: the consultant's own room when they have one, else the booking's
 * generated room on the Jitsi Meet server of Settings. Its secret is made once per booking (in
 * the booking's own transaction, by the first mail) and never changes, so a moved booking
 * keeps its room.
 */

/** A consultant's own room, or "" when they have none. */
export async function consultantRoomOf(db: DB, consultantId: string): Promise<string> {
  const row = await db
    .selectFrom("consultantMeetingRooms")
    .select("url")
    .where("consultantId", "=", consultantId)
    .executeTakeFirst();
  return row?.url ?? "";
}

/** Sets (or with "" removes) a consultant's own room; whether it changed. */
export async function saveConsultantRoom(db: DB, consultantId: string, url: string) {
  const before = await consultantRoomOf(db, consultantId);
  if (before === url) return false;
  if (url === "") {
    await db
      .deleteFrom("consultantMeetingRooms")
      .where("consultantId", "=", consultantId)
      .execute();
    return true;
  }
  const updatedAt = nowIso();
  await db
    .insertInto("consultantMeetingRooms")
    .values({ consultantId, url, updatedAt })
    .onConflict((oc) => oc.column("consultantId").doUpdateSet({ url, updatedAt }))
    .execute();
  return true;
}

/**
 * The secret of a booking's generated room, made on first use. Two first uses at once (two
 * instances) both insert-or-ignore and then read the one row that won.
 */
export async function roomSecretOf(db: DB, bookingId: string): Promise<string> {
  const read = () =>
    db
      .selectFrom("bookingMeetingRooms")
      .select("roomSecret")
      .where("bookingId", "=", bookingId)
      .executeTakeFirst();
  const found = await read();
  if (found) return found.roomSecret;
  await db
    .insertInto("bookingMeetingRooms")
    .values({ bookingId, roomSecret: randomBytes(16).toString("hex") })
    .onConflict((oc) => oc.column("bookingId").doNothing())
    .execute();
  const made = await read();
  if (!made) throw new Error("The booking's meeting room could not be stored");
  return made.roomSecret;
}

/** Where the booking is joined: its consultant's room, else its generated room. */
export async function joinLinkOf(
  db: DB,
  booking: Pick<Booking, "id" | "consultantId">,
): Promise<JoinLink> {
  const own = await consultantRoomOf(db, booking.consultantId);
  if (own) return { url: own, kind: "consultant" };
  const [settings, secret] = await Promise.all([
    getGeneralSettings(db),
    roomSecretOf(db, booking.id),
  ]);
  return { url: generatedRoomUrl(meetingServerOf(settings), secret), kind: "generated" };
}

/** Forgets the rooms of erased bookings (the secret is no use without them). */
export async function deleteBookingRooms(db: DB, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await db.deleteFrom("bookingMeetingRooms").where("bookingId", "in", bookingIds).execute();
}
