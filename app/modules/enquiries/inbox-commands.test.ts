import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewEnquiryRow } from "~/db/schema";
import type { StaffActor } from "~/modules/commands/command.server";
import { deleteEnquiryAsStaff } from "~/modules/leads/enquiry-removal.server";
import { erasePerson, eraseSubscriber } from "~/modules/leads/erasure.server";
import { getSubscriberByEmail, subscribe } from "~/modules/newsletter/newsletter.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import { getEnquiry, listNotes, listStatusChanges } from "./enquiries.server";
import { enquiryRow } from "./enquiry-fixtures";
import { addNoteAsStaff, changeEnquiryStatus, restoreFromSpam } from "./inbox.server";

/*
 * The inbox's writes go through the one write path: each change and its audit entry together
 * or not at all. Enquiries and subscribers are never public output: no content-version bump.
 */

const enquiry = (id: string, fields: Partial<NewEnquiryRow> = {}) =>
  enquiryRow(id, { message: "Hello", ...fields });

describe.each(DIALECTS)("inbox commands on %s", (dialect) => {
  let t: TestDatabase;
  let staff: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    staff = await staffAccount(t.db, { username: "asha" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
    await t.db.deleteFrom("newsletterSubscribers").execute();
    await t.db
      .insertInto("enquiries")
      .values([enquiry("enq_1"), enquiry("enq_2", { spamReason: "too_fast" })])
      .execute();
    await subscribe(t.db, {
      email: "jane@example.com",
      source: "footer:/",
      consentText: "ok",
      confirmed: true,
    });
  });

  it("stores each change with its audit entry, and never raises the content version", async () => {
    const before = await writePathState(t.db);
    expect(await changeEnquiryStatus(t.db, "enq_1", "contacted", staff)).toBe("changed");
    expect(await addNoteAsStaff(t.db, "enq_1", "Called back", staff)).toBe(true);
    expect(await restoreFromSpam(t.db, "enq_2", staff)).toBe(true);
    expect(await deleteEnquiryAsStaff(t.db, "enq_2", staff)).toBe("deleted");
    expect(await eraseSubscriber(t.db, "jane@example.com", staff)).toBe(true);
    expect(await erasePerson(t.db, "jane@example.com", staff)).toMatchObject({ enquiries: 1 });
    expect(await getEnquiry(t.db, "enq_1")).toBeUndefined();

    const after = await writePathState(t.db);
    expect(after.version).toBe(before.version);
    expect(after.audit.slice(before.audit.length).map((e) => [e.action, e.summary])).toEqual([
      ["status", "Set the enquiry from Jane Doe (Acme) to Contacted"],
      ["note", "Added a note to the enquiry from Jane Doe (Acme)"],
      ["restore", "Moved the enquiry from Jane Doe (Acme) out of the spam folder"],
      ["delete", "Deleted the enquiry from Jane Doe (Acme)"],
      ["erase", "Erased a newsletter subscriber"],
      [
        "erase",
        "Erased a person's data on request: 1 enquiry, 0 job applications, no newsletter subscription, 0 e-mails",
      ],
    ]);
    expect(after.audit.every((e) => e.actorId === staff.id && e.actorName === staff.name)).toBe(
      true,
    );
  });

  it("stores nothing when the audit entry fails after the change", async () => {
    const failing = failingOn(t.db, "auditLog");
    const before = await writePathState(t.db);
    await expect(changeEnquiryStatus(failing, "enq_1", "closed", staff)).rejects.toThrow(
      FORCED_FAILURE,
    );
    await expect(addNoteAsStaff(failing, "enq_1", "Lost", staff)).rejects.toThrow(FORCED_FAILURE);
    await expect(restoreFromSpam(failing, "enq_2", staff)).rejects.toThrow(FORCED_FAILURE);
    await expect(deleteEnquiryAsStaff(failing, "enq_1", staff)).rejects.toThrow(FORCED_FAILURE);
    await expect(eraseSubscriber(failing, "jane@example.com", staff)).rejects.toThrow(
      FORCED_FAILURE,
    );
    await expect(erasePerson(failing, "jane@example.com", staff)).rejects.toThrow(FORCED_FAILURE);

    expect(await getEnquiry(t.db, "enq_1")).toMatchObject({ status: "new" });
    expect(await listStatusChanges(t.db, "enq_1")).toEqual([]);
    expect(await listNotes(t.db, "enq_1")).toEqual([]);
    expect((await getEnquiry(t.db, "enq_2"))?.spamReason).toBe("too_fast");
    expect(await getSubscriberByEmail(t.db, "jane@example.com")).toMatchObject({
      status: "subscribed",
    });
    expect(await writePathState(t.db)).toEqual(before);
  });
});
