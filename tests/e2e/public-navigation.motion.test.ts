import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PAGES } from "~/modules/pages/pages.defaults";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { layoutShiftsSoFar, recordLayoutShifts } from "./public-measure";
import { newVisit } from "./public-navigation-support";
import { settledScrollY, topOf, waitForHydration } from "./public-support";

/** Scrolling and motion of the public site, in Chromium. */
describe("public site navigation", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, viewport = { width: 1280, height: 800 }) {
    ({ context, page, errors } = await newVisit(browser, viewport));
    await page.goto(`${server.url}${path}`);
    await waitForHydration(page);
    return page;
  }

  beforeEach(() => {
    errors = [];
  });
  afterEach(async () => {
    await context?.close();
  });

  describe("scrolling", () => {
    it("opens a service picked from the menu on its own page, at the top", async () => {
      await open("/services");
      await page.evaluate(() => window.scrollTo(0, 600));
      await settledScrollY(page);
      await page.locator("header summary", { hasText: "Services" }).hover();
      const link = page.locator("#services-menu").getByRole("link", { name: "Benefits Strategy" });
      await link.click();
      await page.waitForURL(/\/services\/benefits$/);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Benefits Strategy");
      expect(await settledScrollY(page)).toBe(0);
    });

    it("lands on the hash target of a link from another page, below the header", async () => {
      // Old /services#<id> links now open the area's own page; /book's enquiry link keeps a hash.
      // No public page hydrates (decision 0077): the link is a full load, and the browser lands
      // on the target at its scroll margin (the header's 80 px; the enquiry form keeps 96).
      await open("/book");
      await page.evaluate(() => window.scrollTo(0, 600));
      await settledScrollY(page);
      await page.getByRole("link", { name: "Send us an enquiry" }).click();
      await page.waitForURL(/\/contact#enquiry-form$/);
      await waitForHydration(page);
      const margin = await page.evaluate(() =>
        Number.parseFloat(
          getComputedStyle(document.getElementById("enquiry-form")!).scrollMarginTop,
        ),
      );
      expect(margin).toBeGreaterThanOrEqual(80);
      await expect
        .poll(async () => {
          await settledScrollY(page);
          return Math.round(await topOf(page, "enquiry-form"));
        })
        .toBe(Math.round(margin));
    });

    it("lands on the hash target with the same offset when the page is opened with it", async () => {
      await open("/careers#positions");
      await expect
        .poll(async () => {
          await settledScrollY(page);
          return Math.round(await topOf(page, "positions"));
        })
        .toBe(80);
    });

    it("starts every navigation at the top of the new page", async () => {
      await open("/about");
      for (const [from, linkName, to] of [
        ["/about", "Careers", "/careers"],
        ["/careers", "Privacy Policy", "/privacy"],
        ["/privacy", "Resources", "/resources"],
      ] as const) {
        expect(new URL(page.url()).pathname).toBe(from);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
        await page.locator("footer").getByRole("link", { name: linkName, exact: true }).click();
        await page.waitForURL((url) => url.pathname === to);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }
      // The browser's back button too.
      await page.evaluate(() => window.scrollTo(0, 500));
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/privacy");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  describe("motion", () => {
    it("reveals sections with a 0.1 s stagger as they come into view, without shifting layout", async () => {
      // No public page hydrates (decisions 0067, 0073, 0077): a link is a full load, what is on
      // screen at its first paint is shown as it arrived, and sections further down fade in as
      // they come into view, those arriving together 0.1 s apart.
      ({ context, page, errors } = await newVisit(browser, { width: 1280, height: 800 }));
      await recordLayoutShifts(page);
      await page.goto(`${server.url}/book`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      await page
        .getByRole("navigation", { name: "Primary" })
        .getByRole("link", { name: "About" })
        .click();
      await page.waitForURL(/\/about$/);
      await waitForHydration(page);
      const reveals = () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .filter((a) => a instanceof CSSAnimation && a.animationName === "reveal")
            .map((a) => {
              const timing = a.effect!.getComputedTiming();
              return { duration: Number(timing.duration), delay: Number(timing.delay) };
            }),
        );
      // At the first paint: nothing fades in.
      expect(await reveals()).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await expect.poll(async () => (await reveals()).length).toBeGreaterThan(0);
      const revealed = await reveals();
      for (const animation of revealed) {
        expect(animation.duration).toBeGreaterThanOrEqual(200);
        expect(animation.duration).toBeLessThanOrEqual(800);
      }
      const delays = revealed.map((a) => Math.round(a.delay)).sort((x, y) => x - y);
      expect(delays).toEqual(delays.map((_, index) => Math.min(index, 5) * 100));
      await page.waitForTimeout(1000);
      const shifts = await layoutShiftsSoFar(page);
      // As text, so that a failure names the elements that moved.
      expect(JSON.stringify(shifts)).toBe("[]");
    });

    it("runs no animation when the visitor prefers reduced motion", async () => {
      context = await browser.newContext({ reducedMotion: "reduce", serviceWorkers: "block" });
      page = await context.newPage();
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await page
        .getByRole("navigation", { name: "Primary" })
        .getByRole("link", { name: "About" })
        .click();
      await page.waitForURL(/\/about$/);
      await page
        .getByRole("heading", { level: 1 })
        .filter({ hasText: DEFAULT_PAGES.about.hero.title })
        .waitFor();
      // Scrolled to the bottom until the header has reacted (its colours change): the move to the
      // top that starts every navigation may land after a first scroll.
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return page.locator("header[data-scrolled]").getAttribute("data-scrolled");
        })
        .toBe("true");
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      // As text, so that a failure names what was animated.
      const animations = await page.evaluate(() =>
        document.getAnimations().map((a) => {
          const named = a as CSSAnimation & CSSTransition;
          return named.animationName ?? named.transitionProperty ?? a.constructor.name;
        }),
      );
      expect(animations).toEqual([]);
      // Nothing was hidden for a reveal that never comes.
      expect(
        await page.evaluate(
          () => document.querySelectorAll('[data-reveal="pending"], [data-reveal="in"]').length,
        ),
      ).toBe(0);
    });

    it("shows all content without JavaScript", async () => {
      context = await browser.newContext({ javaScriptEnabled: false });
      page = await context.newPage();
      await page.goto(`${server.url}/about`);
      const hidden = await page.evaluate(
        () =>
          [...document.querySelectorAll("[data-reveal]")].filter(
            (el) => getComputedStyle(el).opacity !== "1",
          ).length,
      );
      expect(hidden).toBe(0);
      expect(await page.locator("[data-reveal]").count()).toBeGreaterThan(3);
    });
  });
});
