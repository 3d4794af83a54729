import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { auditEntries, writePathState } from "../../../tests/support/write-path";
import {
  insertApplication,
  insertPosting,
  postingCount,
  storedFileRows,
} from "./application-fixtures";
import {
  monthsBefore,
  purgeExpiredApplications,
  RETENTION_NOTICE_MS,
} from "./application-retention.server";
import { getApplication } from "./applications.server";

/*
 * Retention (issue 13): applications and their CVs are deleted once they are older than the
 * Settings page's period (12 months by default), by the system, with one audit entry.
 */

const NOW = new Date("2026-11-23T10:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (date: Date, offsetMs = 0) => new Date(date.getTime() + offsetMs).toISOString();
/** The candidates were told 48 hours ago (retention-notice.test.ts tests the telling). */
const TOLD = at(NOW, -RETENTION_NOTICE_MS);

describe("a retention period in calendar months", () => {
  it("counts back whole months, a missing day becoming the month's last", () => {
    expect(monthsBefore(NOW, 12).toISOString()).toBe("2025-11-23T10:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-31T08:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T08:00:00.000Z",
    );
    expect(monthsBefore(new Date("2028-02-29T00:00:00Z"), 12).toISOString()).toBe(
      "2027-02-28T00:00:00.000Z",
    );
    expect(monthsBefore(new Date("2026-01-15T00:00:00Z"), 13).toISOString()).toBe(
      "2024-12-15T00:00:00.000Z",
    );
  });
});

describe.each(DIALECTS)("the retention clean-up on %s", (dialect) => {
  let t: TestDatabase;
  let active: string;
  let draft: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    active = await insertPosting(t.db, { title: "Reward Analyst" });
    draft = await insertPosting(t.db, { title: "Draft Role", status: "draft" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("applications").execute();
    await t.db.deleteFrom("storedFileChunks").execute();
    await t.db.deleteFrom("storedFiles").execute();
    await saveGeneralSettings(t.db, DEFAULT_GENERAL_SETTINGS);
  });

  const cutoff = monthsBefore(NOW, 12);

  it("deletes applications older than 12 months, spam included, with their CVs, and records it", async () => {
    const kept = await insertApplication(t.db, {
      retentionNoticeSentAt: TOLD,
      careerId: active,
      submittedAt: at(cutoff, DAY),
    });
    const old = await insertApplication(t.db, {
      retentionNoticeSentAt: TOLD,
      careerId: active,
      submittedAt: at(cutoff, -DAY),
    });
    const oldSpam = await insertApplication(t.db, {
      retentionNoticeSentAt: TOLD,
      careerId: active,
      submittedAt: at(cutoff, -40 * DAY),
      spamReason: "too_fast",
    });
    // Three more kept: the posting shows "5+ applications" until the old one goes.
    for (let more = 0; more < 3; more++) {
      await insertApplication(t.db, {
        retentionNoticeSentAt: TOLD,
        careerId: active,
        submittedAt: at(cutoff, DAY),
      });
    }
    expect(await postingCount(t.db, active)).toBe(5);
    const before = await writePathState(t.db);

    expect(await purgeExpiredApplications(t.db, NOW)).toEqual({ applications: 2, cvs: 2 });

    expect(await getApplication(t.db, kept.id)).toMatchObject({ id: kept.id });
    expect(await getApplication(t.db, old.id)).toBeUndefined();
    expect(await getApplication(t.db, oldSpam.id)).toBeUndefined();
    for (const file of [old.cvFileId, oldSpam.cvFileId]) {
      expect(await storedFileRows(t.db, file as string)).toEqual({ files: 0, chunks: 0 });
    }
    expect(await storedFileRows(t.db, kept.cvFileId as string)).toEqual({ files: 1, chunks: 1 });
    expect(await postingCount(t.db, active)).toBe(4);

    const after = await writePathState(t.db);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.audit.slice(before.audit.length)).toEqual([
      {
        actorId: null,
        actorName: "System",
        action: "purge",
        entityType: "application",
        entityId: null,
        summary: "Deleted 2 job applications and 2 CVs older than 12 months (retention period)",
      },
    ]);

    // Run again: nothing has expired since, so nothing is written or recorded.
    expect(await purgeExpiredApplications(t.db, NOW)).toEqual({ applications: 0, cvs: 0 });
    expect(await writePathState(t.db)).toEqual(after);
  });

  it("follows the period set in Settings, and leaves the public pages alone for a draft posting", async () => {
    await saveGeneralSettings(t.db, { ...DEFAULT_GENERAL_SETTINGS, applicationRetentionMonths: 1 });
    const old = await insertApplication(t.db, {
      retentionNoticeSentAt: TOLD,
      careerId: draft,
      submittedAt: at(NOW, -40 * DAY),
      cv: null,
    });
    const recent = await insertApplication(t.db, {
      retentionNoticeSentAt: TOLD,
      careerId: draft,
      submittedAt: at(NOW, -20 * DAY),
    });
    const before = await writePathState(t.db);

    expect(await purgeExpiredApplications(t.db, NOW)).toEqual({ applications: 1, cvs: 0 });

    expect(await getApplication(t.db, old.id)).toBeUndefined();
    expect(await getApplication(t.db, recent.id)).toMatchObject({ id: recent.id });
    const after = await writePathState(t.db);
    expect(after.version).toBe(before.version);
    expect(after.audit.at(-1)?.summary).toBe(
      "Deleted 1 job application and 0 CVs older than 1 month (retention period)",
    );
  });

  it("lets two purges run at once: each application deleted once, every deletion recorded", async () => {
    const expired = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        insertApplication(t.db, {
          retentionNoticeSentAt: TOLD,
          careerId: active,
          submittedAt: at(cutoff, -(i + 1) * DAY),
        }),
      ),
    );
    const before = (await auditEntries(t.db)).length;
    // On PostgreSQL the second purge is another instance: a connection pool of its own.
    const other: DatabaseHandle | TestDatabase = dialect === "postgres" ? openDatabase(t.url) : t;
    try {
      const results = await Promise.all([
        purgeExpiredApplications(t.db, NOW),
        purgeExpiredApplications(other.db, NOW),
      ]);
      expect(results.reduce((sum, result) => sum + result.applications, 0)).toBe(12);
    } finally {
      if (other !== t) await other.close();
    }
    for (const application of expired) {
      expect(await getApplication(t.db, application.id)).toBeUndefined();
      expect(await storedFileRows(t.db, application.cvFileId as string)).toEqual({
        files: 0,
        chunks: 0,
      });
    }
    const recorded = (await auditEntries(t.db)).slice(before).map((entry) => entry.summary);
    const counted = recorded.map((summary) => Number(/^Deleted (\d+) job/.exec(summary)?.[1]));
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect(await postingCount(t.db, active)).toBe(0);
  });
});

