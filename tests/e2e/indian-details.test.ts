import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import { signInAs } from "../support/auth";
import { runAxe } from "../support/axe";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import {
  backdateFormToken,
  fillEnquiry,
  newVisitor,
  openPage,
  VALID_ENQUIRY,
  withDatabase,
} from "./leads-helpers";
import { waitForHydration } from "./public-support";

const NOTIFY_TO = "leads@example.in";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A stored UTC time as staff in India read it, worked out by hand (UTC + 5:30) rather than with
 * the app's formatter, so the test does not check the formatter against itself.
 */
function istText(iso: string): string {
  const ist = new Date(Date.parse(iso) + 5.5 * 3_600_000);
  const hours = ist.getUTCHours();
  const minutes = String(ist.getUTCMinutes()).padStart(2, "0");
  const day = `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
  return `${day}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"} IST`;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Boxes of the form controls on screen now. */
const controlBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("input:not([type=hidden]), select, textarea, form button")]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.bottom > 0 && box.top < window.innerHeight)
      .map(({ x, y, width, height }) => ({ x, y, width, height })),
  );

/** Two animation frames: enough for the IntersectionObserver to report and React to commit. */
const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))),
      ),
  );

describe("Indian details: IST times, rupees, the office address and WhatsApp", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ TRUST_PROXY: "true", SMTP_URL: smtp.url, NOTIFY_TO });
    browser = await launchBrowser();
    await withDatabase(server, async (db) => {
      const settings = await getGeneralSettings(db);
      await saveGeneralSettings(db, { ...settings, whatsappNumber: "+91 98765 43210" });
      await createCareer(
        db,
        careerInputSchema.parse({
          title: "Reward Analyst",
          department: "Analytics",
          location: "New Delhi",
          type: "Full-time",
          salary: "18-24 LPA",
          description: "Benchmarks and pay structures for growing companies.",
          status: "active",
        }),
      );
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it("writes an enquiry's time in IST in the e-mail and on its admin record, the same in any browser time zone", async () => {
    const visitor = await newVisitor(browser);
    const { page } = await openPage(visitor, `${server.url}/contact`);
    const email = "ist.visitor@example.com";
    await fillEnquiry(page, { ...VALID_ENQUIRY, email });
    await backdateFormToken(page);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
    await smtp.waitForMessages(before + 2, 20_000);
    await visitor.close();

    const enquiry = await withDatabase(server, (db) =>
      db.selectFrom("enquiries").selectAll().where("email", "=", email).executeTakeFirstOrThrow(),
    );
    const submitted = istText(enquiry.submittedAt);
    expect(submitted).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/);
    const notification = smtp.messages.slice(before).find((m) => m.envelopeTo.includes(NOTIFY_TO));
    expect(notification?.text).toContain(`Submitted at: ${submitted}`);
    expect(notification?.html).toContain(submitted);

    // A member of staff in another time zone still reads IST, also after hydration.
    const staff = await browser.newContext({
      timezoneId: "America/Los_Angeles",
      viewport: { width: 1280, height: 900 },
    });
    await signInAs(staff, server, "admin");
    const admin = await staff.newPage();
    const errors: string[] = [];
    admin.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await admin.goto(`${server.url}/admin/enquiries/${encodeURIComponent(enquiry.id)}`);
    await waitForAdminHydration(admin);
    await expect.poll(() => admin.locator("main").textContent()).toContain(submitted);
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    await staff.close();
  });

  it("shows a posting's salary in lakhs per annum on /careers", async () => {
    const visitor = await newVisitor(browser);
    const page = await visitor.newPage();
    await page.goto(`${server.url}/careers`);
    await expect.poll(() => page.locator("main").textContent()).toContain("₹18–24 LPA");
    await visitor.close();
  });

  it("shows the office address with a Get directions link in the footer", async () => {
    const visitor = await newVisitor(browser);
    const page = await visitor.newPage();
    await page.goto(`${server.url}/about`);
    const footer = page.locator("footer");
    const address = footer.locator("address");
    await expect.poll(() => address.textContent()).toContain("New Delhi, Delhi 110001");
    expect(await address.textContent()).toContain("India");
    const directions = footer.getByRole("link", { name: /^Get directions/ });
    expect(await directions.getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=.*110001/,
    );
    expect(await directions.getAttribute("target")).toBe("_blank");
    expect(await directions.getAttribute("rel")).toContain("noopener");
    // Its name says where it leads.
    expect(await directions.textContent()).toContain("opens Google Maps in a new tab");
    // No floating button on a wide screen.
    expect(await page.getByRole("link", { name: /^Chat on WhatsApp/ }).isVisible()).toBe(false);
    await visitor.close();
  });

  describe("on a 360 px phone", () => {
    let phone: BrowserContext;
    beforeAll(async () => {
      phone = await browser.newContext({
        viewport: { width: 360, height: 740 },
        reducedMotion: "reduce",
        serviceWorkers: "block",
      });
    });
    afterAll(async () => {
      await phone?.close();
    });

    it("floats a WhatsApp button on /about: named, 44 px or more, with a focus ring, axe-clean", async () => {
      const page = await phone.newPage();
      await page.goto(`${server.url}/about`);
      await waitForHydration(page);
      const button = page.locator("[data-whatsapp-float] a");
      await expect.poll(() => button.isVisible()).toBe(true);
      // Shown by the page's own trimmed styles: showing it linked no other stylesheet, which
      // would restyle the whole page on a phone (decision 0051).
      expect(await page.locator('style[data-site-styles="critical"]').count()).toBe(1);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      expect(await page.getByRole("link", { name: /^Chat on WhatsApp/ }).count()).toBe(1);
      expect(await button.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
      const box = (await button.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await button.focus();
      const outline = await button.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline).not.toBe("none");
      expect(await runAxe(page)).toEqual([]);
      await page.close();
    });

    it("never covers a form control on /contact, at any scroll position", async () => {
      const page = await phone.newPage();
      await page.goto(`${server.url}/contact`);
      await waitForHydration(page);
      const button = page.locator("[data-whatsapp-float] a");
      const form = page.getByRole("form", { name: "Enquiry form" });
      await form.scrollIntoViewIfNeeded();
      await settle(page);
      const check = async (where: string) => {
        if (!(await button.isVisible())) return false;
        const box = (await button.boundingBox())!;
        for (const control of await controlBoxes(page)) {
          expect(overlaps(box, control), `${where}: ${JSON.stringify(control)}`).toBe(false);
        }
        return true;
      };
      await check("form in view");
      // Through the whole page: wherever the button shows, no control is under it.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      let shownSomewhere = false;
      for (let y = 0; y <= height; y += 250) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await settle(page);
        if (await check(`scrolled to ${y}`)) shownSomewhere = true;
      }
      // It does show where no form is (the FAQ), and the page offers the chat link too.
      expect(shownSomewhere).toBe(true);
      expect(
        await page
          .locator("main")
          .getByRole("link", { name: /^Chat on WhatsApp/ })
          .count(),
      ).toBe(1);
      // Focusing a field hides it at once, wherever the field is.
      await form.getByLabel(/^First Name/).focus();
      await settle(page);
      expect(await button.isVisible()).toBe(false);
      await page.close();
    });
  });
});
