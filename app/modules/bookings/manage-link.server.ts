import { createHmac, timingSafeEqual } from "node:crypto";
import type { DB } from "~/db/client.server";
import { type Booking, getBooking } from "./booking-store.server";

/*
 * The visitor's private link to reschedule or cancel: `/book/manage/<booking id>.<version>.<HMAC>`.
 * The HMAC (the app's auth secret) covers the purpose, the booking id and the link version, so
 * it works for that booking and that purpose only. It carries no expiry of its own: it works
 * while the booking is booked and its meeting has not started, read from the database when the
 * link is opened, so a move extends it and a cancel ends it. A move raises the version: the link
 * of an earlier confirmation then stops working, and the new e-mail carries the new one.
 */

const PURPOSE = "booking-manage";
export const MANAGE_PATH = "/book/manage";

function signatureOf(secret: string, bookingId: string, version: number): string {
  return createHmac("sha256", secret)
    .update(`${PURPOSE}|${bookingId}|${version}`)
    .digest("base64url");
}

/** The token of a booking's current private link. */
export function manageToken(
  secret: string,
  booking: Pick<Booking, "id" | "manageLinkVersion">,
): string {
  const version = booking.manageLinkVersion;
  return `${booking.id}.${version}.${signatureOf(secret, booking.id, version)}`;
}

/** The link's path (prefix the site's address for an e-mail). */
export function manageLinkPath(
  secret: string,
  booking: Pick<Booking, "id" | "manageLinkVersion">,
): string {
  return `${MANAGE_PATH}/${encodeURIComponent(manageToken(secret, booking))}`;
}

export type ManageLinkCheck =
  | { ok: true; booking: Booking }
  | {
      ok: false;
      /**
       * invalid: not a link of ours (or its booking is gone); superseded: an earlier link of a
       * booking moved since; cancelled; started: the meeting has begun (or is over).
       */
      reason: "invalid" | "superseded" | "cancelled" | "started";
    };

/** Checks a private link's token (signature in constant time), then its booking's state. */
export async function checkManageLink(
  db: DB,
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<ManageLinkCheck> {
  const match = /^([A-Za-z0-9_-]{1,80})\.(\d{1,6})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, bookingId = "", versionText = "", given = ""] = match;
  const version = Number(versionText);
  const expected = Buffer.from(signatureOf(secret, bookingId, version));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return { ok: false, reason: "invalid" };
  }
  const booking = await getBooking(db, bookingId);
  if (!booking) return { ok: false, reason: "invalid" };
  if (booking.manageLinkVersion !== version) return { ok: false, reason: "superseded" };
  if (booking.status === "cancelled") return { ok: false, reason: "cancelled" };
  if (booking.status !== "booked" || Date.parse(booking.startsAt) <= now.getTime()) {
    return { ok: false, reason: "started" };
  }
  return { ok: true, booking };
}
