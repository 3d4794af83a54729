import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import {
  axeViolations,
  backdatedFormToken,
  madeOnce,
  newVisitor,
  scrollsSideways,
  setFormToken,
  sharedVisitorTabs,
  signedInTab,
  withDatabase,
} from "./leads-helpers";
import { htmlErrors } from "./public-measure";
import { jsonLdBlocks, waitForHydration } from "./public-support";

/*
 * The CTC to in-hand calculator and the /tools index (issue 28, decision 0052) in a browser:
 * the server computes without JavaScript and the page recomputes as one types with it (the
 * address following), the breakdown is e-mailed with its PDF and becomes a lead in the inbox,
 * and the pages pass axe at 360 and 1280 px without scrolling sideways.
 */

const PATH = "/tools/ctc-to-in-hand";
/** The example with nothing typed: ₹15 lakh in Karnataka, basic 50%, HRA 40% of basic. */
const EXAMPLE_HEADLINE =
  /^The new regime taxes ₹[\d,]+ less: ₹[\d,]+ in hand a month on average\.$/;

describe("the CTC to in-hand calculator", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Total Rewards Consulting <no-reply@example.in>",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  const visitor = async (options: { javaScript?: boolean; width?: number } = {}) => {
    const context = await newVisitor(browser, options);
    contexts.push(context);
    return context.newPage();
  };
  /* A new visitor on the file's tab of each kind, for a test that loads its page first (0093). */
  const visitorTab = sharedVisitorTabs(() => browser);
  /** The editor's tab that finds each lead in the inbox, shared by both mail tests (0081). */
  const staffTab = madeOnce(() => signedInTab(browser, server, "editor"));
  const form = (page: Page) => page.getByRole("form", { name: "Your salary" });
  const input = (page: Page, label: string) => {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return form(page).getByLabel(new RegExp(`^${escaped}( \\*)?$`));
  };
  const headline = (page: Page) => page.locator("[data-headline]").textContent();
  const figure = (page: Page, label: string) =>
    page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").textContent();

  it("lists the calculators on /tools, linked from the header, and the sitemap names them", async () => {
    const page = await visitorTab({ javaScript: false });
    await page.goto(`${server.url}/`);
    await page.locator("header").getByRole("link", { name: "Tools" }).first().click();
    await page.waitForURL(`${server.url}/tools`);
    await page.getByRole("link", { name: "CTC to in-hand salary", exact: true }).click();
    await page.waitForURL(`${server.url}${PATH}`);
    expect(await headline(page)).toMatch(EXAMPLE_HEADLINE);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/tools</loc>");
    expect(sitemap).toContain(`${PATH}</loc>`);
  });

  it("without JavaScript: the server computes the submitted inputs, the address shares them, and a bad field is marked", async () => {
    const page = await visitorTab({ javaScript: false });
    await page.goto(`${server.url}${PATH}`);
    await input(page, "CTC a year (₹)").fill("12,75,000");
    await input(page, "Variable pay a year (₹)").fill("0");
    await form(page).getByLabel("Provident fund").selectOption("none");
    await form(page).getByLabel("Gratuity included in the CTC").selectOption("no");
    await form(page).getByLabel("State (professional tax)").selectOption("NONE");
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.waitForURL((url) => url.search.includes("ctc=12%2C75%2C000"));
    // ₹12.75 lakh of salary: ₹75,000 standard deduction and the s.87A rebate leave no tax.
    await expect.poll(() => figure(page, "Income tax, new regime")).toBe("₹0");
    expect(await figure(page, "In hand a month, new regime")).toBe("₹1,06,250");

    const again = await visitorTab({ javaScript: false, visitor: 2 });
    await again.goto(page.url());
    expect(await figure(again, "In hand a month, new regime")).toBe("₹1,06,250");

    await input(page, "CTC a year (₹)").fill("twelve lakh");
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.getByText("CTC must be a number, such as 1200000").waitFor();
    expect(await input(page, "CTC a year (₹)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("[data-headline]").count()).toBe(0);
  });

  it("with JavaScript: the result follows the typing and the address follows the inputs", async () => {
    const page = await visitorTab();
    await page.goto(`${server.url}${PATH}`);
    await waitForHydration(page);
    expect(await headline(page)).toMatch(EXAMPLE_HEADLINE);
    await form(page).getByLabel("Provident fund").selectOption("none");
    await form(page).getByLabel("Gratuity included in the CTC").selectOption("no");
    await form(page).getByLabel("State (professional tax)").selectOption("NONE");
    await input(page, "CTC a year (₹)").fill("1275000");
    await expect.poll(() => figure(page, "In hand a month, new regime")).toBe("₹1,06,250");
    expect(new URL(page.url()).searchParams.get("ctc")).toBe("1275000");
    expect(new URL(page.url()).pathname).toBe(PATH);

    // The old regime with rent in a metro and full deductions now taxes less.
    await input(page, "CTC a year (₹)").fill("2000000");
    await input(page, "Rent paid a month (₹)").fill("50000");
    await form(page).getByLabel("I live in Delhi, Mumbai, Kolkata or Chennai").check();
    await input(page, "80C investments besides PF a year (₹)").fill("150000");
    await input(page, "Health insurance for self and family a year (₹)").fill("25000");
    await input(page, "Home loan interest a year (₹)").fill("200000");
    await expect.poll(() => headline(page)).toMatch(/^The old regime taxes ₹[\d,]+ less/);

    await input(page, "Basic (% of CTC)").fill("150");
    await expect.poll(() => page.getByText("Basic must be at most 100").count()).toBe(1);
  });

  it("with JavaScript, an e-mail request with empty fields is answered in place, focus on the first field to correct", async () => {
    const page = await visitorTab();
    await page.goto(`${server.url}${PATH}?ctc=1800000`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const mailForm = page.getByRole("form", { name: "E-mail me this breakdown" });
    await mailForm.getByRole("button", { name: "E-mail me this breakdown" }).click();
    await page.getByText("Name is required").waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("name");
    expect(await mailForm.getByLabel(/^Name( \*)?$/).getAttribute("aria-invalid")).toBe("true");
    // The answer's form keeps the calculator's inputs for the next try.
    expect(await mailForm.locator('input[name="query"]').inputValue()).toContain("ctc=1800000");
  });

  it("reached in place from a page that hydrates, the result still follows the typing", async () => {
    // No public page hydrates any more (decision 0067, /book since f4a1eb1); the sign-in page
    // does, and its "Back to the website" link draws the public site in place with React.
    const page = await visitorTab();
    await page.goto(`${server.url}/admin/login`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByRole("link", { name: "Back to the website" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.locator("header").getByRole("link", { name: "Tools" }).first().click();
    await page.waitForURL(`${server.url}/tools`);
    await page.getByRole("link", { name: "CTC to in-hand salary", exact: true }).click();
    await page.waitForURL(`${server.url}${PATH}`);
    // React drew the page in place (no new document), so its effect runs the page's script.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
    await form(page).getByLabel("Provident fund").selectOption("none");
    await form(page).getByLabel("Gratuity included in the CTC").selectOption("no");
    await form(page).getByLabel("State (professional tax)").selectOption("NONE");
    await input(page, "CTC a year (₹)").fill("1275000");
    await expect.poll(() => figure(page, "In hand a month, new regime")).toBe("₹1,06,250");
    expect(new URL(page.url()).searchParams.get("ctc")).toBe("1275000");
  });

  for (const javaScript of [true, false]) {
    it(`e-mails the breakdown with its PDF and puts the lead in the inbox, ${javaScript ? "with" : "without"} JavaScript`, async () => {
      const page = await visitorTab({ javaScript });
      await page.goto(`${server.url}${PATH}?ctc=2400000&state=MH`);
      if (javaScript) await waitForHydration(page);
      const email = `ctc.${javaScript ? "js" : "no-js"}@example.com`;
      const mailForm = page.getByRole("form", { name: "E-mail me this breakdown" });
      await mailForm.getByLabel(/^Name( \*)?$/).fill("Vikram Shetty");
      await mailForm.getByLabel(/^Email( \*)?$/).fill(email);
      await mailForm.getByLabel(/^Company( \*)?$/).fill("Shetty Logistics");
      await setFormToken(page, backdatedFormToken());
      const before = smtp.messages.length;
      // With JavaScript the answer comes in place (decision 0071): the same document, focus moved.
      if (javaScript) {
        await page.evaluate(() => {
          (window as unknown as { samePage: boolean }).samePage = true;
        });
      }
      await mailForm.getByRole("button", { name: "E-mail me this breakdown" }).click();
      await page.getByRole("heading", { name: "Breakdown sent" }).waitFor();
      if (javaScript) {
        expect(
          await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage),
        ).toBe(true);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent))
          .toBe("Breakdown sent");
      }
      expect(
        await page.getByText(`We have e-mailed the breakdown with its PDF to ${email}.`).count(),
      ).toBe(1);

      const lead = await withDatabase(server, (db) =>
        db.selectFrom("enquiries").selectAll().where("email", "=", email).executeTakeFirstOrThrow(),
      );
      expect(lead.source).toBe("calculator:ctc-to-in-hand");
      expect(lead.company).toBe("Shetty Logistics");
      await expect
        .poll(() => smtp.messages.slice(before).some((mail) => mail.envelopeTo.includes(email)), {
          timeout: 20_000,
        })
        .toBe(true);
      const mail = smtp.messages
        .slice(before)
        .find((received) => received.envelopeTo.includes(email));
      expect(mail?.subject).toBe("Your breakdown: CTC to in-hand, FY 2025-26");
      expect(mail?.raw).toMatch(
        /Content-Type: application\/pdf; name=ctc-to-in-hand-breakdown\.pdf/i,
      );
      expect(mail?.text).toContain("ctc=2400000&state=MH");

      const inbox = await staffTab();
      await inbox.goto(`${server.url}/admin/enquiries/${lead.id}`);
      await inbox.getByText("Calculator (ctc-to-in-hand)").first().waitFor();
    });
  }

  it("offers the PDF of the inputs, links to the service and /book, and has WebApplication data", async () => {
    const html = await (await fetch(`${server.url}${PATH}?ctc=1800000&state=TN`)).text();
    const link = /href="(\/tools\/ctc-to-in-hand\/breakdown\.pdf\?[^"]+)"/.exec(html)?.[1];
    expect(link).toContain("ctc=1800000");
    const response = await fetch(`${server.url}${(link ?? "").replaceAll("&amp;", "&")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const bad = await fetch(`${server.url}/tools/ctc-to-in-hand/breakdown.pdf?ctc=abc`);
    expect(bad.status).toBe(400);

    const app = jsonLdBlocks(html).find((block) => block["@type"] === "WebApplication");
    expect(app).toMatchObject({ name: "CTC to in-hand salary", isAccessibleForFree: true });
    expect(html).toContain('href="/book"');
    expect(html).toContain('href="/services/benchmarking"');
    expect((await fetch(`${server.url}/services/benchmarking`)).status).toBe(200);
  });

  it("sends valid HTML with a result and with a refused input, and the e-mail form says what is done with the details", async () => {
    for (const query of ["?ctc=1800000&state=TN&rent=30000&metro=1", "?ctc=abc&basic=150"]) {
      const html = await (await fetch(`${server.url}${PATH}${query}`)).text();
      expect(await htmlErrors(html, `${PATH}${query}`)).toEqual([]);
    }
    const page = await visitorTab({ javaScript: false });
    await page.goto(`${server.url}${PATH}?ctc=1800000`);
    const mailForm = page.getByRole("form", { name: "E-mail me this breakdown" });
    expect(await mailForm.textContent()).toContain(
      "We e-mail you this breakdown as a PDF, and keep your details to follow up on it, as our Privacy Policy explains.",
    );
    expect(await mailForm.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/privacy",
    );
  });

  it("the page without a query is stored by the page cache; with a query it is rendered per request", async () => {
    const tokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    const first = tokenOf(await (await fetch(`${server.url}${PATH}`)).text());
    const cached = await fetch(`${server.url}${PATH}`);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    // The e-mail form's token is the stored page's per-visitor slot: each visitor gets their own.
    const second = tokenOf(await cached.text());
    expect(second).toMatch(/^[\w.-]{20,}$/);
    expect(second).not.toBe(first);
    const withQuery = await fetch(`${server.url}${PATH}?ctc=900000`);
    expect(withQuery.headers.get("x-cache")).not.toBe("HIT");
  });

  it("prints only the breakdown", async () => {
    const page = await visitor();
    await page.goto(`${server.url}${PATH}`);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await form(page).isVisible()).toBe(false);
    expect(await page.locator("[data-breakdown]").isVisible()).toBe(true);
  });

  it("has no accessibility problems at 360 and 1280 px and fits a phone", async () => {
    // One visitor's tab per width, navigated to each page (decision 0080).
    for (const width of [360, 1280]) {
      const page = await visitorTab({ width });
      for (const path of ["/tools", PATH]) {
        await page.goto(`${server.url}${path}`);
        await waitForHydration(page);
        expect(await axeViolations(page), `${path} at ${width}`).toEqual([]);
        expect(await scrollsSideways(page), `${path} at ${width}`).toBe(false);
      }
    }
  });
});
