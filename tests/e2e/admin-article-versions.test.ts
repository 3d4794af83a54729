import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "~/modules/commands/command.server";
import { FILE_KINDS } from "~/modules/files/file-kinds.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import { createArticle } from "~/modules/library/article-commands.server";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { articleScheduleHandler } from "~/modules/library/article-versions.server";
import { resourceInputSchema } from "~/modules/library/resource.schema";
import { createResource } from "~/modules/library/resource-commands.server";
import { resourceScheduleHandler } from "~/modules/library/resource-versions.server";
import { utcToIstLocal } from "~/modules/versions/ist";
import { runDueSchedules } from "~/modules/versions/schedules.server";
import { signInAs } from "../support/auth";
import { launchBrowser, openAdminPage, waitForAdminHydration } from "../support/browser";
import { pdfFile } from "../support/office-files";
import { startServer, type TestServer } from "../support/server";
import {
  axeViolations,
  madeOnce,
  newVisitor,
  scrollsSideways,
  withDatabase,
} from "./leads-helpers";

/*
 * Issue 29 ("Done when": draft, preview, publish at a time, compare and restore; decision 0060).
 * Without JavaScript an editor saves a draft of a published article (the public page keeps its
 * text), previews it as the public page (staff only, never stored), publishes it, compares the
 * two versions and restores the first as the draft. With JavaScript an editor schedules a
 * draft to be published at a time in IST; the job's function then runs with a clock set past
 * that time (never by waiting) and the article is on its page and in the sitemap. The new views
 * are axe-clean at 360 and 1280 px.
 */

const SEEDED = ARTICLE_DEFAULTS[1]!;
const LATER = "scheduled-pay-review";

