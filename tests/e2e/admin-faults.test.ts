import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPosting } from "~/modules/applications/application-fixtures";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { insertEnquiry } from "~/modules/enquiries/enquiry-fixtures";
import { signInAs } from "../support/auth";
import { waitForAdminHydration } from "../support/browser";
import type { TestServer } from "../support/server";
import { startSite, toast, withDatabase } from "./admin-staff-kit";

/*
 * Issue 24, "Faults found on the way", the admin's: each as the staff member who met it sees it.
 */

/**
 * What sticks out of the page: the document's sideways scroll, and every control or heading in
 * the main area whose box ends beyond the main area's right edge (cut off or pushed out of view).
 */
async function cutOff(page: Page) {
  return page.evaluate(() => {
    const main = document.getElementById("admin-main");
    if (!main) throw new Error("No admin main area");
    const edge = main.getBoundingClientRect().right;
    const outside = [...main.querySelectorAll("input, select, button, label, h2, h3, a")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > edge + 0.5;
      })
      .map((element) => element.textContent?.trim() || element.getAttribute("name") || "?");
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      outside,
    };
  });
}

describe("the admin's faults found on the way", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startSite());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([1280, 360])(
    "shows consultants and hours at %i px without sideways scrolling, every column in view",
    async (width) => {
      await withDatabase(server, (db) => consultantFixture(db, { name: `Meera Rao ${width}` }));
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signInAs(context, server, "admin");
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/bookings/availability`);
      await waitForAdminHydration(page);
      await page.getByRole("heading", { name: "Weekly hours (IST)" }).waitFor();
      // The last column of the week: each day's second end time.
      const sundaySecondEnd = page.getByLabel("Sunday second end");
      await sundaySecondEnd.waitFor();
      expect(await cutOff(page)).toEqual({ sideways: 0, outside: [] });
      await context.close();
    },
  );

  it("keeps erasing a person for admins: an editor has no link and is refused the page", async () => {
    await withDatabase(server, (db) => insertEnquiry(db, { email: "leela@example.in" }));
    const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(editorContext, server, "editor");
    const editorPage = await editorContext.newPage();
    await editorPage.goto(`${server.url}/admin/enquiries`);
    await editorPage.getByRole("link", { name: "Export CSV" }).waitFor();
    expect(await editorPage.getByRole("link", { name: "Erase a person" }).count()).toBe(0);
    const refused = await editorPage.goto(`${server.url}/admin/enquiries/erase`);
    expect(refused?.status()).toBe(403);
    await editorPage
      .getByRole("heading", { name: "You do not have permission to see this page" })
      .waitFor();
    expect(await editorPage.getByLabel("E-mail address").count()).toBe(0);
    await editorContext.close();

    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(adminContext, server, "admin");
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${server.url}/admin/enquiries`);
    await waitForAdminHydration(adminPage);
    await adminPage.getByRole("link", { name: "Erase a person" }).click();
    await adminPage.waitForURL(/\/admin\/enquiries\/erase$/);
    await adminPage.getByLabel("E-mail address").fill("leela@example.in");
    await adminPage.getByRole("button", { name: "Erase this person" }).click();
    await adminPage.getByRole("alertdialog").getByRole("button", { name: "Erase" }).click();
    await toast(adminPage, /^Erased leela@example\.in: 1 enquiry/).waitFor();
    await adminContext.close();
  });

  it("publishes a draft posting from its card without JavaScript, and the Careers page shows it at once", async () => {
    await withDatabase(server, (db) =>
      insertPosting(db, { title: "Benefits Consultant", status: "draft" }),
    );
    const careersPage = async () => (await fetch(`${server.url}/careers`)).text();
    // A stored copy of the public page, made before the posting is published.
    expect(await careersPage()).not.toContain("Benefits Consultant");

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });
    await signInAs(context, server, "editor");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/careers`);
    const card = page.getByRole("article", { name: "Benefits Consultant" });
    await card.getByText("Draft", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Publish Benefits Consultant" }).click();
    await page.getByText("Career posting published:", { exact: false }).first().waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    expect(await careersPage()).toContain("Benefits Consultant");

    await card.getByRole("button", { name: "Close Benefits Consultant" }).click();
    await page.getByText("Career posting closed:", { exact: false }).first().waitFor();
    await card.getByRole("button", { name: "Reopen Benefits Consultant" }).waitFor();
    expect(await careersPage()).not.toContain("Benefits Consultant");
    await context.close();
  });
});
