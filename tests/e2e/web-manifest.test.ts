import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { withServerDb } from "./public-support";

/*
 * The web app manifest through the built server (issue 22 §4): linked from the pages, answered
 * as application/manifest+json by the page cache, read by Chromium without an error, and renamed
 * on the next request after the site name changes in Settings.
 */
describe("the web app manifest", () => {
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

  const manifestResponse = () => fetch(`${server.url}/manifest.webmanifest`);

  it("is served from the page cache as application/manifest+json", async () => {
    const first = await manifestResponse();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    await first.text();
    const second = await manifestResponse();
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(((await second.json()) as { name: string }).name).toBe(
      DEFAULT_GENERAL_SETTINGS.siteName,
    );
  });

  it("is linked from a page, and Chromium reads it and its icons without an error", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/about`);
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe(
        "/manifest.webmanifest",
      );
      const cdp = await page.context().newCDPSession(page);
      const read = (await cdp.send("Page.getAppManifest", {})) as {
        url: string;
        errors: { message: string }[];
        data?: string;
      };
      expect(read.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(read.errors).toEqual([]);
      const manifest = JSON.parse(read.data ?? "{}") as {
        start_url: string;
        display: string;
        icons: { src: string }[];
      };
      expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
      for (const icon of manifest.icons) {
        const response = await fetch(new URL(icon.src, server.url));
        expect(response.status, icon.src).toBe(200);
        expect(response.headers.get("content-type"), icon.src).toBe("image/png");
      }
    } finally {
      await page.close();
    }
  });

  it("carries a new site name on the next request", async () => {
    await withServerDb(server, (db) =>
      saveGeneralSettings(db, { ...DEFAULT_GENERAL_SETTINGS, siteName: "Meridian Rewards" }),
    );
    try {
      const renamed = (await (await manifestResponse()).json()) as { name: string };
      expect(renamed.name).toBe("Meridian Rewards");
    } finally {
      await withServerDb(server, (db) => saveGeneralSettings(db, DEFAULT_GENERAL_SETTINGS));
    }
  });
});
