import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PAGES } from "~/modules/pages/pages.defaults";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { newVisit, recordScrolling, scrollRecord } from "./public-navigation-support";
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

    it("lands on the hash target of a navigation after about 0.5 s, 80 px below the top", async () => {
      // Old /services#<id> links now open the area's own page; /book's enquiry link keeps a hash.
      await open("/book");
      await page.evaluate(() => window.scrollTo(0, 600));
      await settledScrollY(page);
      await recordScrolling(page);
      await page.getByRole("link", { name: "Send us an enquiry" }).click();
      await page.waitForURL(/\/contact#enquiry-form$/);
      await expect.poll(() => topOf(page, "enquiry-form")).toBeCloseTo(80, 0);
      await settledScrollY(page);
      expect(Math.round(await topOf(page, "enquiry-form"))).toBe(80);
      // The new page started at the top and waited there about 0.5 s before scrolling down.
      // Timed from the history entry, which the router writes before the page renders: scroll
      // events themselves are only delivered with the next frame, which a busy machine delays.
      const { navigatedAt, scrolls } = await scrollRecord(page);
      expect(navigatedAt).toBeDefined();
      // Only what happened after the navigation: the click itself may first scroll the link
      // into view on the old page.
      const afterNavigation = scrolls.filter((scroll) => scroll.t >= navigatedAt!);
      const atTop = afterNavigation.findIndex((scroll) => scroll.y === 0);
      expect(atTop, "the new page starts at the top").toBeGreaterThanOrEqual(0);
      const firstMove = afterNavigation.slice(atTop).find((scroll) => scroll.y > 0);
      expect(firstMove).toBeDefined();
      expect(firstMove!.t - navigatedAt!).toBeGreaterThanOrEqual(450);
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
    it("fades pages in and reveals sections with a 0.1 s stagger, without shifting layout", async () => {
      // From a page that hydrates (the booking page, for its day grid; decisions 0067, 0073):
      // its links navigate in place, and the page reached fades in.
      await open("/book", { width: 1280, height: 1600 });
      await page.evaluate(() => {
        const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node }[];
          })[]) {
            // Cumulative layout shift leaves out shifts right after the visitor's own input.
            if (entry.hadRecentInput) continue;
            w.shifts.push({
              value: entry.value,
              nodes: entry.sources.map((source) =>
                source.node instanceof Element ? source.node.outerHTML.slice(0, 100) : "",
              ),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      // What is on screen at the first paint is shown as it arrived: no fade before it is seen.
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      await page
        .getByRole("navigation", { name: "Primary" })
        .getByRole("link", { name: "About" })
        .click();
      await page.waitForURL(/\/about$/);
      const revealCount = () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((a) => (a as CSSAnimation).animationName === "reveal")
              .length,
        );
      await expect.poll(revealCount).toBeGreaterThan(1);
      const animations = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a instanceof CSSAnimation)
          .map((a) => {
            const timing = a.effect!.getComputedTiming();
            return {
              name: (a as CSSAnimation).animationName,
              duration: Number(timing.duration),
              delay: Number(timing.delay),
            };
          }),
      );
      expect(animations.map((a) => a.name)).toContain("page-enter");
      const reveals = animations.filter((a) => a.name === "reveal");
      expect(reveals.length).toBeGreaterThan(1);
      for (const animation of animations) {
        expect(animation.duration).toBeGreaterThanOrEqual(200);
        expect(animation.duration).toBeLessThanOrEqual(800);
      }
      expect(reveals.map((a) => a.delay).slice(0, 3)).toEqual([0, 100, 200]);
      // Sections further down are revealed as they scroll into view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.getAnimations().some((a) => (a as CSSAnimation).animationName === "reveal"),
          ),
        )
        .toBe(true);
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts,
      );
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
