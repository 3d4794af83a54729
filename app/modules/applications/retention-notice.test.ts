import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { insertApplication, insertPosting } from "./application-fixtures";
import { monthsBefore, purgeExpiredApplications } from "./application-retention.server";
import { getApplication } from "./applications.server";
import { sendRetentionNotices } from "./retention-notice.server";

/*
 * The notice before retention deletes an application (Rules 2025 r.8(2), decision 0063): one
 * mail at least 48 hours before, through the outbox, recorded on the application; the purge
 * waits until the notice is 48 hours old. Time moves through `now`.
 */

const NOW = new Date("2027-03-10T06:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const BASE_URL = "https://www.example.in";

describe.each(DIALECTS)("the notice before deletion on %s", (dialect) => {
  let t: TestDatabase;
  let careerId: string;
  const cutoff = monthsBefore(NOW, 12);

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    careerId = await insertPosting(t.db, { title: "Reward Analyst" });
    await saveGeneralSettings(t.db, {
      ...DEFAULT_GENERAL_SETTINGS,
      privacyEmail: "privacy@example.in",
    });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("applications").execute();
    await t.db.deleteFrom("mailOutbox").execute();
  });

  const notices = () =>
    t.db
      .selectFrom("mailOutbox")
      .select(["toAddress", "personEmail", "subject", "textBody", "relatedId", "replyTo"])
      .where("kind", "=", "application_retention_notice")
      .orderBy("relatedId")
      .execute();

  it("tells the candidate once, 48 hours ahead, and deletes only when the notice is 48 hours old", async () => {
    // Its 12 months end in 30 hours: inside the notice window.
    const dueSoon = await insertApplication(t.db, {
      careerId,
      fullName: "Kavya Rao",
      email: "Kavya@Example.in",
      submittedAt: new Date(cutoff.getTime() + 30 * HOUR).toISOString(),
    });
    // Its 12 months end in three days: not yet.
    const later3Days = await insertApplication(t.db, {
      careerId,
      submittedAt: new Date(cutoff.getTime() + 72 * HOUR).toISOString(),
    });
    // Spam is deleted without a notice: its address never asked us anything.
    const spam = await insertApplication(t.db, {
      careerId,
      spamReason: "too_fast",
      submittedAt: new Date(cutoff.getTime() - 24 * HOUR).toISOString(),
    });

    expect(await sendRetentionNotices(t.db, { baseUrl: BASE_URL, now: NOW })).toBe(1);
    expect(await sendRetentionNotices(t.db, { baseUrl: BASE_URL, now: later(1) })).toBe(0);
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      toAddress: "Kavya@Example.in",
      personEmail: "kavya@example.in",
      relatedId: dueSoon.id,
      replyTo: "privacy@example.in",
    });
    // Deleted no sooner than 48 hours from the notice, though its months end in 30.
    expect(sent[0]?.subject).toBe(
      "Your application will be deleted on 12 Mar 2027, 11:30 am IST (Total Rewards Consulting)",
    );
    expect(sent[0]?.textBody).toContain("Dear Kavya Rao,");
    expect(sent[0]?.textBody).toContain("write to privacy@example.in before then");
    const recorded = await t.db
      .selectFrom("applications")
      .select("retentionNoticeSentAt")
      .where("id", "=", dueSoon.id)
      .executeTakeFirstOrThrow();
    expect(recorded.retentionNoticeSentAt).toBe(NOW.toISOString());
    const audit = await t.db
      .selectFrom("auditLog")
      .select("summary")
      .where("entityType", "=", "application")
      .where("action", "=", "remind")
      .execute();
    expect(audit.map((a) => a.summary)).toContain(
      "Told 1 candidate that their application will be deleted in 48 hours (retention period)",
    );

    // 31 hours on, its months are over but its notice is not 48 hours old: only spam goes.
    expect(await purgeExpiredApplications(t.db, later(31))).toMatchObject({ applications: 1 });
    expect(await getApplication(t.db, spam.id)).toBeUndefined();
    expect(await getApplication(t.db, dueSoon.id)).toMatchObject({ id: dueSoon.id });

    // 48 hours after the notice, it goes; the other, not yet told, stays.
    expect(await purgeExpiredApplications(t.db, later(48))).toMatchObject({ applications: 1 });
    expect(await getApplication(t.db, dueSoon.id)).toBeUndefined();
    expect(await getApplication(t.db, later3Days.id)).toMatchObject({ id: later3Days.id });

    // Its turn comes: told when it enters the window, deleted 48 hours after.
    expect(await sendRetentionNotices(t.db, { baseUrl: BASE_URL, now: later(48) })).toBe(1);
    expect(await purgeExpiredApplications(t.db, later(95))).toMatchObject({ applications: 0 });
    expect(await purgeExpiredApplications(t.db, later(96))).toMatchObject({ applications: 1 });
  });

  it("sends one notice when two instances run at once", async () => {
    const due = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        insertApplication(t.db, {
          careerId,
          submittedAt: new Date(cutoff.getTime() - (i + 1) * HOUR).toISOString(),
        }),
      ),
    );
    const other: DatabaseHandle | TestDatabase = dialect === "postgres" ? openDatabase(t.url) : t;
    try {
      const counts = await Promise.all([
        sendRetentionNotices(t.db, { baseUrl: BASE_URL, now: NOW }),
        sendRetentionNotices(other.db, { baseUrl: BASE_URL, now: NOW }),
      ]);
      expect(counts[0] + counts[1]).toBe(6);
    } finally {
      if (other !== t) await other.close();
    }
    expect((await notices()).map((n) => n.relatedId).sort()).toEqual(due.map((a) => a.id).sort());
  });
});
