import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertApplication,
  insertPosting,
  postingCount,
  storedFileRows,
} from "~/modules/applications/application-fixtures";
import { getApplication } from "~/modules/applications/applications.server";
import type { StaffActor } from "~/modules/commands/command.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
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
import { erasePerson } from "./erasure.server";

/*
 * "Erase a person" covers job applications too (issue 13): every application from the address,
 * matched without regard to case, goes with its notes, history, CV file and mails, in the same
 * transaction as the enquiries, and the posting's public count follows.
 */

describe.each(DIALECTS)("erasing a person's job applications on %s", (dialect) => {
  let t: TestDatabase;
  let staff: StaffActor;
  let active: string;
  let draft: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    staff = await staffAccount(t.db, { username: "asha" });
    active = await insertPosting(t.db, { title: "Reward Analyst" });
    draft = await insertPosting(t.db, { title: "Draft Role", status: "draft" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("applicationNotes").execute();
    await t.db.deleteFrom("applications").execute();
    await t.db.deleteFrom("storedFileChunks").execute();
    await t.db.deleteFrom("storedFiles").execute();
    await t.db.deleteFrom("mailOutbox").execute();
    await t.db.deleteFrom("auditLog").execute();
  });

  it("deletes every application from the address with its CV, notes and mails, and records it", async () => {
    const first = await insertApplication(t.db, { careerId: active, email: "Priya@Example.in" });
    const spam = await insertApplication(t.db, {
      careerId: active,
      email: "priya@example.in",
      spamReason: "too_fast",
    });
    const noCv = await insertApplication(t.db, {
      careerId: draft,
      email: "priya@example.in",
      cv: null,
    });
    const other = await insertApplication(t.db, { careerId: active, email: "ravi@example.in" });
    // Three more people: the posting shows "5+ applications" until Priya's goes.
    for (const email of ["a@example.in", "b@example.in", "c@example.in"]) {
      await insertApplication(t.db, { careerId: active, email, cv: null });
    }
    await t.db
      .insertInto("applicationNotes")
      .values({
        id: "note_1",
        applicationId: first.id,
        authorId: staff.id,
        body: "Strong profile",
        createdAt: new Date().toISOString(),
      })
      .execute();
    await enqueueMail(t.db, {
      kind: "application_notification",
      to: "careers@firm.example",
      subject: "New application",
      text: "Priya applied",
      html: "Priya applied",
      relatedId: first.id,
    });
    expect(await postingCount(t.db, active)).toBe(5);
    const before = await writePathState(t.db);

    const result = await erasePerson(t.db, " PRIYA@example.in ", staff);

    expect(result).toEqual({
      enquiries: 0,
      bookings: 0,
      applications: 3,
      cvs: 2,
      subscription: false,
      mails: 1,
    });
    for (const gone of [first, spam, noCv])
      expect(await getApplication(t.db, gone.id)).toBe(undefined);
    for (const file of [first.cvFileId, spam.cvFileId]) {
      expect(await storedFileRows(t.db, file as string)).toEqual({ files: 0, chunks: 0 });
    }
    expect(await t.db.selectFrom("applicationNotes").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
    // Ravi's application, CV and count stay.
    expect(await getApplication(t.db, other.id)).toMatchObject({ email: "ravi@example.in" });
    expect(await storedFileRows(t.db, other.cvFileId as string)).toEqual({ files: 1, chunks: 1 });
    expect(await postingCount(t.db, active)).toBe(4);

    const after = await writePathState(t.db);
    // The figure of an active posting went from "5+" to none: the public pages must follow.
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.audit.map((entry) => entry.summary)).toEqual([
      "Erased a person's data on request: 0 enquiries, 3 job applications with 2 CVs, no newsletter subscription, 1 e-mail",
    ]);
    expect(JSON.stringify(after.audit).toLowerCase()).not.toContain("priya");
  });

  it("leaves the public pages alone when no application was counted on a public posting", async () => {
    await insertApplication(t.db, { careerId: draft, email: "meera@example.in" });
    await insertApplication(t.db, {
      careerId: active,
      email: "meera@example.in",
      spamReason: "honeypot",
    });
    const before = await writePathState(t.db);
    expect(await erasePerson(t.db, "meera@example.in", staff)).toMatchObject({ applications: 2 });
    expect((await writePathState(t.db)).version).toBe(before.version);
  });

  it("keeps every application and CV when the erasure cannot be recorded", async () => {
    const kept = await insertApplication(t.db, { careerId: active, email: "kiran@example.in" });
    const before = await writePathState(t.db);
    await expect(
      erasePerson(failingOn(t.db, "auditLog"), "kiran@example.in", staff),
    ).rejects.toThrow(FORCED_FAILURE);
    expect(await getApplication(t.db, kept.id)).toMatchObject({ email: "kiran@example.in" });
    expect(await storedFileRows(t.db, kept.cvFileId as string)).toEqual({ files: 1, chunks: 1 });
    expect(await postingCount(t.db, active)).toBe(1);
    expect(await writePathState(t.db)).toEqual(before);
  });
});
