import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAIL_FROM } from "~/config.server";
import { updateConsultantDetails } from "~/modules/bookings/consultant-commands.server";
import { consultantOfUser } from "~/modules/bookings/consultants.server";
import { unpublishArticle, updateArticle } from "~/modules/library/article-commands.server";
import { getArticle, listArticlesForAdmin } from "~/modules/library/articles.server";
import { unpublishResource } from "~/modules/library/resource-commands.server";
import { seedDefaults } from "~/modules/seed.server";
import { getGeneralSettings } from "~/modules/settings/settings.server";
import { updateGeneralSettings } from "~/modules/settings/settings-commands.server";
import { createFirstAdmin } from "~/modules/setup/setup-token.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { staffAccount, writePathState } from "../../../tests/support/write-path";
import { getLaunchChecklist, type MailSetup } from "./launch-checklist.server";
import { dismissLaunchItem, sendLaunchTestMail } from "./launch-commands.server";

const UNCONFIGURED: MailSetup = { smtpConfigured: false, from: DEFAULT_MAIL_FROM };
const CONFIGURED: MailSetup = { smtpConfigured: true, from: "Sharma Rewards <hello@sharma.in>" };

describe.each(DIALECTS)("the launch checklist on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDefaults(t.db);
    // A start with ADMIN_* and no ADMIN_NAME: the consultant is named after the username.
    await createFirstAdmin(t.db, {
      username: "owner",
      email: "owner@sharma.in",
      password: "Saffron-ledger-7731-quay",
    });
  });
  afterAll(async () => {
    await t.destroy();
  });

  const publishedSampleResources = async () =>
    (
      await t.db
        .selectFrom("resources")
        .select("slug")
        .where("sample", "=", true)
        .where("status", "=", "published")
        .execute()
    ).length;

  const openItems = async (mail: MailSetup = UNCONFIGURED) =>
    (await getLaunchChecklist(t.db, mail)).open.map((item) => item.id);

  it("lists every placeholder of a fresh install, each with what visitors see", async () => {
    const checklist = await getLaunchChecklist(t.db, UNCONFIGURED);
    expect(checklist.open.map((item) => item.id)).toEqual([
      "firm-name",
      "contact",
      "office",
      "social",
      "mail",
      "consultants",
      "privacy",
      "samples",
    ]);
    expect(checklist).toMatchObject({ done: 0, dismissed: 0 });
    const detail = Object.fromEntries(checklist.open.map((item) => [item.id, item.detail]));
    expect(detail.contact).toContain("hello@example.com");
    expect(detail.contact).toContain("+91 11 4000 0000");
    expect(detail.office).toContain("Example House");
    expect(detail.social).toContain("https://www.linkedin.com/");
    expect(detail.mail).toContain("SMTP_URL is not set");
    expect(detail.mail).toContain("no-reply@localhost");
    expect(detail.consultants).toContain('"owner"');
    // How many seeded resources are published depends on the seed's review state (issue 24 §3).
    const resources = await publishedSampleResources();
    expect(resources).toBeGreaterThan(0);
    expect(detail.samples).toBe(
      `6 sample articles and ${resources} sample resource${resources === 1 ? "" : "s"} written at installation are still published under the firm's name. Edit and save each (it is then yours) or unpublish it.`,
    );
  });

  it("the seeded articles and resources are marked as samples in the admin lists", async () => {
    const articles = await listArticlesForAdmin(t.db);
    expect(articles.items.length).toBe(6);
    expect(articles.items.every((article) => article.sample)).toBe(true);
    const resources = await t.db.selectFrom("resources").select(["slug", "sample"]).execute();
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((resource) => Boolean(resource.sample))).toBe(true);
  });

  it("closes each item as the real value arrives, one by one", async () => {
    const admin = await staffAccount(t.db, { username: "launcher", role: "admin" });
    const settings = await getGeneralSettings(t.db);

    await updateGeneralSettings(t.db, admin, { ...settings, siteName: "Sharma Rewards" });
    expect(await openItems()).not.toContain("firm-name");

    // The e-mail alone is not enough: the phone is still the placeholder.
    await updateGeneralSettings(t.db, admin, {
      ...(await getGeneralSettings(t.db)),
      email: "hello@sharma.in",
    });
    let open = await openItems();
    expect(open).toContain("contact");
    // The privacy policy names the contact e-mail while no privacy contact is set.
    expect(open).not.toContain("privacy");
    await updateGeneralSettings(t.db, admin, {
      ...(await getGeneralSettings(t.db)),
      phone: "+91 98100 12345",
    });
    expect(await openItems()).not.toContain("contact");

    await updateGeneralSettings(t.db, admin, {
      ...(await getGeneralSettings(t.db)),
      officeStreet: "Suite 5, Eros Corporate Tower",
      linkedinUrl: "https://www.linkedin.com/",
    });
    open = await openItems();
    expect(open).not.toContain("office");
    expect(open).toContain("social");
    await updateGeneralSettings(t.db, admin, {
      ...(await getGeneralSettings(t.db)),
      linkedinUrl: "https://www.linkedin.com/company/sharma-rewards",
    });
    expect(await openItems()).not.toContain("social");

    expect(await openItems(CONFIGURED)).not.toContain("mail");
    expect(await openItems({ smtpConfigured: true, from: DEFAULT_MAIL_FROM })).toContain("mail");
  });

  it("wants a display name and a photo for each consultant", async () => {
    const admin = await staffAccount(t.db, { username: "namer", role: "admin" });
    const owner = await t.db
      .selectFrom("user")
      .select("id")
      .where("username", "=", "owner")
      .executeTakeFirstOrThrow();
    const consultant = await consultantOfUser(t.db, owner.id);
    if (!consultant) throw new Error("the first admin is a consultant");
    await updateConsultantDetails(t.db, admin, consultant.id, {
      displayName: "Asha Sharma",
      dailyLimit: consultant.dailyLimit,
      active: true,
    });
    const checklist = await getLaunchChecklist(t.db, CONFIGURED);
    expect(checklist.open.find((item) => item.id === "consultants")?.detail).toBe(
      "Asha Sharma has no photo on a published team member of that name.",
    );
    await t.db
      .insertInto("teamMembers")
      .values({
        id: "tm_asha",
        name: "Asha Sharma",
        role: "Founder",
        bio: "",
        photoId: "med_asha",
        linkedinUrl: "",
        position: 9,
        status: "published",
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    expect(await openItems(CONFIGURED)).not.toContain("consultants");
  });

  it("keeps the sample item open while a sample is published; saving or unpublishing clears it", async () => {
    const admin = await staffAccount(t.db, { username: "editor1", role: "editor" });
    const article = await getArticle(t.db, "merit-increase-budgets");
    if (!article) throw new Error("seeded article");
    await updateArticle(t.db, admin, {
      slug: article.slug,
      article: {
        title: article.title,
        slug: "",
        category: article.category,
        author: article.author,
        publishedOn: article.publishedOn,
        summary: article.summary,
        body: `${article.body}\n\nReviewed by the firm.`,
        imageId: "",
      },
    });
    const samples = (await getLaunchChecklist(t.db, CONFIGURED)).open.find(
      (item) => item.id === "samples",
    );
    expect(samples?.detail).toMatch(
      new RegExp(`^5 sample articles and ${await publishedSampleResources()} sample resource`),
    );
    const list = await listArticlesForAdmin(t.db);
    expect(list.items.find((item) => item.slug === "merit-increase-budgets")?.sample).toBe(false);

    for (const row of await t.db.selectFrom("articles").select("slug").execute()) {
      await unpublishArticle(t.db, admin, row.slug);
    }
    for (const row of await t.db.selectFrom("resources").select("slug").execute()) {
      await unpublishResource(t.db, admin, row.slug);
    }
    expect(await openItems(CONFIGURED)).toEqual([]);
  });

  it("dismisses an item for everyone, once, with an audit entry", async () => {
    const admin = await staffAccount(t.db, { username: "dismisser", role: "admin" });
    await t.db.deleteFrom("launchChecklistDismissals").execute();
    expect(await openItems()).toEqual(["mail"]);
    const before = (await writePathState(t.db)).audit.length;
    expect(await dismissLaunchItem(t.db, admin, "mail")).toBe(true);
    expect(await dismissLaunchItem(t.db, admin, "mail")).toBe(false);
    const checklist = await getLaunchChecklist(t.db, UNCONFIGURED);
    expect(checklist.open).toEqual([]);
    expect(checklist.dismissed).toBe(1);
    const { audit } = await writePathState(t.db);
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({
      actorName: admin.name,
      summary: 'Dismissed "Outgoing e-mail (MAIL_FROM and SMTP)" from the launch checklist',
    });
  });

  it("queues a test mail to the staff member through the outbox and records it", async () => {
    const admin = await staffAccount(t.db, { username: "mailer", role: "admin" });
    const receipt = await sendLaunchTestMail(t.db, admin, {
      to: "mailer@sharma.in",
      mail: CONFIGURED,
      baseUrl: "https://www.sharma.in",
    });
    expect(receipt).toEqual({
      to: "mailer@sharma.in",
      from: CONFIGURED.from,
      leavesTheServer: true,
    });
    const mail = await t.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("kind", "=", "launch_test")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ toAddress: "mailer@sharma.in", status: "pending" });
    expect(mail.subject).toBe("Test mail from the Sharma Rewards website");
    expect(mail.htmlBody).toContain('href="https://www.sharma.in/admin/dashboard"');
    const { audit } = await writePathState(t.db);
    expect(audit.at(-1)?.summary).toBe(
      `Sent a test mail to mailer@sharma.in from ${CONFIGURED.from}`,
    );
  });
});
