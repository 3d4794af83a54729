import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculatorEntry } from "~/modules/calculators/catalogue";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import {
  axeViolations,
  backdatedFormToken,
  madeOnce,
  scrollsSideways,
  setFormToken,
  sharedVisitorTabs,
  signedInTab,
  withDatabase,
} from "./leads-helpers";
import { htmlErrors, measureFirstVisitScripts } from "./public-measure";
import { jsonLdBlocks, waitForHydration } from "./public-support";

/*
 * The Labour Codes wage check, the gratuity calculator and the ESOP calculator (issue 28,
 * decision 0053) in a browser: each computes on the server without JavaScript and as one types
 * with it (the address following), shows a field's message in place, sends its breakdown by
 * e-mail as a lead of the inbox with the PDF in the mail, and passes axe at 360 and 1280 px.
 */

interface CalculatorCase {
  slug: string;
  /** The breakdown's title. */
  title: string;
  /** The headline of the page's example, with nothing typed. */
  exampleHeadline: string;
  /** A change, the submit button's name and the headline after it. */
  change: { label: string; value: string }[];
  submit: string;
  changedHeadline: string;
  /** A query with fields that read badly. */
  badQuery: string;
  /** A bad value and the message next to its field. */
  bad: { label: string; value: string; message: string };
}

const CASES: CalculatorCase[] = [
  {
    slug: "wage-check",
    title: "Labour Codes wage check",
    badQuery: "basic=&hra=abc",
    exampleHeadline:
      "Excluded allowances are 56% of pay, over the 50% limit: ₹3,000 a month is added back, so wages are ₹25,000.",
    change: [{ label: "House rent allowance", value: "2000" }],
    submit: "Check my structure",
    changedHeadline:
      "Excluded allowances are 47.6% of pay, within the 50% limit: wages are ₹22,000 a month and nothing is added back.",
    bad: { label: "Basic pay", value: "", message: "Basic pay must be more than 0" },
  },
  {
    slug: "gratuity",
    title: "Gratuity",
    badQuery: "joined=2020-02-30&wages=0",
    exampleHeadline:
      "Gratuity of ₹3,11,538 under the Code on Social Security, 2020; ₹3,11,538 of what you receive is tax-free.",
    change: [{ label: "Wages last drawn", value: "26000" }],
    submit: "Calculate gratuity",
    changedHeadline:
      "Gratuity of ₹1,35,000 under the Code on Social Security, 2020; ₹1,35,000 of what you receive is tax-free.",
    bad: {
      label: "Date of leaving",
      value: "2017-01-01",
      message: "Date of leaving must be on or after the date of joining",
    },
  },
  {
    slug: "esop",
    title: "ESOP value",
    badQuery: "cliff=6&options=x",
    exampleHeadline:
      "4,000 shares sold for ₹24,00,000 leave ₹18,78,480 after the exercise price and ₹4,81,520 of tax.",
    change: [{ label: "Sale price a share (₹)", value: "700" }],
    submit: "Calculate",
    changedHeadline:
      "4,000 shares sold for ₹28,00,000 leave ₹22,26,480 after the exercise price and ₹5,33,520 of tax.",
    bad: {
      label: "Cliff (months)",
      value: "6",
      message: "Cliff must be at least 12 months: options vest no sooner than a year after grant",
    },
  },
];

