import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApplication, insertPosting } from "~/modules/applications/application-fixtures";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import {
  NEWSLETTER_UNSUBSCRIBE_WORDS,
  unsubscribeByToken,
} from "~/modules/newsletter/newsletter.server";
import { PRIVACY } from "~/modules/pages/legal.text";
import { consentsOf, recordConsent } from "~/modules/privacy/consent-ledger.server";
import { currentNotice, noticeByVersion, publishNotice } from "~/modules/privacy/notice.server";
import { noticeTextOf } from "~/modules/privacy/notice-text";
import { CV_POOL_WORDS, withdrawButtonWords } from "~/modules/privacy/purposes";
import { emailOfWithdrawToken, withdrawToken } from "~/modules/privacy/withdraw-token.server";
import { seedDefaults } from "~/modules/seed.server";
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
} from "../../../tests/support/write-path";
import { purposesOf, withdrawConsent } from "./withdraw.server";

const SECRET = "test-secret-of-at-least-thirty-two-characters";

describe("withdraw tokens", () => {
  it("give back the address they were made for", () => {
    expect(emailOfWithdrawToken(SECRET, withdrawToken(SECRET, " Asha@Example.IN "))).toBe(
      "asha@example.in",
    );
  });

  it("refuse a changed address, a changed signature, another secret and junk", () => {
    const token = withdrawToken(SECRET, "asha@example.in");
    const [, sig] = token.split(".");
    const other = `${Buffer.from("ravi@example.in").toString("base64url")}.${sig}`;
    expect(emailOfWithdrawToken(SECRET, other)).toBeUndefined();
    expect(emailOfWithdrawToken(SECRET, `${token.slice(0, -2)}xx`)).toBeUndefined();
    expect(emailOfWithdrawToken(`${SECRET}!`, token)).toBeUndefined();
    for (const junk of ["", ".", "abc", `${token}.x`, undefined, 42]) {
      expect(emailOfWithdrawToken(SECRET, junk)).toBeUndefined();
    }
  });
});

