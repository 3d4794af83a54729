import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PAGES } from "~/modules/pages/pages.defaults";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { PUBLIC_PATHS, settledScrollY, topOf, waitForHydration } from "./public-support";

/** Header, menus, scrolling and motion of the public site, in Chromium. */
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
    context = await browser.newContext({ viewport, serviceWorkers: "block" });
    page = await context.newPage();
    errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // The page-view beacon is another area's endpoint; its answer is not what is tested here.
      if (message.location().url.includes("/api/page-view")) return;
      if (message.type() === "error" && !message.text().includes("Service Worker")) {
        errors.push(message.text());
      }
    });
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

  const header = () => page.locator("header").first();
  const headerAlpha = () =>
    header().evaluate((element) => {
      const color = getComputedStyle(element).backgroundColor;
      const parts = color.match(/[\d.]+/g)!.map(Number);
      return parts.length === 4 ? parts[3]! : 1;
    });

  it("keeps the header fixed and makes it more opaque past 20 px of scroll", async () => {
    await open("/");
    const before = await headerAlpha();
    expect(before).toBeLessThan(1);
    await page.evaluate(() => window.scrollTo(0, 15));
    await page.waitForTimeout(400);
    expect(await header().getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 25));
    await expect.poll(() => header().getAttribute("data-scrolled")).toBe("true");
    await expect.poll(headerAlpha).toBeGreaterThan(before); // after the colour transition
    expect(await header().evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header().getAttribute("data-scrolled")).toBe("false");
  });

  it("keeps the inline stylesheet through hydration and client-side navigation", async () => {
    await open("/");
    const styled = () =>
      page.evaluate(() => ({
        css: document.querySelector("head style")?.textContent?.length ?? 0,
        position: getComputedStyle(document.querySelector("header")!).position,
        stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      }));
    expect(await styled()).toEqual({
      css: expect.any(Number),
      position: "fixed",
      stylesheets: 0,
    });
    expect((await styled()).css).toBeGreaterThan(10_000);
    await page
      .getByRole("navigation", { name: "Primary" })
      .getByRole("link", { name: "Careers" })
      .click();
    await page.waitForURL(/\/careers$/);
    expect((await styled()).css).toBeGreaterThan(10_000);
    expect((await styled()).position).toBe("fixed");
    expect(errors).toEqual([]);
  });

  describe("services dropdown", () => {
    const button = () => page.getByRole("button", { name: "Services" });
    const menu = () => page.locator("#services-menu");

    it("opens on hover with the six service areas and closes when the pointer leaves", async () => {
      await open("/");
      expect(await menu().isVisible()).toBe(false);
      await button().hover();
      await expect.poll(() => menu().isVisible()).toBe(true);
      expect(await button().getAttribute("aria-expanded")).toBe("true");
      expect(await button().getAttribute("aria-controls")).toBe("services-menu");
      const links = menu().getByRole("link");
      expect(await links.count()).toBe(7); // All Services plus the six areas
      expect(await links.allTextContents()).toEqual(
        expect.arrayContaining(["Benefits Strategy", "Variable Pay & Sales Compensation"]),
      );
      await page.mouse.move(640, 600);
      await expect.poll(() => menu().isVisible()).toBe(false);
      expect(await button().getAttribute("aria-expanded")).toBe("false");
    });

    it("opens on keyboard focus, lets Tab reach the areas, and Escape closes it to the button", async () => {
      await open("/");
      await page
        .getByRole("navigation", { name: "Primary" })
        .getByRole("link", { name: "About" })
        .focus();
      await page.keyboard.press("Tab");
      expect(await button().evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => menu().isVisible()).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All Services");
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => document.activeElement?.closest("#services-menu")),
      ).not.toBeNull();
      await page.keyboard.press("Escape");
      await expect.poll(() => menu().isVisible()).toBe(false);
      expect(await button().evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("toggles on click and closes on an outside click and on navigation", async () => {
      await open("/");
      await button().focus();
      await page.mouse.move(10, 700); // no hover involved
      await button().dispatchEvent("click");
      await expect.poll(() => menu().isVisible()).toBe(true);
      await page.mouse.click(10, 700);
      await expect.poll(() => menu().isVisible()).toBe(false);
      await button().hover();
      await expect.poll(() => menu().isVisible()).toBe(true);
      await menu().getByRole("link", { name: "Benefits Strategy" }).click();
      await page.waitForURL(/\/services#benefits$/);
      expect(await menu().isVisible()).toBe(false);
      expect(errors).toEqual([]);
    });
  });

  describe("mobile menu below the lg breakpoint", () => {
    const toggle = () => page.getByRole("button", { name: /Open menu|Close menu/ });
    const panel = () => page.locator("#mobile-menu");

    it("replaces the desktop navigation and toggles open and shut", async () => {
      await open("/", { width: 390, height: 800 });
      expect(await page.getByRole("navigation", { name: "Primary" }).isVisible()).toBe(false);
      expect(await panel().isVisible()).toBe(false);
      expect(await toggle().getAttribute("aria-expanded")).toBe("false");
      await toggle().click();
      expect(await panel().isVisible()).toBe(true);
      expect(await toggle().getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByRole("button", { name: "Close menu" }).count()).toBe(1);
      const nav = page.getByRole("navigation", { name: "Mobile" });
      for (const label of ["Home", "About", "Services", "Resources", "Careers", "Contact"]) {
        expect(await nav.getByRole("link", { name: label, exact: true }).count()).toBe(1);
      }
      expect(await nav.getByRole("link", { name: "Schedule Consultation" }).count()).toBe(1);
      await toggle().click();
      expect(await panel().isVisible()).toBe(false);
    });

    it("closes on a route change", async () => {
      await open("/", { width: 390, height: 800 });
      await toggle().click();
      await page
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("link", { name: "Careers" })
        .click();
      await page.waitForURL(/\/careers$/);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toContain("Build");
      expect(await panel().isVisible()).toBe(false);
    });

    it("closes on an outside click and on Escape, which returns focus to the toggle", async () => {
      await open("/", { width: 390, height: 800 });
      await toggle().click();
      await page.mouse.click(200, 780);
      await expect.poll(() => panel().isVisible()).toBe(false);
      await toggle().click();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect.poll(() => panel().isVisible()).toBe(false);
      expect(await toggle().evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("is not offered at the lg breakpoint and above", async () => {
      await open("/", { width: 1024, height: 800 });
      expect(await toggle().isVisible()).toBe(false);
      expect(await page.getByRole("navigation", { name: "Primary" }).isVisible()).toBe(true);
    });
  });

  describe("scrolling", () => {
    it("scrolls to a service picked from the menu on /services after 200 ms, 80 px below the top", async () => {
      await open("/services");
      await recordScrolling(page);
      await page.getByRole("button", { name: "Services" }).hover();
      const link = page.locator("#services-menu").getByRole("link", { name: "Benefits Strategy" });
      await link.click();
      // A smooth scroll lands the section 80 px below the top of the viewport.
      await expect.poll(() => topOf(page, "benefits")).toBeCloseTo(80, 0);
      await settledScrollY(page);
      expect(Math.round(await topOf(page, "benefits"))).toBe(80);
      // Nothing moved before the delay (timed in the page, so a slow test runner cannot skew it).
      const { clickedAt, scrolls } = await scrollRecord(page);
      const firstMove = scrolls.find((scroll) => scroll.y > 0);
      expect(firstMove).toBeDefined();
      expect(firstMove!.t - clickedAt!).toBeGreaterThanOrEqual(195);
      expect(page.url()).toMatch(/\/services#benefits$/);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("benefits");
    });

    it("lands on the hash target of a navigation after about 0.5 s, 80 px below the top", async () => {
      await open("/");
      await page.evaluate(() => window.scrollTo(0, 600));
      await settledScrollY(page);
      await recordScrolling(page);
      await page.getByRole("link", { name: "Learn More about Benefits Strategy" }).click();
      await page.waitForURL(/\/services#benefits$/);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe("Total Rewards Solutions Built for Growth");
      await expect.poll(() => topOf(page, "benefits")).toBeCloseTo(80, 0);
      await settledScrollY(page);
      expect(Math.round(await topOf(page, "benefits"))).toBe(80);
      // The new page started at the top and waited there about 0.5 s before scrolling down.
      // Timed from the history entry, which the router writes before the page renders: scroll
      // events themselves are only delivered with the next frame, which a busy machine delays.
      const { navigatedAt, scrolls } = await scrollRecord(page);
      expect(navigatedAt).toBeDefined();
      const atTop = scrolls.findIndex((scroll) => scroll.y === 0);
      expect(atTop, "the new page starts at the top").toBeGreaterThanOrEqual(0);
      const firstMove = scrolls.slice(atTop).find((scroll) => scroll.y > 0);
      expect(firstMove).toBeDefined();
      expect(firstMove!.t - navigatedAt!).toBeGreaterThanOrEqual(450);
    });

    it("lands on the hash target with the same offset when the page is opened with it", async () => {
      await open("/services#benefits");
      await expect
        .poll(async () => {
          await settledScrollY(page);
          return Math.round(await topOf(page, "benefits"));
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
      await open("/", { width: 1280, height: 1600 });
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

  it.each(PUBLIC_PATHS)("%s has no horizontal scroll on a 360 px phone", async (path) => {
    await open(path, { width: 360, height: 740 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

interface ScrollRecord {
  clickedAt?: number;
  /** When the router put the new URL in the history, before the new page rendered. */
  navigatedAt?: number;
  scrolls: { t: number; y: number }[];
}

/**
 * Logs, in the page's own clock, the next click, the next client-side navigation and every scroll
 * position from now on.
 */
async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    const record: ScrollRecord = { scrolls: [] };
    (window as unknown as { scrollRecord: ScrollRecord }).scrollRecord = record;
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History["pushState"]>) => {
      record.navigatedAt ??= performance.now();
      return pushState(...args);
    };
    document.addEventListener(
      "click",
      () => {
        record.clickedAt ??= performance.now();
      },
      { capture: true },
    );
    window.addEventListener(
      "scroll",
      () => record.scrolls.push({ t: performance.now(), y: window.scrollY }),
      { passive: true },
    );
  });
}

function scrollRecord(page: Page): Promise<ScrollRecord> {
  return page.evaluate(() => (window as unknown as { scrollRecord: ScrollRecord }).scrollRecord);
}
