import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirstAdmin } from "~/modules/setup/setup-token.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { bookConsultation } from "./booking-commands.server";
import { bookingContext, bookingRequest, TUESDAY_10_IST } from "./booking-fixtures";
import { currentInvitation } from "./manage-page.server";

/*
 * Issue 24: a first admin created from ADMIN_* without ADMIN_NAME is the first consultant,
 * named after the username. Visitors read the firm's name instead ("30-minute consultation with
 * owner", "owner will call you" and CN="owner" before); with ADMIN_NAME they read the name.
 */
/** The invitation's text with its folded lines joined again (RFC 5545 §3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe.each(DIALECTS)("the consultant's name in what visitors get, on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("never shows the username: the firm's name stands in until a display name is given", async () => {
    await createFirstAdmin(t.db, {
      username: "owner",
      email: "owner@sharma.in",
      password: "Saffron-ledger-7731-quay",
    });
    const outcome = await bookConsultation(t.db, bookingRequest(TUESDAY_10_IST), bookingContext());
    if (outcome.status !== "booked") throw new Error(outcome.status);
    const visitorMail = await t.db
      .selectFrom("mailOutbox")
      .select(["textBody", "htmlBody", "calendarEvent"])
      .where("kind", "=", "booking_booked_visitor")
      .executeTakeFirstOrThrow();
    for (const part of [visitorMail.textBody, visitorMail.htmlBody, visitorMail.calendarEvent]) {
      expect(part).not.toMatch(/\bowner\b(?!@)/);
    }
    expect(visitorMail.textBody).toContain("Total Rewards Consulting will meet you by video");
    expect(visitorMail.calendarEvent).toContain('CN=\\"Total Rewards Consulting\\"');
    const invitation = await currentInvitation(t.db, outcome.booking, "https://x.in/book/m/t");
    expect(unfolded(invitation.content)).not.toContain('CN="owner"');
    expect(unfolded(invitation.content)).toContain(
      "Free 30-minute consultation with Total Rewards Consulting.",
    );
  });

  it("uses ADMIN_NAME, the first admin's display name, when it is given", async () => {
    const other = await createTestDatabase(dialect);
    try {
      await createFirstAdmin(other.db, {
        username: "owner",
        name: "Asha Sharma",
        email: "owner@sharma.in",
        password: "Saffron-ledger-7731-quay",
      });
      const outcome = await bookConsultation(
        other.db,
        bookingRequest(TUESDAY_10_IST),
        bookingContext(),
      );
      if (outcome.status !== "booked") throw new Error(outcome.status);
      const invitation = await currentInvitation(other.db, outcome.booking, "https://x.in/m/t");
      expect(unfolded(invitation.content)).toContain('CN="Asha Sharma"');
      expect(unfolded(invitation.content)).toContain(
        "Free 30-minute consultation with Asha Sharma of Total Rewards Consulting.",
      );
    } finally {
      await other.destroy();
    }
  });
});
