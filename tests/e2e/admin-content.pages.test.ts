import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { openAsEditor, publicHtml, toast } from "./admin-content-kit";

/*
 * The page content and careers managers as staff use them: edits, the spec's messages and
 * confirmations, validation, and the public site showing each change at once.
 */

describe("the admin content managers", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await openAsEditor());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
      await page.getByRole("button", { name: "Save and publish" }).first().click();
      await toast(page, "Content updated successfully!").waitFor();
      await page.getByText("Strategy Over Sameness, Always").waitFor();
      expect(await publicHtml(server, "/about")).toContain("Strategy Over Sameness, Always");
    });

    it("previews every page's texts as the built public page draws them", async () => {
      // Built route components read their data from the route that renders them, not from
      // props: a preview that passed the page's data as props answered 500 on the real server.
      for (const key of ["home", "about", "services", "resources", "contact", "careers"]) {
        const response = await page.goto(`${server.url}/admin/content/${key}/preview`);
        expect(response?.status(), key).toBe(200);
        await page.getByText("Preview for staff.").waitFor();
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      }
      // The About page's title saved above, as the preview of a page without a draft shows it.
      await page.goto(`${server.url}/admin/content/about/preview`);
      await page.getByText("This is the live page: there is no unpublished draft.").waitFor();
      await page.getByText("Strategy Over Sameness, Always").first().waitFor();
    });

    it("cancels without saving, refuses an empty title, and shows the steps", async () => {
      await page.goto(`${server.url}/admin/content?page=home&edit=1`);
      const title = page.getByLabel("Title", { exact: true }).first();
      await title.fill("Not saved");
      await page.getByRole("link", { name: "Cancel" }).first().click();
      await page.getByRole("link", { name: "Edit the Home page" }).waitFor();
      expect(await publicHtml(server, "/")).not.toContain("Not saved");

      await page.goto(`${server.url}/admin/content?page=home&edit=1`);
      await page.getByLabel("Title", { exact: true }).first().fill("");
      await page.getByRole("button", { name: "Save and publish" }).first().click();
      await toast(page, /^Error updating content: /).waitFor();
      await page.getByText("Title is required").first().waitFor();

      // The methodology steps are edited here now (admin-content.process-steps.test.ts).
      await page.goto(`${server.url}/admin/content?page=services`);
      await page.getByText("Discovery and Assessment", { exact: false }).first().waitFor();
      expect(await page.getByText("Steps (read-only)").count()).toBe(0);
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
});
