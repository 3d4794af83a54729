import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { waitForHydration } from "./public-support";

/*
 * The site's visual identity as a visitor meets it (docs/decisions/0026): the brand fonts from
 * our own origin, the hero's drawing beside its message on a desktop, the primary action in a
 * phone's first screen, and the drawings of the 404 page and the empty careers list.
 */
describe("visual identity", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
    context = await browser.newContext({ viewport, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it("preloads the brand font from its own origin and sets headings in Fraunces, text in the platform's sans", async () => {
    const html = await (await fetch(server.url)).text();
    const preloads = [
      ...html.matchAll(
        /<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin=""/g,
      ),
    ].map((match) => match[1]);
    expect(preloads).toHaveLength(1);
    for (const href of preloads) {
      expect(href).toMatch(/^\/assets\/fraunces-latin-[\w-]+\.woff2$/);
      const font = await fetch(`${server.url}${href}`);
      expect(font.status).toBe(200);
      expect(font.headers.get("content-type")).toBe("font/woff2");
      expect(font.headers.get("cache-control")).toContain("immutable");
    }

    const page = await open("/", { width: 1280, height: 800 });
    await page.evaluate(() => document.fonts.ready);
    const fonts = await page.evaluate(() => ({
      loaded: [...document.fonts]
        .filter((face) => face.status === "loaded")
        .map((face) => face.family.replaceAll('"', "")),
      heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
      text: getComputedStyle(document.querySelector("main p")!).fontFamily,
    }));
    // One downloaded brand face (its metric-matched fallback is a local font).
    expect(fonts.loaded.filter((family) => !family.endsWith(" Fallback"))).toEqual(["Fraunces"]);
    expect(fonts.heading).toMatch(/^"?Fraunces"?,/);
    expect(fonts.text).toMatch(/^ui-sans-serif, system-ui,/);
  });

  it("draws the rupee sign in the brand font, fetched only when a page needs it", async () => {
    const page = await open("/privacy", { width: 1280, height: 800 });
    await page.evaluate(() => document.fonts.ready);
    const rupeeFiles = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => /rupee-[\w-]+\.woff2$/.test(entry.name)).length,
      );
    // The privacy policy shows no amount in rupees: the rupee face is not fetched for it.
    expect(await rupeeFiles()).toBe(0);
    const ranges = await page.evaluate(async () => {
      const faces = await document.fonts.load("600 32px Fraunces", "₹12,00,000");
      return faces.map((face) => face.unicodeRange);
    });
    expect(await rupeeFiles()).toBe(1);
    expect(ranges).toContain("U+20B9");
  });

  it("requests nothing from another host on the main pages", async () => {
    context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const origin = new URL(server.url).origin;
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol !== "data:" && url.origin !== origin) elsewhere.push(request.url());
    });
    for (const path of ["/", "/services", "/about", "/resources", "/careers", "/contact"]) {
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    }
    expect(elsewhere).toEqual([]);
  });

  it("shows the home hero's drawing beside its message on a desktop", async () => {
    const page = await open("/", { width: 1280, height: 800 });
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    const drawing = await page.locator('[data-illustration="hero"]').boundingBox();
    expect(heading).not.toBeNull();
    expect(drawing).not.toBeNull();
    if (!heading || !drawing) return;
    // Side by side: the drawing starts right of the heading and shares its band of the screen.
    expect(drawing.x).toBeGreaterThanOrEqual(heading.x + heading.width);
    expect(drawing.y).toBeLessThan(heading.y + heading.height);
    expect(drawing.y + drawing.height).toBeGreaterThan(heading.y);
    expect(drawing.y + drawing.height).toBeLessThanOrEqual(800);
  });

  it("keeps the hero short on a phone: the primary action is in the first screen", async () => {
    const page = await open("/", { width: 360, height: 780 });
    const action = page.getByRole("link", { name: "Schedule Free Consultation" }).first();
    const box = await action.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(780);
    expect(await page.locator('[data-illustration="hero"]').isVisible()).toBe(false);
  });

  it("takes a phone visitor of the contact page straight to the form", async () => {
    const page = await open("/contact", { width: 360, height: 780 });
    const jump = page.getByRole("link", { name: "Send Us an Enquiry" });
    const box = await jump.boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(780);
    // The same jump works for the keyboard: focus lands on the form, the next Tab in its field.
    await waitForHydration(page);
    await jump.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("#enquiry-form") !== null))
      .toBe(true);
    const firstField = page.getByLabel("First Name");
    await expect.poll(() => firstField.isVisible()).toBe(true);
    await expect
      .poll(async () => {
        const field = await firstField.boundingBox();
        return field !== null && field.y >= 0 && field.y + field.height <= 780;
      })
      .toBe(true);
  });

  it("shows its drawing with Page Not Found on the 404 page", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    const page = await open("/no-such-page", { width: 360, height: 780 });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Page Not Found",
    );
    const drawing = page.locator('[data-illustration="not-found"]');
    expect(await drawing.isVisible()).toBe(true);
    expect(await drawing.getAttribute("aria-hidden")).toBe("true");
  });

  it("shows the empty-state drawing when there are no open positions", async () => {
    const page = await open("/careers", { width: 1280, height: 800 });
    await page.getByRole("heading", { name: "No Open Positions" }).waitFor();
    const empty = page.locator("[data-empty-state]");
    expect(await empty.getByRole("heading", { name: "No Open Positions" }).count()).toBe(1);
    expect(await empty.locator('[data-illustration="empty"]').isVisible()).toBe(true);
  });
});