describe.each(DIALECTS)("notice and consent on %s", (dialect) => {
  let t: TestDatabase;
  let admin: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    admin = await staffAccount(t.db, { username: "meera" });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("starts with version 2, the notice the code says word for word, with version 1 kept", async () => {
    const notice = await currentNotice(t.db);
    expect(notice.version).toBe(2);
    expect(notice.body).toBe(noticeTextOf(PRIVACY));
    expect(notice.body).toContain("lead_source");
    expect(notice.publishedAt).toBe("2026-11-26T17:00:00.000Z");
    expect((await noticeByVersion(t.db, 1))?.publishedAt).toBe("2026-11-26T00:00:00.000Z");
  });

  it("publishes a new version, keeps the old one whole, audits it and raises the content version", async () => {
    const before = await readContentVersion(t.db);
    const v2 = (await currentNotice(t.db)).body;
    const body = v2.replace("# Privacy Policy", "# Privacy Notice");
    expect(await publishNotice(t.db, admin, { body })).toEqual({
      kind: "published",
      version: 3,
    });
    const now = await currentNotice(t.db);
    expect(now).toMatchObject({
      version: 3,
      publishedById: admin.id,
      publishedByName: admin.name,
    });
    expect(now.document.title).toBe("Privacy Notice");
    expect((await noticeByVersion(t.db, 2))?.body).toBe(v2);
    expect(await readContentVersion(t.db)).toBe(before + 1);
    expect((await auditEntries(t.db)).at(-1)).toMatchObject({
      action: "publish",
      entityType: "privacy_notice",
      summary: "Published version 3 of the privacy notice",
    });
    expect(await publishNotice(t.db, admin, { body })).toEqual({
      kind: "unchanged",
      version: 3,
    });
  });

  it("refuses notice text without a title or sections, storing nothing", async () => {
    const outcome = await publishNotice(t.db, admin, {
      body: "Just a paragraph.",
    });
    expect(outcome.kind).toBe("invalid");
    expect((await currentNotice(t.db)).version).toBe(3);
  });

  it("records a consent with the exact words and the version in force", async () => {
    await t.db.transaction().execute((trx) =>
      recordConsent(trx, {
        email: "Kavya@Example.in",
        purpose: "cv_pool",
        action: "given",
        form: "application",
        words: CV_POOL_WORDS,
      }),
    );
    expect(await consentsOf(t.db, "kavya@example.in")).toMatchObject([
      {
        purpose: "cv_pool",
        action: "given",
        form: "application",
        noticeVersion: 3,
        words: CV_POOL_WORDS,
      },
    ]);
  });

  it("withdrawing the newsletter unsubscribes every subscription of the address at once", async () => {
    const at = "2026-11-20T10:00:00.000Z";
    await t.db
      .insertInto("newsletterSubscribers")
      .values({
        id: "sub_withdraw",
        email: "Neha@Example.in",
        status: "subscribed",
        source: "footer:/",
        consentText: "Send me the newsletter",
        consentedAt: at,
        confirmedAt: at,
        unsubscribedAt: null,
        token: "tok-withdraw",
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    expect(
      (await purposesOf(t.db, "neha@example.in")).find((p) => p.purpose === "newsletter")?.given,
    ).toBe(true);
    expect(
      await withdrawConsent(t.db, {
        email: "neha@example.in",
        purpose: "newsletter",
      }),
    ).toBe("withdrawn");
    const row = await t.db
      .selectFrom("newsletterSubscribers")
      .selectAll()
      .where("id", "=", "sub_withdraw")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("unsubscribed");
    expect(row.unsubscribedAt).not.toBeNull();
    expect((await consentsOf(t.db, "neha@example.in")).at(-1)).toMatchObject({
      purpose: "newsletter",
      action: "withdrawn",
      form: "withdraw-page",
      words: withdrawButtonWords("newsletter"),
      noticeVersion: 3,
    });
    expect((await auditEntries(t.db)).at(-1)).toMatchObject({
      action: "withdraw",
      entityType: "consent",
    });
    expect(
      await withdrawConsent(t.db, {
        email: "neha@example.in",
        purpose: "newsletter",
      }),
    ).toBe("not_given");
  });

  it("withdrawing the CV pool stops keeping the CV for future roles", async () => {
    await insertApplication(t.db, {
      id: "app_pool",
      careerId: await insertPosting(t.db, { title: "Analyst" }),
      fullName: "Kavya Rao",
      email: "kavya@example.in",
      cv: null,
      cvPoolUntil: "2027-11-20T10:00:00.000Z",
    });
    expect(
      (await purposesOf(t.db, "kavya@example.in")).find((p) => p.purpose === "cv_pool")?.given,
    ).toBe(true);
    expect(
      await withdrawConsent(t.db, {
        email: "KAVYA@example.in",
        purpose: "cv_pool",
      }),
    ).toBe("withdrawn");
    const row = await t.db
      .selectFrom("applications")
      .select("cvPoolUntil")
      .where("id", "=", "app_pool")
      .executeTakeFirstOrThrow();
    expect(row.cvPoolUntil).toBeNull();
    expect((await consentsOf(t.db, "kavya@example.in")).map((r) => r.action)).toEqual([
      "given",
      "withdrawn",
    ]);
  });

  it("records the newsletter's own unsubscribe link as a withdrawal, once", async () => {
    const at = "2026-11-20T10:00:00.000Z";
    await t.db
      .insertInto("newsletterSubscribers")
      .values({
        id: "sub_unsubscribe",
        email: "meena@example.in",
        status: "subscribed",
        source: "footer:/",
        consentText: "Send me the newsletter",
        consentedAt: at,
        confirmedAt: at,
        unsubscribedAt: null,
        token: "tok-unsubscribe",
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    expect((await unsubscribeByToken(t.db, "tok-unsubscribe"))?.outcome).toBe("unsubscribed");
    expect((await unsubscribeByToken(t.db, "tok-unsubscribe"))?.outcome).toBe(
      "already_unsubscribed",
    );
    expect(await consentsOf(t.db, "meena@example.in")).toMatchObject([
      {
        purpose: "newsletter",
        action: "withdrawn",
        form: "newsletter-unsubscribe",
        words: NEWSLETTER_UNSUBSCRIBE_WORDS,
        recordType: "subscriber",
        recordId: "sub_unsubscribe",
      },
    ]);
  });

  it("stores nothing of a withdrawal when its audit entry fails", async () => {
    await t.db.transaction().execute((trx) =>
      recordConsent(trx, {
        email: "ravi@example.in",
        purpose: "enquiry",
        action: "given",
        form: "contact",
        words: "w",
      }),
    );
    await expect(
      withdrawConsent(failingOn(t.db, "auditLog"), {
        email: "ravi@example.in",
        purpose: "enquiry",
      }),
    ).rejects.toThrow(FORCED_FAILURE);
    expect((await consentsOf(t.db, "ravi@example.in")).map((r) => r.action)).toEqual(["given"]);
  });
});
