import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { sharedVisitorTabs } from "./leads-helpers";
import { newVisit } from "./public-navigation-support";
import { PUBLIC_PATHS, waitForHydration } from "./public-support";

/** Header, menus and phone widths of the public site, in Chromium. */
describe("public site navigation", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
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
    context = undefined;
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

  it("keeps the inline stylesheet once the page's script runs, and on the next page", async () => {
    await open("/");
    const styled = () =>
      page.evaluate(() => ({
        css: document.querySelector("head style[data-site-styles]")?.textContent?.length ?? 0,
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
    // The navigation names the page it is on (plain links, page-link.tsx), and only that one.
    const primary = page.getByRole("navigation", { name: "Primary" });
    expect(
      await primary
        .locator('[aria-current="page"]')
        .evaluateAll((links) => links.map((link) => link.textContent)),
    ).toEqual(["Careers"]);
    expect((await styled()).css).toBeGreaterThan(10_000);
    expect((await styled()).position).toBe("fixed");
    expect(errors).toEqual([]);
  });

  /**
   * What a screen reader is told about a control (Chromium's accessibility tree): a summary is
   * the native button of its disclosure, with its expanded state.
   */
  async function announced(control: Locator) {
    const cdp = await page.context().newCDPSession(page);
    try {
      const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
      await control.evaluate((element) => element.setAttribute("data-announced", ""));
      const { nodeId } = await cdp.send("DOM.querySelector", {
        nodeId: root.nodeId,
        selector: "[data-announced]",
      });
      await control.evaluate((element) => element.removeAttribute("data-announced"));
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        nodeId,
        fetchRelatives: false,
      });
      const node = nodes[0]!;
      const expanded = node.properties?.find((property) => property.name === "expanded");
      return {
        role: node.role?.value,
        name: node.name?.value,
        expanded: expanded?.value.value as boolean | undefined,
      };
    } finally {
      await cdp.detach();
    }
  }

  describe("services dropdown", () => {
    const button = () => page.locator("header summary", { hasText: "Services" });
    const menu = () => page.locator("#services-menu");

    it("opens on hover with the six service areas and closes when the pointer leaves", async () => {
      await open("/");
      expect(await menu().isVisible()).toBe(false);
      await button().hover();
      await expect.poll(() => menu().isVisible()).toBe(true);
      expect(await announced(button())).toEqual({
        role: "DisclosureTriangle",
        name: "Services",
        expanded: true,
      });
      const links = menu().getByRole("link");
      expect(await links.count()).toBe(7); // All Services plus the six areas
      expect(await links.allTextContents()).toEqual(
        expect.arrayContaining(["Benefits Strategy", "Variable Pay & Sales Compensation"]),
      );
      await page.mouse.move(640, 600);
      await expect.poll(() => menu().isVisible()).toBe(false);
      expect((await announced(button())).expanded).toBe(false);
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
      await page.waitForURL(/\/services\/benefits$/);
      expect(await menu().isVisible()).toBe(false);
      expect(errors).toEqual([]);
    });
  });

  describe("mobile menu below the lg breakpoint", () => {
    const toggle = () => page.locator("details:has(#mobile-menu) > summary");
    const panel = () => page.locator("#mobile-menu");

    it("replaces the desktop navigation and toggles open and shut", async () => {
      await open("/", { width: 390, height: 800 });
      expect(await page.getByRole("navigation", { name: "Primary" }).isVisible()).toBe(false);
      expect(await panel().isVisible()).toBe(false);
      expect(await announced(toggle())).toEqual({
        role: "DisclosureTriangle",
        name: "Open menu",
        expanded: false,
      });
      await toggle().click();
      expect(await panel().isVisible()).toBe(true);
      expect(await announced(toggle())).toEqual({
        role: "DisclosureTriangle",
        name: "Close menu",
        expanded: true,
      });
      const nav = page.getByRole("navigation", { name: "Mobile" });
      for (const label of [
        "Home",
        "About",
        "Services",
        "Resources",
        "Insights",
        "Tools",
        "Careers",
        "Contact",
      ]) {
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
      // Tall enough that the page shows below the open menu.
      await open("/", { width: 390, height: 1100 });
      await toggle().click();
      const menu = (await panel().boundingBox())!;
      expect(menu.y + menu.height).toBeLessThan(1080);
      await page.mouse.click(200, 1090);
      await expect.poll(() => panel().isVisible()).toBe(false);
      expect(page.url()).toBe(`${server.url}/`);
      await toggle().click();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect.poll(() => panel().isVisible()).toBe(false);
      expect(await toggle().evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("closes on a press outside or Escape that comes straight after it opened", async () => {
      // Both in the same task as the click that opens it: before the element's toggle event and
      // the render after it, which a loaded machine (or a quick hand) can put well apart.
      await open("/", { width: 390, height: 1100 });
      const stillOpen = await page.evaluate(() => {
        const summary = document.querySelector<HTMLElement>("details:has(#mobile-menu) > summary")!;
        summary.click();
        document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
        const afterPress = summary.parentElement!.hasAttribute("open");
        summary.click();
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
        return { afterPress, afterEscape: summary.parentElement!.hasAttribute("open") };
      });
      expect(stillOpen).toEqual({ afterPress: false, afterEscape: false });
    });

    it("is not offered at the lg breakpoint and above", async () => {
      await open("/", { width: 1024, height: 800 });
      expect(await toggle().isVisible()).toBe(false);
      expect(await page.getByRole("navigation", { name: "Primary" }).isVisible()).toBe(true);
      // All eight items and the button in one row of the 64 px header, nothing off screen.
      const boxes = await page
        .locator('header nav[aria-label="Primary"] > ul > li, header a[href="/book"]:visible')
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()));
      expect(boxes).toHaveLength(9);
      for (const box of boxes) {
        expect(box.bottom).toBeLessThanOrEqual(64);
        expect(box.right).toBeLessThanOrEqual(1024);
      }
    });
  });

  /* One phone tab for the sweep below, a new visitor at each path's test (decision 0093). */
  const visitorTab = sharedVisitorTabs(() => browser);

  it.each(PUBLIC_PATHS)("%s has no horizontal scroll on a 360 px phone", async (path) => {
    const tab = await visitorTab({ width: 360 });
    await tab.goto(`${server.url}${path}`);
    await waitForHydration(tab);
    const { scrollWidth, clientWidth } = await tab.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
