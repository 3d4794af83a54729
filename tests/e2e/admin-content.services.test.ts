import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { timeOnScreen, waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { openAsEditor, publicHtml, toast } from "./admin-content-kit";

/*
 * The services manager as staff use it, and the content managers without JavaScript: edits, the
 * spec's messages and confirmations, validation, and the public site showing each change at once.
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

      // The area's own page (issue 29) has its full text; the overview its title.
      expect(await publicHtml(server, "/services")).toContain("Equity &amp; Ownership Plans");
      const html = await publicHtml(server, "/services/equity");
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
      expect(await publicHtml(server, "/services/equity")).not.toContain("Board-ready plan papers");
      // This message stays 5 seconds, not 3.
      const shownFor = await lifetime();
      expect(shownFor).toBeGreaterThan(4_500);
      expect(shownFor).toBeLessThan(6_500);
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
      expect(await publicHtml(server, "/services/benefits")).toContain("Added without JavaScript");
      await noJs.close();
    });
  });
});