describe("an article's drafts, history and schedule", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await withDatabase(server, (db) =>
      createArticle(
        db,
        SYSTEM_ACTOR,
        articleInputSchema.parse({
          title: "Scheduled Pay Review",
          slug: LATER,
          category: "Reward Strategy",
          author: "Founding Partner",
          publishedOn: "2026-11-20",
          summary: "When the annual review goes out.",
          body: "The review is **scheduled**.",
        }),
      ),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function editorContext(options: { javaScript?: boolean; width?: number } = {}) {
    const context: BrowserContext = await newVisitor(browser, options);
    await signInAs(context, server, "editor");
    return context;
  }
  const publicTitle = async (slug: string) => {
    const response = await fetch(`${server.url}/insights/${slug}`);
    const body = await response.text();
    return { status: response.status, h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1] };
  };
  const form = (page: Page) => page.locator("form", { has: page.getByLabel("Body") });

  it("saves a draft, previews it, publishes it, compares and restores, without JavaScript", async () => {
    const context = await editorContext({ javaScript: false });
    const page = await context.newPage();
    const edit = `${server.url}/admin/insights/${SEEDED.slug}`;
    await page.goto(edit);
    await form(page).getByLabel("Title", { exact: true }).fill("Draft Title <i>Not Live</i>");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Draft saved: the live page is unchanged").first().waitFor();
    expect((await publicTitle(SEEDED.slug)).h1).toBe(SEEDED.title);
    await page.getByText(/Unpublished draft saved by/).waitFor();

    // The preview: the public page with the draft, for staff only and never stored.
    const previewed = await page.goto(`${edit}/preview`);
    expect(previewed?.headers()["cache-control"]).toBe("private, no-store");
    await page.getByRole("heading", { level: 1, name: "Draft Title <i>Not Live</i>" }).waitFor();
    await page.getByText("Preview for staff.").waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
    const anonymous = await fetch(`${server.url}/admin/insights/${SEEDED.slug}/preview`, {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);

    await page.goto(edit);
    await page.getByRole("button", { name: "Publish draft" }).click();
    await page.getByText("Article published").first().waitFor();
    expect((await publicTitle(SEEDED.slug)).h1).toBe("Draft Title &lt;i&gt;Not Live&lt;/i&gt;");
    // A second publish so there are two versions to compare.
    await form(page).getByLabel("Title", { exact: true }).fill("Second Title");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("button", { name: "Publish draft" }).click();
    await page.getByText("Article published").first().waitFor();

    await page.getByRole("link", { name: /^History \(2 versions\)/ }).click();
    await page.getByRole("heading", { name: "Version 1 → version 2" }).waitFor();
    const removed = page.locator("del", { hasText: "Draft Title <i>Not Live</i>" });
    expect(await removed.count()).toBe(1);
    expect(await page.locator("ins", { hasText: "Second Title" }).count()).toBe(1);
    // Escaped: the typed <i> is text, not an element.
    expect(await page.locator("del i").count()).toBe(0);

    await page.getByRole("button", { name: "Restore as draft (version 1)" }).click();
    await page.waitForURL(`${edit}?restored=1`);
    await page.getByText("Version restored as the draft").waitFor();
    expect(await form(page).getByLabel("Title", { exact: true }).inputValue()).toBe(
      "Draft Title <i>Not Live</i>",
    );
    expect((await publicTitle(SEEDED.slug)).h1).toBe("Second Title");
    await context.close();
  });

  it("publishes at a time typed in IST when the job's clock passes it, with JavaScript", async () => {
    const context = await editorContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/insights/${LATER}`);
    await waitForAdminHydration(page);
    expect((await publicTitle(LATER)).status).toBe(404);
    const runAt = new Date(Date.now() + 2 * 3_600_000);
    runAt.setUTCSeconds(0, 0);
    await page.getByLabel("Change").selectOption("publish");
    await page.getByLabel("Date and time (IST)").fill(utcToIstLocal(runAt.toISOString()));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByText("Scheduled: the article will be published then.").first().waitFor();
    const listed = page.locator(`time[datetime="${runAt.toISOString()}"]`);
    await listed.waitFor();
    expect(await listed.textContent()).toMatch(/ IST$/);
    expect((await publicTitle(LATER)).status).toBe(404);

    // The schedule job's function, its clock a minute short of the time and then past it.
    const run = (at: number) =>
      withDatabase(server, (db) =>
        runDueSchedules(db, { article: articleScheduleHandler }, new Date(at)),
      );
    expect(await run(runAt.getTime() - 60_000)).toBe(0);
    expect((await publicTitle(LATER)).status).toBe(404);
    expect(await run(runAt.getTime() + 30_000)).toBe(1);
    expect(await run(runAt.getTime() + 90_000)).toBe(0);
    expect((await publicTitle(LATER)).h1).toBe("Scheduled Pay Review");
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${server.url}/insights/${LATER}</loc>`);
    await page.reload();
    await page.getByText("Nothing scheduled.").waitFor();
    await page.getByRole("link", { name: /^History \(1 version\)/ }).waitFor();
    await context.close();
  });

  it("compares and restores with JavaScript", async () => {
    const context = await editorContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/insights/${SEEDED.slug}/versions`);
    await waitForAdminHydration(page);
    await page.getByLabel("Compare").selectOption("2");
    await page.getByLabel("With").selectOption("1");
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await page.getByRole("heading", { name: "Version 2 → version 1" }).waitFor();
    expect(await page.locator("ins", { hasText: "Draft Title <i>Not Live</i>" }).count()).toBe(1);
    await page.getByRole("button", { name: "Restore as draft (version 2)" }).click();
    await page.waitForURL(`${server.url}/admin/insights/${SEEDED.slug}?restored=2`);
    await page.getByText("Version restored as the draft").first().waitFor();
    expect(await form(page).getByLabel("Title", { exact: true }).inputValue()).toBe("Second Title");
    await context.close();
  });

  it("schedules a resource's publish without JavaScript; the Resources page follows when it runs", async () => {
    await withDatabase(server, async (db) =>
      createResource(db, SYSTEM_ACTOR, {
        input: resourceInputSchema.parse({
          type: "guide",
          title: "Scheduled Pay Guide",
          slug: "scheduled-pay-guide",
          summary: "The annual review, step by step.",
          category: "Reward Strategy",
          pageCount: "12",
        }),
        file: { bytes: await pdfFile("Guide"), kind: FILE_KINDS.pdf },
      }),
    );
    const context = await editorContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/resources/scheduled-pay-guide`);
    const runAt = new Date(Date.now() + 3 * 3_600_000);
    runAt.setUTCSeconds(0, 0);
    await page.getByLabel("Change").selectOption("publish");
    await page.getByLabel("Date and time (IST)").fill(utcToIstLocal(runAt.toISOString()));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await page.getByText("Scheduled: the resource will be published then.").first().waitFor();
    await page.locator(`time[datetime="${runAt.toISOString()}"]`).waitFor();
    const listed = async () =>
      (await (await fetch(`${server.url}/resources`)).text()).includes("Scheduled Pay Guide");
    expect(await listed()).toBe(false);
    const done = await withDatabase(server, (db) =>
      runDueSchedules(
        db,
        { resource: resourceScheduleHandler },
        new Date(runAt.getTime() + 20_000),
      ),
    );
    expect(done).toBe(1);
    expect(await listed()).toBe(true);
    await page.goto(`${server.url}/admin/resources/scheduled-pay-guide`);
    await page.getByText("Nothing scheduled.").waitFor();
    await context.close();
  });

  it("a service's draft: saved, previewed, then published, without JavaScript", async () => {
    const context = await editorContext({ javaScript: false });
    const page = await context.newPage();
    const servicePage = async () => (await fetch(`${server.url}/services/benefits`)).text();
    const liveBefore = await servicePage();
    await page.goto(`${server.url}/admin/services?edit=benefits`);
    const editor = page.locator("form", { has: page.getByLabel("Subtitle") });
    await editor.getByLabel("Title", { exact: true }).fill("Benefits, Drafted");
    await editor.getByRole("button", { name: "Save draft" }).first().click();
    await page.getByText("Draft saved: the live page is unchanged").first().waitFor();
    await page.getByText(/Unpublished draft saved by/).waitFor();
    expect(await servicePage()).toBe(liveBefore);

    await page.getByRole("link", { name: /^Preview draft/ }).click();
    await page.getByRole("heading", { level: 1, name: "Benefits, Drafted" }).waitFor();
    await page.getByText("This draft is not on the site until it is published.").waitFor();
    await page.getByRole("link", { name: "Back to editing" }).click();
    await page.getByRole("button", { name: "Publish draft" }).click();
    await page
      .getByText(/^Draft published/)
      .first()
      .waitFor();
    expect(await servicePage()).toContain("Benefits, Drafted");
    await page.goto(`${server.url}/admin/history/service/benefits`);
    await page.getByText("Version 1: Published").waitFor();
    await context.close();
  });

  /*
   * The new views at each width, one test per page (a slow machine cannot push a walk of them
   * all past one test's time limit), each navigating its width's shared tab (decisions 0080 and
   * 0081). The resource is the one the schedule test above made.
   */
  describe("the new views are clean for axe and fit", () => {
    const tabAt = {
      360: madeOnce(async () => (await editorContext({ width: 360 })).newPage()),
      1280: madeOnce(async () => (await editorContext({ width: 1280 })).newPage()),
    };
    for (const width of [360, 1280] as const) {
      for (const path of [
        `/admin/insights/${SEEDED.slug}`,
        `/admin/insights/${SEEDED.slug}/versions`,
        `/admin/insights/${SEEDED.slug}/preview`,
        "/admin/resources/scheduled-pay-guide",
        "/admin/services?edit=benefits",
        "/admin/services/benefits/preview",
        "/admin/history/service/benefits",
      ]) {
        it(`${path} at ${width} px`, async () => {
          const page = await tabAt[width]();
          // A draft's preview is the public page as the public layout draws it: loaded whole.
          if (path.endsWith("/preview")) await page.goto(`${server.url}${path}`);
          else await openAdminPage(page, `${server.url}${path}`);
          expect(await scrollsSideways(page), `${path} at ${width}`).toBe(false);
          expect(await axeViolations(page), `${path} at ${width}`).toEqual([]);
        });
      }
    }
  });
});
