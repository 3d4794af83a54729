import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { publicHtml, toast } from "./admin-content-kit";
import { axeViolations, newVisitor } from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Issue 24: the same hero drawing stood on nearly every page. Each public page has a drawing of
 * its own by default, and staff choose a picture from the media library per page on Content
 * (with a preview and "Use the default drawing"), with and without JavaScript; the public page
 * shows it at once (the cached copy is replaced), with the library's alt text and its size.
 */

const ALT = "Two consultants at a whiteboard of pay bands";
const HERO_PAGES = [
  "/",
  "/about",
  "/services",
  "/careers",
  "/insights",
  "/resources",
  "/contact",
  "/book",
] as const;

/** The name of the drawing in the page's hero (the first section of its main content). */
async function heroDrawing(server: TestServer, path: string): Promise<string | null> {
  const html = await publicHtml(server, path);
  const hero = html.slice(html.indexOf("<main"), html.indexOf('id="hero-end"'));
  return hero.match(/data-illustration="([^"]+)"/)?.[1] ?? null;
}

describe("a hero image per page", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function editor(
    javaScriptEnabled = true,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
    });
    await signInAs(context, server, "editor");
    return { context, page: await context.newPage() };
  }

  it("gives every public page a default drawing of its own", async () => {
    const drawings = new Map<string, string | null>();
    for (const path of HERO_PAGES) drawings.set(path, await heroDrawing(server, path));
    for (const [path, drawing] of drawings) expect(drawing, path).not.toBeNull();
    expect(new Set(drawings.values()).size, JSON.stringify([...drawings])).toBe(HERO_PAGES.length);
  });

  it("shows the picture chosen for /about on /about at once, and the drawing again without JavaScript", async () => {
    // The cached copy of /about, with its drawing, before the choice.
    expect(await heroDrawing(server, "/about")).toBe("hero-about");
    const { context, page } = await editor();
    await page.goto(`${server.url}/admin/media`);
    await waitForAdminHydration(page);
    const upload = page.locator('form[enctype="multipart/form-data"]');
    await upload.getByLabel("Alt text").fill(ALT);
    await upload.getByLabel("Image", { exact: true }).setInputFiles({
      name: "whiteboard.png",
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 150, b: 40 } },
      })
        .png()
        .toBuffer(),
    });
    await upload.getByRole("button", { name: "Upload image" }).click();
    await page.waitForURL(/\/admin\/media\/img_[0-9a-f]+\?saved=uploaded$/);

    await page.goto(`${server.url}/admin/content?page=about`);
    await waitForAdminHydration(page);
    const preview = page.getByRole("figure", { name: /On the About page now/ });
    await preview.locator('[data-illustration="hero-about"]').waitFor();
    const picker = page.getByRole("group", { name: /Picture beside the About page's heading/ });
    expect(await picker.getByLabel("Use the default drawing").isChecked()).toBe(true);
    await picker.getByText(ALT).click();
    await page.getByRole("button", { name: "Save hero image" }).click();
    await toast(page, "Hero image saved.").waitFor();
    await preview.getByAltText(ALT).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    const html = await publicHtml(server, "/about");
    expect(html).toContain(`alt="${ALT}"`);
    expect(await heroDrawing(server, "/about")).toBeNull();

    for (const width of [1280, 360]) {
      const visitor = await newVisitor(browser, { width });
      const site = await visitor.newPage();
      await site.goto(`${server.url}/about`);
      await waitForHydration(site);
      const img = site.getByRole("img", { name: ALT });
      expect(await img.getAttribute("width")).toBe("1200");
      expect(await img.getAttribute("height")).toBe("800");
      await expect
        .poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
        .toBeGreaterThan(0);
      expect(await axeViolations(site), `/about at ${width} px`).toEqual([]);
      await visitor.close();
    }

    // Without JavaScript: back to the page's own drawing.
    const plain = await editor(false);
    await plain.page.goto(`${server.url}/admin/content?page=about`);
    await plain.page.getByText("Use the default drawing").click();
    await plain.page.getByRole("button", { name: "Save hero image" }).click();
    await plain.page.getByText("Hero image removed: the page shows its drawing.").waitFor();
    await plain.context.close();
    expect(await heroDrawing(server, "/about")).toBe("hero-about");
  });
});
