import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, withDatabase } from "./leads-helpers";
import { jsonLdBlocks, waitForHydration } from "./public-support";

/*
 * Faults a visitor met on the public site (issue 24), each checked as the visitor met it: the
 * header's menus without JavaScript, Insights in the navigation and an article's trail, the
 * contact page's promise and button, and the times on /book at 360 px outside India.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/**
 * Where the full-page screenshots of the home page and /book go: a temporary folder, or with
 * `SCREENSHOT_DIR=docs/screenshots` the ones the README shows.
 */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(tmpdir(), "public-screenshots");

describe("public faults found on the way", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // A consultant with weekday hours, so /book lists free times.
    await withDatabase(server, (db) => consultantFixture(db, { name: "Asha Rao" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visit(
    path: string,
    options: { javaScript: boolean; viewport: typeof PHONE; timezoneId?: string },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      javaScriptEnabled: options.javaScript,
      viewport: options.viewport,
      timezoneId: options.timezoneId,
      serviceWorkers: "block",
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    if (options.javaScript) await waitForHydration(page);
    return { context, page };
  }

  /** The header's menu control with this name, a button or a disclosure's summary. */
  const menuControl = (page: Page, name: string) =>
    page.locator("header").locator("button, summary").filter({ hasText: name }).first();

  describe("the header without JavaScript", () => {
    it("opens the menu on a 360 px phone and follows a link from it", async () => {
      const { context, page } = await visit("/", { javaScript: false, viewport: PHONE });
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      expect(await mobile.isVisible()).toBe(false);
      await menuControl(page, "Open menu").click();
      await mobile.waitFor();
      await mobile.getByRole("link", { name: "Careers", exact: true }).click();
      await page.waitForURL(/\/careers$/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Build");
      // The new page starts with the menu shut.
      expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
      await context.close();
    });

    it("opens Services at 1280 px and follows a service area from it", async () => {
      const { context, page } = await visit("/about", { javaScript: false, viewport: DESKTOP });
      const area = page.locator("header").getByRole("link", { name: "Benefits Strategy" });
      expect(await area.isVisible()).toBe(false);
      await menuControl(page, "Services").click();
      await area.waitFor();
      await area.click();
      await page.waitForURL(/\/services\/benefits$/);
      await context.close();
    });
  });

  // Axe runs its checks in the page's own script, so the open menus are checked where scripts run.
  it.each([
    ["the phone menu", PHONE, "Open menu"],
    ["the Services menu", DESKTOP, "Services"],
  ])("leaves axe nothing to report in the header with %s open", async (_, viewport, control) => {
    const { context, page } = await visit("/", { javaScript: true, viewport });
    await menuControl(page, control).click();
    await page.locator("header nav a:visible", { hasText: "Benefits Strategy" }).waitFor();
    expect(await axeViolations(page, "header")).toEqual([]);
    await context.close();
  });

  it("lists Insights in the navigation and trails an article Home / Insights / its title", async () => {
    const article = ARTICLE_DEFAULTS[0]!;
    const { context, page } = await visit(`/insights/${article.slug}`, {
      javaScript: true,
      viewport: DESKTOP,
    });
    const primary = page.getByRole("navigation", { name: "Primary" });
    expect(await primary.getByRole("link", { name: "Insights" }).getAttribute("href")).toBe(
      "/insights",
    );
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await trail.getByRole("link").allTextContents()).toEqual(["Home", "Insights"]);
    expect(await trail.locator('[aria-current="page"]').textContent()).toBe(article.title);
    const crumbs = jsonLdBlocks(await page.content()).find(
      (block) => block["@type"] === "BreadcrumbList",
    )?.itemListElement as { name: string }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(["Home", "Insights", article.title]);
    await context.close();

    // And in the phone's menu.
    const phone = await visit("/", { javaScript: true, viewport: PHONE });
    await menuControl(phone.page, "Open menu").click();
    const mobile = phone.page.getByRole("navigation", { name: "Mobile" });
    await mobile.getByRole("link", { name: "Insights", exact: true }).click();
    await phone.page.waitForURL(/\/insights$/);
    await phone.context.close();
  });

  it("/contact heads its form as an enquiry, points to /book for booking, and sends in navy", async () => {
    const { context, page } = await visit("/contact", { javaScript: false, viewport: DESKTOP });
    const section = page.locator("#consultation");
    expect(await section.getByRole("heading", { level: 2 }).textContent()).not.toMatch(/book/i);
    const booking = section.getByRole("link", { name: "Schedule Free Consultation" });
    expect(await booking.getAttribute("href")).toBe("/book");
    // The form's button wears the brand's primary colour, as the booking link beside it does.
    const background = (locator: ReturnType<Page["locator"]>) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(page.getByRole("button", { name: "Send Message" }))).toBe(
      await background(booking),
    );
    await context.close();
  });

  describe("/book on a 360 px phone outside India", () => {
    it.each([
      ["with", true],
      ["without", false],
    ])(
      "%s JavaScript, every time fits its button and no time is cut off",
      async (_, javaScript) => {
        const { context, page } = await visit("/book", {
          javaScript,
          viewport: PHONE,
          timezoneId: "America/New_York",
        });
        const picker = page.locator("[data-slot-picker]");
        if (javaScript) {
          // The browser's zone is picked up and the times reload in it.
          await page.waitForURL(/tz=America%2FNew_York/);
        } else {
          // Without JavaScript the visitor names the zone in the form.
          await page.getByLabel("Show times in").selectOption("America/New_York");
          await page.getByRole("button", { name: "Show times" }).click();
          await page.waitForURL(/tz=America%2FNew_York/);
        }
        await picker
          .locator("label:visible", { hasText: /\d:\d\d [ap]m IST/ })
          .first()
          .waitFor();
        const report = await picker.evaluate((root) => {
          const problems: string[] = [];
          const labels = [...root.querySelectorAll("label")].filter(
            (label) => label.querySelector('input[type="radio"]') && label.offsetParent !== null,
          );
          const boxes = labels.map((label) => label.getBoundingClientRect());
          labels.forEach((label, index) => {
            const box = boxes[index]!;
            const name = label.textContent;
            if (label.scrollHeight > label.clientHeight || label.scrollWidth > label.clientWidth) {
              problems.push(`${name}: its content overflows the button`);
            }
            for (const part of label.querySelectorAll("span, input")) {
              const inner = part.getBoundingClientRect();
              if (
                inner.top < box.top - 0.5 ||
                inner.bottom > box.bottom + 0.5 ||
                inner.left < box.left - 0.5 ||
                inner.right > box.right + 0.5
              ) {
                problems.push(`${name}: "${part.textContent}" sticks out`);
              }
            }
            boxes.forEach((other, otherIndex) => {
              if (otherIndex <= index) return;
              const overlaps =
                box.left < other.right &&
                other.left < box.right &&
                box.top < other.bottom &&
                other.top < box.bottom;
              if (overlaps) problems.push(`${name} overlaps ${labels[otherIndex]!.textContent}`);
            });
          });
          // No time is hidden in a box that clips or scrolls.
          for (let element = labels[0]?.parentElement; element && element !== root; ) {
            const style = getComputedStyle(element);
            if (style.overflowY !== "visible" || element.scrollHeight > element.clientHeight + 1) {
              problems.push(`the list is clipped by ${element.className}`);
            }
            element = element.parentElement;
          }
          return { count: labels.length, problems };
        });
        expect(report.count).toBeGreaterThan(0);
        expect(report.problems).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
        await context.close();
      },
    );
  });

  describe("the home page and /book as a visitor in India sees them", () => {
    it.each([
      ["home", "/", PHONE],
      ["home", "/", DESKTOP],
      ["book", "/book", PHONE],
      ["book", "/book", DESKTOP],
    ])("%s (%s) fits %o and is shot whole", async (name, path, viewport) => {
      const context = await browser.newContext({
        viewport,
        timezoneId: "Asia/Kolkata",
        reducedMotion: "reduce",
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      if (path === "/book") await page.locator("[data-slot-grid] label").first().waitFor();
      // Lazy images in before the shot: scrolled through, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((done) => requestAnimationFrame(done));
        }
        window.scrollTo(0, 0);
        await Promise.all(
          [...document.images].map((image) => image.decode().catch(() => undefined)),
        );
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const shot = await page.screenshot({
        path: join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`),
        fullPage: true,
      });
      expect(shot.length).toBeGreaterThan(10_000);
      await context.close();
    });
  });
});
