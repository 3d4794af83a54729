import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CV_MESSAGES } from "~/modules/applications/application-fields";
import { insertApplication } from "~/modules/applications/application-fixtures";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer, deleteAllCareers } from "~/modules/careers/careers.server";
import { launchBrowser } from "../support/browser";
import { pdfFile } from "../support/office-files";
import { startServer, type TestServer } from "../support/server";
import {
  axeViolations,
  backdateFormToken,
  newVisitor,
  scrollsSideways,
  sharedVisitorTabs,
  withDatabase,
} from "./leads-helpers";
import { jsonLdBlocks, waitForHydration } from "./public-support";

/*
 * A candidate applies on a posting's page: with JavaScript (upload progress, answer in place)
 * and without it (the server's page), refused for a wrong file type and a 6 MB file with the
 * typed values kept, a closed posting's page without a form, and the public count going up.
 */

const posting = (title: string, status: "active" | "closed") =>
  careerInputSchema.parse({
    title,
    department: "Analytics",
    location: "New Delhi",
    type: "Full-time",
    description: "Build market benchmarks and pay structures for growing companies.",
    requirements: ["Advanced Excel"],
    benefits: ["Learning budget"],
    status,
  });

const form = (page: Page) => page.getByRole("form", { name: "Application form" });
/** A control of the application form by its label's exact text, a trailing " *" allowed. */
const control = (page: Page, label: string) =>
  form(page).getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

async function fillApplication(page: Page, email: string) {
  await control(page, "Full Name").fill("Priya Sharma");
  await control(page, "Email Address").fill(email);
  await control(page, "Phone Number").fill("98765 43210");
  await control(page, "Current Location").fill("Gurugram");
  await control(page, "Notice Period").selectOption("30 days");
  await control(page, "LinkedIn or Portfolio URL").fill("https://www.linkedin.com/in/priya");
  await control(page, "Cover Note").fill("Six years of pay benchmarking.");
  await form(page)
    .getByRole("checkbox", { name: /^I agree that / })
    .check();
}

const thanks = (page: Page) => page.getByRole("heading", { name: "Thank You for Applying!" });