describe("the wage check, gratuity and ESOP calculators", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;

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
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  /*
   * Shared by the three calculators' tests, each of which loads its pages itself: a visitor's
   * tab of each kind (a new visitor at each test: sharedVisitorTabs), the editor's tab that finds
   * each lead in the inbox, and the size of the site's own scripts on a first visit of /
   * (decisions 0081 and 0093).
   */
  const visitorTab = sharedVisitorTabs(() => browser);
  const staffTab = madeOnce(() => signedInTab(browser, server, "editor"));
  const firstVisitScriptBytes = async (url: string) =>
    (await measureFirstVisitScripts(browser, url)).reduce((sum, s) => sum + s.gzipBytes, 0);
  const siteScriptBytes = madeOnce(() => firstVisitScriptBytes(`${server.url}/`));
  const form = (page: Page) => page.locator("form[method='get']");
  const input = (page: Page, label: string) => {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return form(page).getByLabel(new RegExp(`^${escaped}( \\*)?$`));
  };
  const headline = (page: Page) => page.locator("[data-headline]").textContent();
  const messageOf = async (page: Page, label: string) => {
    const ids = (await input(page, label).getAttribute("aria-describedby")) ?? "";
    const texts: string[] = [];
    for (const id of ids.split(/\s+/).filter(Boolean))
      texts.push((await page.locator(`[id="${id}"]`).textContent()) ?? "");
    return texts.join(" ");
  };

  for (const calculator of CASES) {
    const path = `/tools/${calculator.slug}`;

    describe(path, () => {
      it("without JavaScript: the server computes the example and the submitted inputs, and marks a bad field", async () => {
        const page = await visitorTab({ javaScript: false });
        await page.goto(`${server.url}${path}`);
        expect(await headline(page)).toBe(calculator.exampleHeadline);
        for (const { label, value } of calculator.change) await input(page, label).fill(value);
        await page.getByRole("button", { name: calculator.submit }).click();
        await page.waitForURL((url) => url.search.length > 1);
        expect(await headline(page)).toBe(calculator.changedHeadline);

        // The address carries the inputs: opened again, it shows the same result.
        const shared = page.url();
        const again = await visitorTab({ javaScript: false, visitor: 2 });
        await again.goto(shared);
        expect(await headline(again)).toBe(calculator.changedHeadline);

        await input(page, calculator.bad.label).fill(calculator.bad.value);
        await page.getByRole("button", { name: calculator.submit }).click();
        await page.waitForLoadState();
        expect(await messageOf(page, calculator.bad.label)).toContain(calculator.bad.message);
        expect(await input(page, calculator.bad.label).getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator("[data-headline]").count()).toBe(0);
      });

      it("with JavaScript: the result follows the typing and the address follows the inputs", async () => {
        const page = await visitorTab();
        await page.goto(`${server.url}${path}`);
        await waitForHydration(page);
        expect(await headline(page)).toBe(calculator.exampleHeadline);
        const before = page.url();
        for (const { label, value } of calculator.change) await input(page, label).fill(value);
        await expect.poll(() => headline(page)).toBe(calculator.changedHeadline);
        expect(page.url()).not.toBe(before);
        const [name, value] = [
          calculator.change[0]?.label ?? "",
          calculator.change[0]?.value ?? "",
        ];
        expect(await input(page, name).inputValue()).toBe(value);
        expect(new URL(page.url()).pathname).toBe(path);

        await input(page, calculator.bad.label).fill(calculator.bad.value);
        await expect
          .poll(() => messageOf(page, calculator.bad.label))
          .toContain(calculator.bad.message);
      });

      for (const javaScript of [true, false]) {
        it(`e-mails the breakdown with its PDF and puts the lead in the inbox, ${javaScript ? "with" : "without"} JavaScript`, async () => {
          const page = await visitorTab({ javaScript });
          await page.goto(`${server.url}${path}`);
          if (javaScript) await waitForHydration(page);
          const email = `${calculator.slug}.${javaScript ? "js" : "no-js"}@example.com`;
          const mailForm = page.getByRole("form", { name: "E-mail me this breakdown" });
          await mailForm.getByLabel(/^Name( \*)?$/).fill("Meera Pillai");
          await mailForm.getByLabel(/^Email( \*)?$/).fill(email);
          await mailForm.getByLabel(/^Company( \*)?$/).fill("Lotus Fintech");
          await setFormToken(page, backdatedFormToken());
          const before = smtp.messages.length;
          await mailForm.getByRole("button", { name: "E-mail me this breakdown" }).click();
          await page.getByRole("heading", { name: "Breakdown sent" }).waitFor();

          const lead = await withDatabase(server, (db) =>
            db
              .selectFrom("enquiries")
              .selectAll()
              .where("email", "=", email)
              .executeTakeFirstOrThrow(),
          );
          expect(lead.source).toBe(`calculator:${calculator.slug}`);
          await expect
            .poll(
              () => smtp.messages.slice(before).some((mail) => mail.envelopeTo.includes(email)),
              {
                timeout: 20_000,
              },
            )
            .toBe(true);
          const mail = smtp.messages
            .slice(before)
            .find((received) => received.envelopeTo.includes(email));
          expect(mail?.raw).toMatch(/Content-Type: application\/pdf/i);
          expect(mail?.subject).toBe(`Your breakdown: ${calculator.title}`);

          const inbox = await staffTab();
          await inbox.goto(`${server.url}/admin/enquiries`);
          await inbox.getByRole("link", { name: "Meera Pillai" }).first().waitFor();
          // This request's own lead, with the calculator as its source.
          await inbox.goto(`${server.url}/admin/enquiries/${lead.id}`);
          await inbox.getByText(email).first().waitFor();
          await inbox.getByText(`Calculator (${calculator.slug})`).first().waitFor();
        });
      }

      it("offers the PDF, links to the service and /book, and has structured data", async () => {
        const html = await (await fetch(`${server.url}${path}`)).text();
        // The page's PDF link carries the example's inputs.
        const link = new RegExp(`href="(${path}/breakdown\\.pdf\\?[^"]+)"`).exec(html)?.[1];
        expect(link).toBeDefined();
        const response = await fetch(`${server.url}${(link ?? "").replaceAll("&amp;", "&")}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/pdf");
        expect(
          Buffer.from(await response.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");
        expect(jsonLdBlocks(html).some((block) => block["@type"] === "WebApplication")).toBe(true);
        expect(html).toContain('href="/book"');
        // The firm's service on the topic, a page that exists.
        const service = calculatorEntry(calculator.slug)?.service.path ?? "";
        expect(html).toContain(`href="${service}"`);
        expect((await fetch(`${server.url}${service}`)).status).toBe(200);
        const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
        expect(sitemap).toContain(`${path}</loc>`);
      });

      it("sends valid HTML, with and without a query, and adds only its own small script to the site's", async () => {
        const example = await (await fetch(`${server.url}${path}`)).text();
        expect(await htmlErrors(example, path)).toEqual([]);
        const refused = `${path}?${calculator.badQuery}`;
        const withQuery = await (await fetch(`${server.url}${refused}`)).text();
        expect(await htmlErrors(withQuery, refused)).toEqual([]);
        // The page does not hydrate (decision 0071): the site's script, as on /, and its own.
        const site = await siteScriptBytes();
        const total = await firstVisitScriptBytes(`${server.url}${path}`);
        expect(site).toBeGreaterThan(0);
        expect(total).toBeGreaterThan(site);
        expect(total).toBeLessThanOrEqual(site + 10 * 1024);
      });

      it("has no accessibility problems at 360 and 1280 px and fits a phone", async () => {
        for (const width of [360, 1280] as const) {
          const page = await visitorTab({ width });
          await page.goto(`${server.url}${path}`);
          await waitForHydration(page);
          expect(await axeViolations(page), `${path} at ${width}`).toEqual([]);
          expect(await scrollsSideways(page), `${path} at ${width}`).toBe(false);
        }
      });
    });
  }
});
