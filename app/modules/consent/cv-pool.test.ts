import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApplication, insertPosting } from "~/modules/applications/application-fixtures";
import { purgeExpiredApplications } from "~/modules/applications/application-retention.server";
import { consentsOf } from "~/modules/privacy/consent-ledger.server";
import { renewButtonWords } from "~/modules/privacy/purposes";
import { seedDefaults } from "~/modules/seed.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { renewCvPool, sendCvPoolRenewals } from "./cv-pool.server";

/*
 * The CV pool (decision 0061): a pooled CV outlives the retention period until its consent
 * lapses; 30 days before, one renewal mail; renewing keeps it 12 more months, in the ledger.
 */

const NOW = new Date("2027-06-01T09:00:00.000Z");

describe.each(DIALECTS)("the CV pool on %s", (dialect) => {
  let t: TestDatabase;
  let careerId = "";

  const application = (id: string, email: string, cvPoolUntil: string | null) =>
    insertApplication(t.db, {
      id,
      careerId,
      fullName: "Kavya Rao",
      email,
      cv: null,
      // Older than the 12 months of retention.
      submittedAt: "2026-01-10T10:00:00.000Z",
      cvPoolUntil,
      // Told of the deletion long enough ago (Rules r.8(2), retention-notice.test.ts).
      retentionNoticeSentAt: "2027-05-01T09:00:00.000Z",
    });

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    careerId = await insertPosting(t.db, { title: "Analyst" });
    await application("app_pooled", "kavya@example.in", "2027-06-20T09:00:00.000Z");
    await application("app_lapsed", "old@example.in", "2027-05-01T09:00:00.000Z");
    await application("app_plain", "plain@example.in", null);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("keeps a pooled CV past the retention period, deletes the lapsed and the unpooled", async () => {
    await purgeExpiredApplications(t.db, NOW);
    const left = await t.db.selectFrom("applications").select("id").execute();
    expect(left.map((r) => r.id)).toEqual(["app_pooled"]);
  });

  it("asks once, 30 days before the consent lapses", async () => {
    const options = { baseUrl: "https://www.example.in", now: NOW };
    expect(await sendCvPoolRenewals(t.db, options)).toBe(1);
    expect(await sendCvPoolRenewals(t.db, options)).toBe(0);
    const mails = await t.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("kind", "=", "cv_pool_renewal")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: "kavya@example.in",
      personEmail: "kavya@example.in",
    });
    expect(mails[0]?.textBody).toContain("That consent ends on 2027-06-20");
  });

  it("renewing keeps it 12 more months and records it in the ledger", async () => {
    expect(await renewCvPool(t.db, { email: "Kavya@example.in", now: NOW })).toBe("renewed");
    const row = await t.db
      .selectFrom("applications")
      .select(["cvPoolUntil", "cvPoolRenewalSentAt", "retentionNoticeSentAt"])
      .where("id", "=", "app_pooled")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      cvPoolUntil: "2028-06-01T09:00:00.000Z",
      cvPoolRenewalSentAt: null,
      retentionNoticeSentAt: null,
    });
    expect((await consentsOf(t.db, "kavya@example.in")).at(-1)).toMatchObject({
      purpose: "cv_pool",
      action: "given",
      form: "renewal",
      words: renewButtonWords(),
    });
    expect(await renewCvPool(t.db, { email: "nobody@example.in", now: NOW })).toBe("not_pooled");
  });
});
