import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { fileStore } from "~/modules/files/file-store.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  auditEntries,
  FORCED_FAILURE,
  failingOn,
  staffAccount,
  writePathState,
} from "../../../tests/support/write-path";
import {
  addApplicationNote,
  changeApplicationStatus,
  deleteApplicationAsStaff,
  restoreApplicationFromSpam,
} from "./application-commands.server";
import { getApplicationDetail } from "./application-detail.server";
import { insertApplication, insertPosting } from "./application-fixtures";

/*
 * The staff's writes on an application go through the one write path: the change and its audit
 * entry together or not at all, and a content-version bump only when the public applications
 * figure ("5+ applications") of a posting visitors can see (active or closed) changed.
 */

const count = async (t: TestDatabase, careerId: string) =>
  (
    await t.db
      .selectFrom("careers")
      .select("applications")
      .where("id", "=", careerId)
      .executeTakeFirstOrThrow()
  ).applications;

describe.each(DIALECTS)("application commands on %s", (dialect) => {
  let t: TestDatabase;
  let staff: StaffActor;

  /** A posting of its own with `n` applications outside the spam folder. */
  async function postingWith(id: string, n: number, status: "active" | "closed" = "active") {
    await insertPosting(t.db, { id, title: `Role ${id}`, status });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await insertApplication(t.db, { careerId: id })).id);
    expect(await count(t, id)).toBe(n);
    return ids;
  }

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    staff = await staffAccount(t.db, { username: "asha" });
    await insertPosting(t.db, { id: "consultant", title: "Senior Consultant" });
    await insertPosting(t.db, { id: "old-role", title: "Old Role", status: "closed" });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("changes the status with a history row naming who and when, and an audit entry", async () => {
    const { id } = await insertApplication(t.db, {
      careerId: "consultant",
      fullName: "Priya Sharma",
      careerTitle: "Senior Consultant",
    });
    const version = await readContentVersion(t.db);
    expect(await changeApplicationStatus(t.db, staff, { id, status: "interview" })).toBe("changed");
    expect(await changeApplicationStatus(t.db, staff, { id, status: "interview" })).toBe(
      "unchanged",
    );
    expect(await changeApplicationStatus(t.db, staff, { id: "nobody", status: "offer" })).toBe(
      "missing",
    );
    const detail = await getApplicationDetail(t.db, id);
    expect(detail?.application.status).toBe("interview");
    expect(
      detail?.history.map(({ fromStatus, toStatus, by }) => ({ fromStatus, toStatus, by })),
    ).toEqual([{ fromStatus: "new", toStatus: "interview", by: "Asha Test" }]);
    const audit = (await auditEntries(t.db)).filter((entry) => entry.entityId === id);
    expect(audit).toEqual([
      {
        actorId: staff.id,
        actorName: "Asha Test",
        action: "status",
        entityType: "application",
        entityId: id,
        summary: "Set the application of Priya Sharma for Senior Consultant to Interview",
      },
    ]);
    // A status is not public: no bump.
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("leaves status, history and audit as they were when the audit entry fails", async () => {
    const { id } = await insertApplication(t.db, { careerId: "consultant" });
    const before = await writePathState(t.db);
    await expect(
      changeApplicationStatus(failingOn(t.db, "auditLog"), staff, { id, status: "hired" }),
    ).rejects.toThrow(FORCED_FAILURE);
    const detail = await getApplicationDetail(t.db, id);
    expect(detail?.application.status).toBe("new");
    expect(detail?.history).toEqual([]);
    expect(await writePathState(t.db)).toEqual(before);
  });

  it("adds notes, oldest first, with their author", async () => {
    const { id } = await insertApplication(t.db, { careerId: "consultant" });
    expect(
      await addApplicationNote(t.db, staff, { id, body: "  Strong benchmarking work. " }),
    ).toBe(true);
    expect(await addApplicationNote(t.db, staff, { id, body: "Call on Monday." })).toBe(true);
    expect(await addApplicationNote(t.db, staff, { id: "nobody", body: "x" })).toBe(false);
    const detail = await getApplicationDetail(t.db, id);
    expect(detail?.notes.map(({ body, by }) => ({ body, by }))).toEqual([
      { body: "Strong benchmarking work.", by: "Asha Test" },
      { body: "Call on Monday.", by: "Asha Test" },
    ]);
    const actions = (await auditEntries(t.db))
      .filter((entry) => entry.entityId === id)
      .map((entry) => entry.action);
    expect(actions).toEqual(["note", "note"]);
  });

  it("deletes the application with its CV, notes and history, updates the count and the public version", async () => {
    // The fifth application: deleting it takes the posting's figure from "5+" back to none.
    await postingWith("analyst", 4);
    const { id } = await insertApplication(t.db, {
      careerId: "analyst",
      cv: { bytes: new TextEncoder().encode("%PDF-1.4 a CV") },
    });
    await addApplicationNote(t.db, staff, { id, body: "To delete" });
    const fileId = (await getApplicationDetail(t.db, id))?.cv?.id;
    expect(fileId).toBeDefined();
    const countBefore = await count(t, "analyst");
    const version = await readContentVersion(t.db);

    expect(await deleteApplicationAsStaff(t.db, staff, { id })).toBe(true);
    expect(await getApplicationDetail(t.db, id)).toBeUndefined();
    expect(await fileStore.describe(t.db, fileId!)).toBeUndefined();
    const left = await t.db
      .selectFrom("applicationNotes")
      .select("id")
      .where("applicationId", "=", id)
      .union(
        t.db.selectFrom("applicationStatusChanges").select("id").where("applicationId", "=", id),
      )
      .execute();
    expect(left).toEqual([]);
    expect(await count(t, "analyst")).toBe(countBefore - 1);
    expect(await readContentVersion(t.db)).toBeGreaterThan(version);
    expect(await deleteApplicationAsStaff(t.db, staff, { id })).toBe(false);
  });

  it("keeps the public version when a deletion leaves the posting's figure as it was", async () => {
    const [first] = await postingWith("associate", 3);
    const version = await readContentVersion(t.db);
    expect(await deleteApplicationAsStaff(t.db, staff, { id: first ?? "" })).toBe(true);
    expect(await count(t, "associate")).toBe(2);
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("raises no public version for a deleted spam application, one for a closed posting's", async () => {
    const { id: spam } = await insertApplication(t.db, {
      careerId: "consultant",
      spamReason: "honeypot",
    });
    const [closed] = await postingWith("closed-role", 5, "closed");
    const version = await readContentVersion(t.db);
    expect(await deleteApplicationAsStaff(t.db, staff, { id: spam })).toBe(true);
    expect(await readContentVersion(t.db)).toBe(version);
    // A closed posting's page still shows its applications figure.
    expect(await deleteApplicationAsStaff(t.db, staff, { id: closed ?? "" })).toBe(true);
    expect(await readContentVersion(t.db)).toBeGreaterThan(version);
    expect(await count(t, "closed-role")).toBe(4);
  });

  it("deletes the e-mails about the application with it, as erasure and retention do", async () => {
    const { id } = await insertApplication(t.db, { careerId: "consultant" });
    const { id: other } = await insertApplication(t.db, { careerId: "consultant" });
    for (const relatedId of [id, other]) {
      await enqueueMail(t.db, {
        kind: "application_notification",
        to: "careers@firm.example",
        subject: "New application",
        text: "A candidate applied",
        html: "A candidate applied",
        relatedId,
      });
    }
    expect(await deleteApplicationAsStaff(t.db, staff, { id })).toBe(true);
    const mails = await t.db.selectFrom("mailOutbox").select("relatedId").execute();
    expect(mails.map((mail) => mail.relatedId)).toContain(other);
    expect(mails.map((mail) => mail.relatedId)).not.toContain(id);
  });

  it("keeps the application and its CV when the delete's audit entry fails", async () => {
    const { id } = await insertApplication(t.db, {
      careerId: "consultant",
      cv: { bytes: new Uint8Array([1, 2, 3]) },
    });
    const before = { ...(await writePathState(t.db)), count: await count(t, "consultant") };
    await expect(
      deleteApplicationAsStaff(failingOn(t.db, "auditLog"), staff, { id }),
    ).rejects.toThrow(FORCED_FAILURE);
    const detail = await getApplicationDetail(t.db, id);
    expect(detail?.cv?.byteSize).toBe(3);
    expect({ ...(await writePathState(t.db)), count: await count(t, "consultant") }).toEqual(
      before,
    );
  });

  it("moves a held-back application out of the spam folder, where its posting counts it", async () => {
    await postingWith("partner", 4);
    const { id } = await insertApplication(t.db, { careerId: "partner", spamReason: "too_fast" });
    const { id: sixth } = await insertApplication(t.db, {
      careerId: "partner",
      spamReason: "too_fast",
    });
    const version = await readContentVersion(t.db);
    expect(await restoreApplicationFromSpam(t.db, staff, { id })).toBe(true);
    expect((await getApplicationDetail(t.db, id))?.application.spamReason).toBeNull();
    expect(await count(t, "partner")).toBe(5);
    // The fifth application counted: the posting now shows "5+ applications".
    const raised = await readContentVersion(t.db);
    expect(raised).toBeGreaterThan(version);
    // The sixth leaves the figure at "5+": no public change.
    expect(await restoreApplicationFromSpam(t.db, staff, { id: sixth })).toBe(true);
    expect(await count(t, "partner")).toBe(6);
    expect(await readContentVersion(t.db)).toBe(raised);
    // Again: nothing to do, nothing recorded.
    const audit = await auditEntries(t.db);
    expect(await restoreApplicationFromSpam(t.db, staff, { id })).toBe(true);
    expect(await auditEntries(t.db)).toEqual(audit);
    expect(await restoreApplicationFromSpam(t.db, staff, { id: "nobody" })).toBe(false);
  });
});
