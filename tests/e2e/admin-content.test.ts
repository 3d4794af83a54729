import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser, timeOnScreen, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/*
 * The content managers (services, page content, careers) as staff use them: edits, the spec's
 * messages and confirmations, validation, and the public site showing each change at once.
 */

/** The latest toast with this text (an earlier one with the same text may still be showing). */
const toast = (page: Page, text: string | RegExp) =>
  page.locator("li[data-tone]").filter({ hasText: text }).last();

const publicHtml = async (server: TestServer, path: string) =>
  (await fetch(`${server.url}${path}`)).text();

describe("the admin content managers", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(context, server, "editor");
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe("services", () => {
    it("edits every field of one service, lists included, and the site shows it at once", async () => {
      await page.goto(`${server.url}/admin/services`);
      await page
        .getByRole("link", { name: "Edit Equity Compensation & Long-Term Incentives" })
        .click();
      const form = page.locator("form[aria-labelledby='edit-equity']");
      await form.waitFor();
      // The list editors' buttons work in place only once the page is hydrated.
      await waitForAdminHydration(page);
      // One service in edit mode at a time.
      await expect(page.locator("form[aria-labelledby^='edit-']").count()).resolves.toBe(1);

      await form.getByLabel("Title", { exact: true }).fill("Equity & Ownership Plans");
      await form.getByLabel("Subtitle", { exact: true }).fill("ESOPs that people understand");
      // The spec's six colour choices, no others.
      await expect(
        form
          .getByLabel("Colour")
          .locator("option")
          .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
      ).resolves.toEqual(["blue", "purple", "green", "orange", "red", "teal"]);
      await form.getByLabel("Colour").selectOption("teal");

      const features = form.getByRole("group", { name: /^Features/ });
      const featureCount = await features.getByRole("textbox").count();
      const lastFeature = await features.getByLabel(`Feature ${featureCount}`).inputValue();
      await features.getByRole("button", { name: "Add feature" }).click();
      await features.getByLabel(`Feature ${featureCount + 1}`).fill("Board-ready plan papers");
      await features.getByRole("button", { name: `Move up feature ${featureCount + 1}` }).click();
      await expect(features.getByLabel(`Feature ${featureCount}`).inputValue()).resolves.toBe(
        "Board-ready plan papers",
      );

      const benefits = form.getByRole("group", { name: /^Benefits/ });
      const firstBenefit = await benefits.getByLabel("Benefit 1").inputValue();
      const benefitCount = await benefits.getByRole("textbox").count();
      await benefits.getByRole("button", { name: "Remove benefit 1" }).click();
      await expect(benefits.getByRole("textbox").count()).resolves.toBe(benefitCount - 1);

      const subServices = form.getByRole("group", { name: /^Sub-services/ });
      const subCount = await subServices.getByRole("textbox").count();
      await subServices.getByRole("button", { name: "Add sub-service" }).click();
      const position = subCount / 2 + 1;
      await subServices.getByLabel(`Name ${position}`).fill("Founder Liquidity Windows");
      await subServices.getByLabel(`Description ${position}`).fill("Secondary sales, done well.");

      await form.getByRole("button", { name: "Save" }).first().click();
      await toast(page, "Service updated successfully!").waitFor();
      await expect(
        toast(page, "Service updated successfully!").getAttribute("data-tone"),
      ).resolves.toBe("success");
      // Back in view mode, with the new title.
      await expect.poll(() => page.locator("form[aria-labelledby^='edit-']").count()).toBe(0);
      await page.getByRole("heading", { name: "Equity & Ownership Plans" }).waitFor();

      const html = await publicHtml(server, "/services");
      expect(html).toContain("Equity &amp; Ownership Plans");
      expect(html).toContain("Board-ready plan papers");
      expect(html).toContain("Founder Liquidity Windows");
      expect(html).not.toContain(firstBenefit.replace(/&/g, "&amp;"));
      // Moved up: it now comes before what was the last feature.
      expect(html.indexOf("Board-ready plan papers")).toBeLessThan(
        html.indexOf(lastFeature.replace(/&/g, "&amp;")),
      );
    });

    it("keeps what was typed and marks the field when a save fails validation", async () => {
      await page.goto(`${server.url}/admin/services?edit=variable`);
      await waitForAdminHydration(page);
      const form = page.locator("form[aria-labelledby='edit-variable']");
      await form.getByLabel("Title", { exact: true }).fill("   ");
      await form.getByLabel("Subtitle", { exact: true }).fill("A subtitle that was typed");
      const lifetime = await timeOnScreen(page, "li[data-tone]", "Error updating service: ");
      await form.getByRole("button", { name: "Save" }).first().click();
      const error = toast(page, /^Error updating service: /);
      await error.waitFor();
      await expect(error.getAttribute("data-tone")).resolves.toBe("error");
      await expect(form.getByText("Title is required").count()).resolves.toBe(1);
      await expect(form.getByLabel("Subtitle", { exact: true }).inputValue()).resolves.toBe(
        "A subtitle that was typed",
      );
      await expect(
        form.getByLabel("Title", { exact: true }).getAttribute("aria-invalid"),
      ).resolves.toBe("true");
      // Messages clear themselves after 3 seconds.
      const shownFor = await lifetime();
      expect(shownFor).toBeGreaterThan(2_500);
      expect(shownFor).toBeLessThan(4_500);
      await page.getByRole("link", { name: "Cancel" }).first().click();
      await expect.poll(() => page.locator("form[aria-labelledby^='edit-']").count()).toBe(0);
    });

    it("resets the services to the defaults behind the spec's confirmation", async () => {
      await page.goto(`${server.url}/admin/services`);
      // Before hydration the button asks on a server-rendered page instead of in a dialog.
      await waitForAdminHydration(page);
      await page.getByRole("button", { name: "Reset to defaults" }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog.getByText(/^Are you sure/).textContent()).resolves.toBe(
        "Are you sure you want to reset all services to the latest comprehensive defaults? This will overwrite all existing service data.",
      );
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await page.getByRole("heading", { name: "Equity & Ownership Plans" }).waitFor();

      await page.getByRole("button", { name: "Reset to defaults" }).click();
      const lifetime = await timeOnScreen(
        page,
        "li[data-tone]",
        "Services reset to comprehensive defaults successfully!",
      );
      await page.getByRole("alertdialog").getByRole("button", { name: "Reset services" }).click();
      const done = toast(page, "Services reset to comprehensive defaults successfully!");
      await done.waitFor();
      await page
        .getByRole("heading", { name: "Equity Compensation & Long-Term Incentives" })
        .waitFor();
      expect(await publicHtml(server, "/services")).not.toContain("Board-ready plan papers");
      // This message stays 5 seconds, not 3.
      const shownFor = await lifetime();
      expect(shownFor).toBeGreaterThan(4_500);
      expect(shownFor).toBeLessThan(6_500);
    });
  });

  describe("page content", () => {
    it("views, edits and saves a page's hero and text fields; the site shows them", async () => {
      await page.goto(`${server.url}/admin/content`);
      await page
        .getByRole("navigation", { name: "Pages" })
        .getByRole("link", { name: "About" })
        .click();
      await page.getByRole("heading", { name: "About page" }).waitFor();
      await page.getByRole("link", { name: "Edit the About page" }).click();
      const title = page.getByLabel("Title", { exact: true }).first();
      await title.waitFor();
      // Description and Subtitle fields are multi-line; the others single-line.
      await expect(
        page
          .getByLabel("Subtitle", { exact: true })
          .first()
          .evaluate((el) => el.tagName),
      ).resolves.toBe("TEXTAREA");
      await expect(title.evaluate((el) => el.tagName)).resolves.toBe("INPUT");
      await title.fill("Strategy Over Sameness, Always");
      await page.getByRole("button", { name: "Save" }).first().click();
      await toast(page, "Content updated successfully!").waitFor();
      await page.getByText("Strategy Over Sameness, Always").waitFor();
      expect(await publicHtml(server, "/about")).toContain("Strategy Over Sameness, Always");
    });

    it("cancels without saving, refuses an empty title, and shows lists read-only", async () => {
      await page.goto(`${server.url}/admin/content?page=home&edit=1`);
      const title = page.getByLabel("Title", { exact: true }).first();
      await title.fill("Not saved");
      await page.getByRole("link", { name: "Cancel" }).first().click();
      await page.getByRole("link", { name: "Edit the Home page" }).waitFor();
      expect(await publicHtml(server, "/")).not.toContain("Not saved");

      await page.goto(`${server.url}/admin/content?page=home&edit=1`);
      await page.getByLabel("Title", { exact: true }).first().fill("");
      await page.getByRole("button", { name: "Save" }).first().click();
      await toast(page, /^Error updating content: /).waitFor();
      await page.getByText("Title is required").first().waitFor();

      await page.goto(`${server.url}/admin/content?page=services`);
      await page.getByText("Steps (read-only)").waitFor();
      await page.getByText("Discovery and Assessment", { exact: false }).first().waitFor();
      await expect(
        page.getByRole("link", { name: "Services Manager" }).first().getAttribute("href"),
      ).resolves.toBe("/admin/services");
    });
  });

  describe("careers", () => {
    it("adds a posting as a draft, validates it, and publishes it when made active", async () => {
      await page.goto(`${server.url}/admin/careers`);
      await page.getByText("No career postings yet.", { exact: false }).waitFor();
      await page.getByRole("link", { name: "Add New Position" }).click();
      await page.getByLabel("Job title").fill("Senior Rewards Analyst");
      await page.getByLabel("Location").fill("New Delhi");
      await expect(page.getByLabel("Status").inputValue()).resolves.toBe("draft");
      await expect(
        page.getByLabel("Department").locator("option").allTextContents(),
      ).resolves.toEqual(["Consulting", "Analytics", "Operations", "Business Development"]);
      await expect(
        page.getByLabel("Employment type").locator("option").allTextContents(),
      ).resolves.toEqual(["Full-time", "Part-time", "Contract", "Internship"]);
      await page.getByRole("button", { name: "Add Position" }).click();
      await toast(page, /^Error saving career posting: /).waitFor();
      await page.getByText("Description is required").waitFor();
      await expect(page.getByLabel("Job title").inputValue()).resolves.toBe(
        "Senior Rewards Analyst",
      );

      await page.getByLabel("Department").selectOption("Analytics");
      await page
        .getByLabel("Description", { exact: true })
        .fill("Build market benchmarks for growing firms.");
      await page.getByLabel("Requirements").fill("Excel\n\nSurvey data\n");
      await page.getByRole("button", { name: "Add Position" }).click();
      await toast(page, "Career posting added successfully!").waitFor();
      const card = page.getByRole("article", { name: "Senior Rewards Analyst" });
      await expect(
        card.getByText("Draft", { exact: true }).getAttribute("class"),
      ).resolves.toContain("bg-yellow-100");
      expect(await publicHtml(server, "/careers")).not.toContain("Senior Rewards Analyst");

      await card.getByRole("link", { name: /^Edit/ }).click();
      await expect(page.getByLabel("Requirements").inputValue()).resolves.toBe(
        "Excel\nSurvey data",
      );
      await page.getByLabel("Status").selectOption("active");
      await page.getByRole("button", { name: "Update Position" }).click();
      await toast(page, "Career posting updated successfully!").waitFor();
      await expect(
        card.getByText("Active", { exact: true }).getAttribute("class"),
      ).resolves.toContain("bg-green-100");
      expect(await publicHtml(server, "/careers")).toContain("Senior Rewards Analyst");

      // The same title again gets its own id.
      await page.getByRole("link", { name: "Add New Position" }).click();
      await page.getByLabel("Job title").fill("Senior Rewards Analyst");
      await page.getByLabel("Location").fill("Remote");
      await page.getByLabel("Description", { exact: true }).fill("A second opening.");
      await page.getByLabel("Status").selectOption("closed");
      await page.getByRole("button", { name: "Add Position" }).click();
      const editLinks = page.getByRole("link", { name: "Edit Senior Rewards Analyst" });
      await expect.poll(() => editLinks.count()).toBe(2);
      const edits = await editLinks.evaluateAll((links) =>
        links.map((link) => link.getAttribute("href")),
      );
      expect(edits.sort()).toEqual([
        "/admin/careers?edit=senior-rewards-analyst",
        "/admin/careers?edit=senior-rewards-analyst-2",
      ]);
      await expect(
        page.getByText("Closed", { exact: true }).getAttribute("class"),
      ).resolves.toContain("bg-red-100");
    });

    it("deletes one posting and clears all, each behind the spec's confirmation", async () => {
      await page.goto(`${server.url}/admin/careers`);
      await waitForAdminHydration(page);
      const deleteButtons = page.getByRole("button", { name: "Delete Senior Rewards Analyst" });
      await expect(deleteButtons.count()).resolves.toBe(2);
      await deleteButtons.first().click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog.getByText(/^Are you sure/).textContent()).resolves.toBe(
        "Are you sure you want to delete this career posting?",
      );
      await dialog.getByRole("button", { name: "Delete" }).click();
      await toast(page, "Career posting deleted successfully!").waitFor();
      // The message may come just before the list is read again.
      await expect.poll(() => deleteButtons.count()).toBe(1);

      await page.getByRole("button", { name: "Clear All" }).click();
      await expect(
        page
          .getByRole("alertdialog")
          .getByText(/^Are you sure/)
          .textContent(),
      ).resolves.toBe(
        "Are you sure you want to delete ALL career postings? This action cannot be undone.",
      );
      await page.keyboard.press("Escape");
      await expect(deleteButtons.count()).resolves.toBe(1);
      await page.getByRole("button", { name: "Clear All" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete all" }).click();
      await toast(page, "All career postings have been cleared!").waitFor();
      await page.getByText("No career postings yet.", { exact: false }).waitFor();
    });
  });

  describe("without JavaScript", () => {
    it("asks for confirmation on the server, and edits lists through the server", async () => {
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      await signInAs(noJs, server, "editor");
      const plain = await noJs.newPage();

      await plain.goto(`${server.url}/admin/careers?new=1`);
      await plain.getByLabel("Job title").fill("Operations Associate");
      await plain.getByLabel("Location").fill("Gurugram");
      await plain.getByLabel("Description", { exact: true }).fill("Keep the firm running.");
      await plain.getByRole("button", { name: "Add Position" }).click();
      await plain.getByText("Career posting added successfully!").waitFor();

      await plain.getByRole("button", { name: "Delete Operations Associate" }).click();
      const question = plain.getByRole("region", { name: "Delete career posting" });
      await question.getByText("Are you sure you want to delete this career posting?").waitFor();
      await question.getByRole("button", { name: "Delete" }).click();
      await plain.getByText("Career posting deleted successfully!").waitFor();

      await plain.goto(`${server.url}/admin/services?edit=benefits`);
      const features = plain.getByRole("group", { name: /^Features/ });
      const count = await features.getByRole("textbox").count();
      await features.getByRole("button", { name: "Add feature" }).click();
      await plain
        .getByRole("group", { name: /^Features/ })
        .getByLabel(`Feature ${count + 1}`)
        .fill("Added without JavaScript");
      await plain.getByRole("button", { name: "Save" }).first().click();
      await plain.getByText("Service updated successfully!").waitFor();
      expect(await publicHtml(server, "/services")).toContain("Added without JavaScript");
      await noJs.close();
    });
  });
});
