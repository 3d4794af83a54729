import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewEnquiryRow } from "~/db/schema";
import { getEnquiryDetail } from "~/modules/leads/enquiry-detail.server";
import { deleteEnquiryAsStaff } from "~/modules/leads/enquiry-removal.server";
import { erasePerson, eraseSubscriber, erasureReference } from "~/modules/leads/erasure.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { getSubscriberByEmail, subscribe } from "~/modules/newsletter/newsletter.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { getEnquiry } from "./enquiries.server";
import { numberedEnquiry } from "./enquiry-fixtures";
import { addNoteAsStaff, changeEnquiryStatus, restoreFromSpam } from "./inbox.server";
import { listEnquiries } from "./inbox-list.server";

describe.each(DIALECTS)("the staff inbox on %s", (dialect) => {
  let t: TestDatabase;
  const staff = { id: "staff_1", name: "Asha Admin" };

  const row = (i: number, fields: Partial<NewEnquiryRow> = {}) => numberedEnquiry(i, fields);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await t.db
      .insertInto("user")
      .values({
        id: staff.id,
        name: staff.name,
        email: "asha@example.com",
        emailVerified: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
    await t.db.deleteFrom("auditLog").execute();
    await t.db.deleteFrom("newsletterSubscribers").execute();
    await t.db.deleteFrom("mailOutbox").execute();
  });

  it("changes the status with history and audit, adds notes, and shows who did it", async () => {
    await t.db.insertInto("enquiries").values(row(1)).execute();
    expect(await changeEnquiryStatus(t.db, "enq_t_001", "contacted", staff)).toBe("changed");
    expect(await changeEnquiryStatus(t.db, "enq_t_001", "contacted", staff)).toBe("unchanged");
    expect(await addNoteAsStaff(t.db, "enq_t_001", "Left a voicemail", staff)).toBe(true);
    expect(await changeEnquiryStatus(t.db, "missing", "closed", staff)).toBe("missing");
    expect(await addNoteAsStaff(t.db, "missing", "x", staff)).toBe(false);
    await enqueueMail(t.db, {
      kind: "enquiry_notification",
      to: "firm@example.in",
      subject: "s",
      text: "t",
      html: "h",
      relatedId: "enq_t_001",
    });

    const detail = await getEnquiryDetail(t.db, "enq_t_001");
    expect(detail?.enquiry.status).toBe("contacted");
    expect(detail?.history).toMatchObject([
      { fromStatus: "new", toStatus: "contacted", by: "Asha Admin" },
    ]);
    expect(detail?.notes).toMatchObject([{ body: "Left a voicemail", by: "Asha Admin" }]);
    expect(detail?.mails).toMatchObject([
      { kind: "enquiry_notification", to: "firm@example.in", status: "pending" },
    ]);
    expect(await getEnquiryDetail(t.db, "missing")).toBeUndefined();

    const audit = await t.db
      .selectFrom("auditLog")
      .select(["action", "summary", "actorId"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      {
        action: "status",
        summary: "Set the enquiry from Name1 Person (Company 1) to Contacted",
        actorId: staff.id,
      },
      {
        action: "note",
        summary: "Added a note to the enquiry from Name1 Person (Company 1)",
        actorId: staff.id,
      },
    ]);
  });

  it("shows a removed staff member's changes and notes as Former staff", async () => {
    const leaver = { id: "staff_leaver", name: "Vikram Leaver" };
    await t.db
      .insertInto("user")
      .values({
        ...leaver,
        email: "vikram@example.com",
        emailVerified: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
    await t.db.insertInto("enquiries").values(row(1)).execute();
    await changeEnquiryStatus(t.db, "enq_t_001", "qualified", leaver);
    await addNoteAsStaff(t.db, "enq_t_001", "Handed over", leaver);
    expect((await getEnquiryDetail(t.db, "enq_t_001"))?.notes[0]?.by).toBe("Vikram Leaver");
    await t.db.deleteFrom("user").where("id", "=", leaver.id).execute();
    const detail = await getEnquiryDetail(t.db, "enq_t_001");
    expect(detail?.history).toMatchObject([{ toStatus: "qualified", by: "Former staff" }]);
    expect(detail?.notes).toMatchObject([{ body: "Handed over", by: "Former staff" }]);
  });

  it("restores from the spam folder and deletes, both recorded", async () => {
    await t.db
      .insertInto("enquiries")
      .values([row(1, { spamReason: "honeypot" }), row(2)])
      .execute();
    expect(await restoreFromSpam(t.db, "enq_t_001", staff)).toBe(true);
    expect((await getEnquiry(t.db, "enq_t_001"))?.spamReason).toBeNull();
    // Again, or for one that was never spam: nothing changes and nothing is recorded.
    const before = await getEnquiry(t.db, "enq_t_001");
    expect(await restoreFromSpam(t.db, "enq_t_001", staff)).toBe(true);
    expect(await restoreFromSpam(t.db, "enq_t_002", staff)).toBe(true);
    expect(await getEnquiry(t.db, "enq_t_001")).toEqual(before);
    expect((await getEnquiry(t.db, "enq_t_002"))?.updatedAt).toBeNull();
    expect(await deleteEnquiryAsStaff(t.db, "enq_t_002", staff)).toBe("deleted");
    expect(await deleteEnquiryAsStaff(t.db, "enq_t_002", staff)).toBe("not_found");
    expect(await restoreFromSpam(t.db, "missing", staff)).toBe(false);
    const actions = await t.db.selectFrom("auditLog").select("action").orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["restore", "delete"]);
  });

  it("erases a person: enquiries, subscription and mails, recorded without the address", async () => {
    await t.db
      .insertInto("enquiries")
      .values([
        row(1, { email: "Erase.Me@Example.com" }),
        row(2, { email: "erase.me@example.com", spamReason: "too_fast" }),
        row(3),
      ])
      .execute();
    await subscribe(t.db, {
      email: "erase.me@example.com",
      source: "footer:/",
      consentText: "ok",
      confirmed: true,
    });
    await enqueueMail(t.db, {
      kind: "enquiry_acknowledgement",
      to: "Erase.Me@Example.com",
      subject: "s",
      text: "t",
      html: "h",
      personEmail: "erase.me@example.com",
      relatedId: "enq_t_001",
    });

    const result = await erasePerson(t.db, " ERASE.me@example.com ", staff);
    expect(result).toEqual({
      enquiries: 2,
      bookings: 0,
      applications: 0,
      cvs: 0,
      subscription: true,
      mails: 1,
    });
    expect((await listEnquiries(t.db)).items.map((e) => e.id)).toEqual(["enq_t_003"]);
    expect((await listEnquiries(t.db, { spam: true })).total).toBe(0);
    expect(await getSubscriberByEmail(t.db, "erase.me@example.com")).toBeUndefined();
    expect(await t.db.selectFrom("mailOutbox").selectAll().execute()).toEqual([]);

    const [entry] = await t.db.selectFrom("auditLog").selectAll().execute();
    expect(entry).toMatchObject({
      action: "erase",
      entityType: "person",
      entityId: erasureReference("erase.me@example.com"),
      actorId: staff.id,
    });
    expect(entry?.summary).toBe(
      "Erased a person's data on request: 2 enquiries, 0 job applications, the newsletter subscription, 1 e-mail",
    );
    expect(JSON.stringify(entry).toLowerCase()).not.toContain("erase.me");

    // Nothing left: an erasure of an unknown address still says what it did.
    expect(await erasePerson(t.db, "erase.me@example.com", staff)).toEqual({
      enquiries: 0,
      bookings: 0,
      applications: 0,
      cvs: 0,
      subscription: false,
      mails: 0,
    });
  });

  it("erases one subscriber with its confirmation mails, leaving enquiry mails alone", async () => {
    const { subscriber } = await subscribe(t.db, {
      email: "reader@example.com",
      source: "footer:/",
      consentText: "ok",
      confirmed: false,
    });
    await enqueueMail(t.db, {
      kind: "newsletter_confirmation",
      to: "reader@example.com",
      subject: "s",
      text: "t",
      html: "h",
      relatedId: subscriber.id,
    });
    await enqueueMail(t.db, {
      kind: "enquiry_acknowledgement",
      to: "reader@example.com",
      subject: "s",
      text: "t",
      html: "h",
      relatedId: "enq_other",
    });
    expect(await eraseSubscriber(t.db, "Reader@example.com", staff)).toBe(true);
    expect(await eraseSubscriber(t.db, "reader@example.com", staff)).toBe(false);
    const left = await t.db.selectFrom("mailOutbox").select("kind").execute();
    expect(left.map((m) => m.kind)).toEqual(["enquiry_acknowledgement"]);
  });
});