describe("the retention clean-up beside another instance's on postgres", () => {
  let t: TestDatabase;
  let other: DatabaseHandle;
  let active: string;

  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    other = openDatabase(t.url);
    active = await insertPosting(t.db, { title: "Reward Analyst" });
  });
  afterAll(async () => {
    await other.close();
    await t.destroy();
  });

  it("skips the applications another purge holds instead of waiting for them", async () => {
    const cutoff = monthsBefore(NOW, 12);
    const [held, free] = [
      await insertApplication(t.db, {
        retentionNoticeSentAt: TOLD,
        careerId: active,
        submittedAt: at(cutoff, -2 * DAY),
      }),
      await insertApplication(t.db, {
        retentionNoticeSentAt: TOLD,
        careerId: active,
        submittedAt: at(cutoff, -DAY),
      }),
    ];
    await other.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom("applications")
        .select("id")
        .where("id", "=", held.id)
        .forUpdate()
        .execute();
      // Were the held row waited for, this would never return (the lock is released below).
      expect(await purgeExpiredApplications(t.db, NOW)).toEqual({ applications: 1, cvs: 1 });
    });
    expect(await getApplication(t.db, free.id)).toBeUndefined();
    expect(await getApplication(t.db, held.id)).toMatchObject({ id: held.id });
    expect(await purgeExpiredApplications(t.db, NOW)).toEqual({ applications: 1, cvs: 1 });
    expect(await getApplication(t.db, held.id)).toBeUndefined();
  });
});