describe("applying for a job", () => {
  let server: TestServer;
  let browser: Browser;
  let activeId: string;
  let closedId: string;

  /**
   * The posting's page with the form filled in by a candidate, a CV chosen and the form token
   * aged as a person's would be; `hydrated` waits for JavaScript to take over the form first.
   */
  async function openFilledForm(
    page: Page,
    email: string,
    options: { cv: Buffer; fileName?: string; hydrated?: boolean },
  ): Promise<Page> {
    await page.goto(`${server.url}/careers/${activeId}`);
    if (options.hydrated) await waitForHydration(page);
    await fillApplication(page, email);
    await control(page, "Your CV").setInputFiles({
      name: options.fileName ?? "cv.pdf",
      mimeType: "application/pdf",
      buffer: options.cv,
    });
    await backdateFormToken(page);
    return page;
  }
  let cv: Buffer;

  const applicationsOf = (email: string) =>
    withDatabase(server, (db) =>
      db.selectFrom("applications").selectAll().where("email", "=", email).execute(),
    );
  /** The count the public card on /careers shows for the posting ("" when none). */
  /** The figure /careers shows ("5+ applications"), and whether the page came from the cache. */
  const publicCount = async () => {
    const response = await fetch(`${server.url}/careers`);
    const html = await response.text();
    lastCache = response.headers.get("x-cache") ?? "";
    return /[\d,]+\+ applications</.exec(html)?.[0] ?? "";
  };
  let lastCache = "";

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    browser = await launchBrowser();
    cv = await pdfFile("Priya Sharma, compensation analyst", 3 * 1024 * 1024);
    await withDatabase(server, async (db) => {
      await deleteAllCareers(db);
      activeId = (await createCareer(db, posting("Senior Compensation Analyst", "active"))).id;
      closedId = (await createCareer(db, posting("Old Role", "closed"))).id;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  /*
   * A new visitor on the file's tab of each kind, for a test that loads its page first (0093);
   * the first test below keeps a context of its own, as it narrows its tab to a phone's width.
   */
  const visitorTab = sharedVisitorTabs(() => browser);

  it("leads Apply Now on /careers to the form, which axe finds nothing wrong with", async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/careers`);
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Apply Now\s*: Senior Compensation Analyst$/ }).click();
    await page.waitForURL(`${server.url}/careers/${activeId}#apply`);
    await form(page).waitFor();
    expect(await page.content()).not.toContain("enquiry form");
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });

  it("sends an application with JavaScript, showing the upload's progress", async () => {
    expect(await publicCount()).toBe("");
    const page = await openFilledForm(await visitorTab(), "with-js@example.com", {
      cv,
      fileName: "Priya CV.pdf",
      hydrated: true,
    });
    // The progress bar may come and go quickly: a MutationObserver notes its accessible name.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector("progress");
        const label = bar?.labels?.[0]?.textContent;
        if (label && !seen.includes(label)) seen.push(label);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await form(page).getByRole("button", { name: "Submit Application" }).click();
    await thanks(page).waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatch(/^Uploading your application: \d+%$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("status");
    // Below five applications the posting shows no figure, so /careers stays in the page cache.
    expect(await publicCount()).toBe("");
    expect(lastCache).toBe("HIT");
    const [stored] = await applicationsOf("with-js@example.com");
    expect(stored).toMatchObject({ fullName: "Priya Sharma", phone: "+91 98765 43210" });
  });

  it("sends an application without JavaScript; the fifth puts the figure on /careers", async () => {
    const visitor = await visitorTab({ javaScript: false });
    const page = await openFilledForm(visitor, "no-js@example.com", { cv });
    await form(page).getByRole("button", { name: "Submit Application" }).click();
    await thanks(page).waitFor();
    expect(await applicationsOf("no-js@example.com")).toHaveLength(1);
    expect(await publicCount()).toBe("");
    await withDatabase(server, async (db) => {
      for (const email of ["a@example.com", "b@example.com"]) {
        await insertApplication(db, { careerId: activeId, email });
      }
    });
    const third = await openFilledForm(visitor, "no-js-5@example.com", { cv });
    await form(third).getByRole("button", { name: "Submit Application" }).click();
    await thanks(third).waitFor();
    expect(await publicCount()).toBe("5+ applications<");
  });

  describe("refused without JavaScript, typed values kept", () => {
    it.each([
      ["a text file named .pdf", Buffer.from("Not a CV at all"), CV_MESSAGES.notValid.pdf],
      ["a 6 MB file", null, CV_MESSAGES.tooLarge],
    ])("%s", async (_name, bytes, message) => {
      const buffer = bytes ?? (await pdfFile("Big", 6 * 1024 * 1024));
      const page = await openFilledForm(
        await visitorTab({ javaScript: false }),
        "refused@example.com",
        { cv: buffer },
      );
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await form(page).getByRole("button", { name: "Submit Application" }).click();
      expect((await answer).status()).toBe(400);
      await form(page).getByText(message).waitFor();
      expect(await control(page, "Your CV").getAttribute("aria-invalid")).toBe("true");
      expect(await control(page, "Full Name").inputValue()).toBe("Priya Sharma");
      expect(await control(page, "Cover Note").inputValue()).toBe("Six years of pay benchmarking.");
      expect(await control(page, "Notice Period").inputValue()).toBe("30 days");
      expect(await applicationsOf("refused@example.com")).toHaveLength(0);
    });

    it("asks for the CV again when only another field was wrong", async () => {
      const page = await openFilledForm(await visitorTab({ javaScript: false }), "not-an-email", {
        cv,
      });
      await form(page).getByRole("button", { name: "Submit Application" }).click();
      await form(page).getByText("Enter a valid email address").waitFor();
      await form(page).getByText(CV_MESSAGES.chooseAgain).waitFor();
      expect(await control(page, "Email Address").inputValue()).toBe("not-an-email");
    });
  });

  it("with JavaScript, points out a 6 MB file as soon as it is chosen, and the rest on Submit", async () => {
    const page = await visitorTab();
    await page.goto(`${server.url}/careers/${activeId}`);
    await waitForHydration(page);
    await control(page, "Your CV").setInputFiles({
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.alloc(6 * 1024 * 1024, 0x25),
    });
    await form(page).getByText(CV_MESSAGES.tooLarge).waitFor();
    expect(await control(page, "Your CV").getAttribute("aria-invalid")).toBe("true");
    // Sending shows every other message too, and moves focus to the first field with one.
    await form(page).getByRole("button", { name: "Submit Application" }).click();
    await form(page).getByText("Full name is required").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("fullName");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("with JavaScript, shows the server's refusal of a renamed text file in place", async () => {
    const page = await openFilledForm(await visitorTab(), "renamed@example.com", {
      cv: Buffer.from("Plain text pretending to be a PDF"),
      hydrated: true,
    });
    await form(page).getByRole("button", { name: "Submit Application" }).click();
    await form(page).getByText(CV_MESSAGES.notValid.pdf).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("cv");
    // Shown in place: the same page, everything typed still there.
    expect(page.url()).toBe(`${server.url}/careers/${activeId}`);
    expect(await control(page, "Cover Note").inputValue()).toBe("Six years of pay benchmarking.");
    expect(await applicationsOf("renamed@example.com")).toHaveLength(0);
  });

  it("gives each visitor of the stored page a token of their own", async () => {
    const tokenOf = async () => {
      const response = await fetch(`${server.url}/careers/${activeId}`);
      const html = await response.text();
      return {
        cache: response.headers.get("x-cache"),
        token: /name="formToken" value="([^"]+)"/.exec(html)?.[1],
      };
    };
    const first = await tokenOf();
    const second = await tokenOf();
    expect(second.cache).toBe("HIT");
    expect(first.token).toMatch(/^v1\./);
    expect(second.token).toMatch(/^v1\./);
    expect(second.token).not.toBe(first.token);
  });

  it("keeps a closed posting's page, with a notice, no form and no JobPosting data", async () => {
    const response = await fetch(`${server.url}/careers/${closedId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(jsonLdBlocks(html).some((block) => block["@type"] === "JobPosting")).toBe(false);
    const page = await visitorTab();
    await page.goto(`${server.url}/careers/${closedId}`);
    await page.getByRole("heading", { name: "This position is closed" }).waitFor();
    expect(await form(page).count()).toBe(0);
    expect(await page.getByRole("link", { name: "See Open Positions" }).getAttribute("href")).toBe(
      "/careers#positions",
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
