import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { failingOn } from "../../../tests/support/write-path";
import { insertApplication, insertPosting } from "./application-fixtures";
import { getApplication } from "./applications.server";
import { startRetentionJob } from "./retention-job.server";

/* The periodic clean-up: it runs soon after start and on its timer, survives a failed run, stops. */

const twoYearsAgo = () => new Date(Date.now() - 2 * 365 * 24 * 60 * 60 * 1000).toISOString();

describe.each(DIALECTS)("the retention job on %s", (dialect) => {
  let t: TestDatabase;
  let careerId: string;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    careerId = await insertPosting(t.db, { title: "Reward Analyst" });
  });
  afterAll(async () => {
    await t.destroy();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("tells the candidate on its first run after start, and deletes 48 hours later", async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    const expired = await insertApplication(t.db, { careerId, submittedAt: twoYearsAgo() });
    let clock = new Date();
    const job = startRetentionJob(t.db, {
      firstRunMs: 1,
      intervalMs: 60_000,
      baseUrl: "https://www.example.in",
      now: () => clock,
    });
    try {
      await expect
        .poll(() =>
          t.db
            .selectFrom("mailOutbox")
            .select("kind")
            .where("relatedId", "=", expired.id)
            .execute(),
        )
        .toEqual([{ kind: "application_retention_notice" }]);
      await job.runNow();
      expect(await getApplication(t.db, expired.id)).toMatchObject({ id: expired.id });
      clock = new Date(clock.getTime() + 48 * 60 * 60 * 1000);
      await job.runNow();
      expect(await getApplication(t.db, expired.id)).toBeUndefined();
    } finally {
      await job.stop();
    }
    expect(info).toHaveBeenCalledWith("retention_notices_queued", { candidates: 1 });
    expect(info).toHaveBeenCalledWith("applications_purged", { applications: 1, cvs: 1 });
  });

  it("keeps running after a failed run, and does nothing once stopped", async () => {
    // Told long ago: only the failure or the stop keeps it.
    const expired = await insertApplication(t.db, {
      careerId,
      submittedAt: twoYearsAgo(),
      retentionNoticeSentAt: twoYearsAgo(),
    });
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    const failing = startRetentionJob(failingOn(t.db, "auditLog"), { firstRunMs: 60_000 });
    await expect(failing.runNow()).resolves.toBeUndefined();
    await failing.stop();
    expect(error).toHaveBeenCalledWith("application_purge_failed", expect.anything());
    expect(await getApplication(t.db, expired.id)).toMatchObject({ id: expired.id });

    const job = startRetentionJob(t.db, { firstRunMs: 60_000 });
    await job.stop();
    await job.runNow();
    expect(await getApplication(t.db, expired.id)).toMatchObject({ id: expired.id });
  });
});
