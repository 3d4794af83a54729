import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApplication, insertPosting } from "~/modules/applications/application-fixtures";
import { createEnquiry } from "~/modules/enquiries/enquiries.server";
import { enquiryInputSchema } from "~/modules/enquiries/enquiry.schema";
import { signInAs } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { pdfFile } from "../support/office-files";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, withDatabase } from "./leads-helpers";

/*
 * Issue 13, "Done when: staff ... erase": a person who sent an enquiry and applied with a CV is
 * erased; the application, its CV download and its place in the posting's public count go, the
 * activity log says what was erased, and the sidebar's count of new applications follows.
 */

describe("erasing a person who applied for a position", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let posting: string;
  let priya: { id: string; cvFileId: string | null };
  let cv: Buffer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    cv = await pdfFile("Priya Sharma, Reward Analyst");
    await withDatabase(server, async (db) => {
      posting = await insertPosting(db, { title: "Compensation Analyst" });
      priya = await insertApplication(db, {
        careerId: posting,
        fullName: "Priya Sharma",
        email: "Priya.Sharma@example.in",
        cv: { bytes: cv },
      });
      await insertApplication(db, {
        careerId: posting,
        fullName: "Ravi Kumar",
        email: "ravi@example.in",
      });
      await createEnquiry(
        db,
        enquiryInputSchema.parse({
          firstName: "Priya",
          lastName: "Sharma",
          email: "priya.sharma@example.in",
          company: "Sharma Rewards",
        }),
      );
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    // An admin: erasing a person is for admins (issue 24).
    await signInAs(context, server, "admin");
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const sidebar = () => page.locator("aside").getByRole("navigation", { name: "Admin" });
  /** The posting's applications count on the staff's Careers page ("2 applications"). */
  const postingCard = async () => {
    const html = await (await context.request.get(`${server.url}/admin/careers`)).text();
    const count =
      />(\d+)<span class="sr-only"> applications for (?:<!-- -->)?[^<]*Compensation Analyst/.exec(
        html,
      )?.[1];
    return `${count ?? "no"} applications`;
  };

  it("shows the new applications in the sidebar and on the dashboard, axe clean", async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await waitForAdminHydration(page);
    await sidebar()
      .getByRole("link", { name: /^Applications\s*,\s*2 new$/ })
      .waitFor();
    await sidebar()
      .getByRole("link", { name: /^Enquiries\s*,\s*1 new$/ })
      .waitFor();
    const card = page.getByRole("link", { name: /New Applications/ });
    expect(await card.getAttribute("href")).toBe("/admin/applications?status=new");
    expect(await card.textContent()).toContain("2 applications to review");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("erases the enquiry, the application and its CV; the count, the log and the sidebar follow", async () => {
    const cvUrl = `${server.url}/admin/applications/${priya.id}/cv`;
    const before = await context.request.get(cvUrl);
    expect(before.status()).toBe(200);
    expect(Buffer.from(await before.body()).equals(cv)).toBe(true);
    expect(await postingCard()).toContain("2 applications");

    await page.goto(`${server.url}/admin/enquiries/erase`);
    await waitForAdminHydration(page);
    await page.getByText("job application sent from the address").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("E-mail address").fill("priya.sharma@example.in");
    await page.getByRole("button", { name: "Erase this person" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/every enquiry, job application, CV/).waitFor();
    await dialog.getByRole("button", { name: "Erase" }).click();
    await page
      .getByText(
        /^Erased priya\.sharma@example\.in: 1 enquiry, 1 job application with 1 CV, no newsletter subscription, \d+ e-mails?\.$/,
      )
      .first()
      .waitFor();

    // The sidebar was read again with the answer: one new application left, no new enquiry.
    await sidebar()
      .getByRole("link", { name: /^Applications\s*,\s*1 new$/ })
      .waitFor();
    await sidebar().getByRole("link", { name: "Enquiries", exact: true }).waitFor();

    expect((await context.request.get(cvUrl)).status()).toBe(404);
    const detail = await page.goto(`${server.url}/admin/applications/${priya.id}`);
    expect(detail?.status()).toBe(404);
    expect(await postingCard()).toContain("1 application");
    expect(await postingCard()).not.toContain("2 applications");

    await page.goto(`${server.url}/admin/activity`);
    await page
      .getByText(
        /Erased a person's data on request: 1 enquiry, 1 job application with 1 CV, no newsletter subscription/,
      )
      .first()
      .waitFor();
    expect(await page.content()).not.toMatch(/priya\.sharma@example\.in/i);
  });

  it("counts an application that arrives meanwhile at the next page staff open", async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await waitForAdminHydration(page);
    await sidebar()
      .getByRole("link", { name: /^Applications\s*,\s*1 new$/ })
      .waitFor();
    await withDatabase(server, (db) =>
      insertApplication(db, { careerId: posting, email: "asha@example.in" }),
    );
    // A client-side move to another admin page reads the layout again.
    await sidebar().getByRole("link", { name: "Careers" }).click();
    await page.waitForURL(`${server.url}/admin/careers`);
    await sidebar()
      .getByRole("link", { name: /^Applications\s*,\s*2 new$/ })
      .waitFor();
  });
});
