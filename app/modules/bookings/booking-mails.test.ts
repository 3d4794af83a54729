import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OutboxRow } from "~/db/schema";
import type { CalendarInvite } from "~/modules/mail/outbox.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { eventOf, parseICalendar } from "../../../tests/support/icalendar";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { cancelBooking, moveBooking } from "./booking-changes.server";
import { bookConsultation } from "./booking-commands.server";
import {
  bookingContext,
  bookingRequest,
  clearBookings,
  consultantFixture,
  TUESDAY_10_IST,
  TUESDAY_11_IST,
} from "./booking-fixtures";

/*
 * Issue 22: the booking mails as they sit in the outbox. Every address in a mail (the private
 * link, the booking page, the admin page, an e-mail address, a phone number) is a link in its
 * HTML copy; the firm's mailbox, which got the first invitation, also gets the move
 * (SEQUENCE + 1) and the cancellation; and each invitation's method is its VCALENDAR's METHOD.
 */

type Row = Pick<OutboxRow, "kind" | "toAddress" | "textBody" | "htmlBody" | "calendarEvent">;

/** The HTML copy as a reader sees it, with every link taken out (its text included). */
function textOutsideLinks(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/i, " ")
    .replace(/<a\s[^>]*>[\s\S]*?<\/a>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

const hrefsOf = (html: string) =>
  [...html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((match) =>
    (match[1] ?? "").replace(/&amp;/g, "&"),
  );

const URL_OR_ADDRESS = /https?:\/\/\S+|[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

const calendarOf = (row: Row) => {
  const invite = JSON.parse(row.calendarEvent ?? "null") as CalendarInvite | null;
  if (!invite) throw new Error(`${row.kind} to ${row.toAddress} has no invitation`);
  return { invite, event: eventOf(parseICalendar(invite.content)), ics: invite.content };
};

describe.each(DIALECTS)("booking mails in the outbox, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await clearBookings(t.db);
  });

  const rows = async (): Promise<Row[]> =>
    t.db
      .selectFrom("mailOutbox")
      .select(["kind", "toAddress", "textBody", "htmlBody", "calendarEvent"])
      .orderBy("id")
      .execute();

  /** Books, moves and cancels one consultation: the mails of the three events, in order. */
  async function bookMoveCancel(context = bookingContext()) {
    const { actor } = await consultantFixture(t.db);
    const outcome = await bookConsultation(
      t.db,
      bookingRequest(TUESDAY_10_IST, { timeZone: "America/Los_Angeles", phone: "+91 98765 43210" }),
      context,
    );
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const moved = await moveBooking(
      t.db,
      actor,
      { bookingId: outcome.booking.id, startsAt: TUESDAY_11_IST },
      context,
    );
    expect(moved.ok).toBe(true);
    expect((await cancelBooking(t.db, actor, outcome.booking.id, context)).ok).toBe(true);
    return { booking: outcome.booking, mails: await rows() };
  }

  it("writes every link of every booking mail, visitor's and staff's, as an <a href>", async () => {
    const { mails } = await bookMoveCancel();
    const kinds = new Set(mails.map((mail) => mail.kind));
    for (const kind of ["visitor", "consultant", "firm"]) {
      for (const event of ["booked", "moved", "cancelled"]) {
        expect(kinds).toContain(`booking_${event}_${kind}`);
      }
    }
    for (const mail of mails) {
      const where = `${mail.kind} to ${mail.toAddress}`;
      // Nothing a reader would click is left as bare text.
      expect(textOutsideLinks(mail.htmlBody).match(URL_OR_ADDRESS), where).toBeNull();
      // And every address the text copy names is a link's target in the HTML copy.
      const hrefs = hrefsOf(mail.htmlBody);
      for (const found of mail.textBody.match(URL_OR_ADDRESS) ?? []) {
        const address = found.replace(/[.,)]+$/, "");
        const target = address.includes("://") ? address : `mailto:${address}`;
        expect(hrefs, `${where}: ${address}`).toContain(target);
      }
    }
    const visitorBooked = mails.find((mail) => mail.kind === "booking_booked_visitor");
    expect(hrefsOf(visitorBooked?.htmlBody ?? "")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^https:\/\/trc\.example\.in\/book\/manage\//),
        expect.stringMatching(/^tel:\+\d+$/),
        expect.stringMatching(/^mailto:/),
      ]),
    );
    const visitorCancelled = mails.find((mail) => mail.kind === "booking_cancelled_visitor");
    expect(hrefsOf(visitorCancelled?.htmlBody ?? "")).toContain("https://trc.example.in/book");
    const staffBooked = mails.find((mail) => mail.kind === "booking_booked_consultant");
    expect(hrefsOf(staffBooked?.htmlBody ?? "")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^https:\/\/trc\.example\.in\/admin\/bookings\/bkg_/),
        expect.stringMatching(/^mailto:asha\d+@example\.com$/),
        "tel:+919876543210",
      ]),
    );
  });

  it("sends the firm's mailbox the move (sequence + 1) and the cancellation too", async () => {
    const { booking, mails } = await bookMoveCancel();
    const firm = mails.filter((mail) => mail.toAddress === "firm@example.in");
    expect(firm.map((mail) => mail.kind)).toEqual([
      "booking_booked_firm",
      "booking_moved_firm",
      "booking_cancelled_firm",
    ]);
    expect(
      firm.map((mail) => {
        const { invite, event } = calendarOf(mail);
        return [invite.method, event.get("UID"), event.get("SEQUENCE")];
      }),
    ).toEqual([
      ["REQUEST", booking.icsUid, "0"],
      ["REQUEST", booking.icsUid, "1"],
      ["CANCEL", booking.icsUid, "2"],
    ]);
    expect(calendarOf(firm[2]!).event.get("STATUS")).toBe("CANCELLED");
  });

  it("without NOTIFY_TO, sends every event to the invitation's ORGANIZER, the site's e-mail", async () => {
    const context = bookingContext();
    const { mails } = await bookMoveCancel({
      ...context,
      mail: { ...context.mail, notifyTo: undefined },
    });
    const siteEmail = (await getGeneralSettings(t.db)).email;
    const organizer = calendarOf(mails[0]!)
      .event.property("ORGANIZER")
      ?.value.replace(/^mailto:/i, "");
    expect(organizer).toBe(siteEmail);
    const toOrganizer = mails.filter((mail) => mail.toAddress === organizer);
    expect(toOrganizer.map((mail) => [mail.kind, calendarOf(mail).event.get("SEQUENCE")])).toEqual([
      ["booking_booked_firm", "0"],
      ["booking_moved_firm", "1"],
      ["booking_cancelled_firm", "2"],
    ]);
  });

  it("labels each stored invitation with the METHOD of the VCALENDAR it carries", async () => {
    const { mails } = await bookMoveCancel();
    expect(mails.length).toBe(9);
    for (const mail of mails) {
      const { invite, ics } = calendarOf(mail);
      expect(parseICalendar(ics).get("METHOD"), `${mail.kind}`).toBe(invite.method);
      expect(invite.method).toBe(mail.kind.startsWith("booking_cancelled") ? "CANCEL" : "REQUEST");
    }
  });
});
