import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

describe("home page", () => {
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

  it("arrives server-rendered with the hero and the six services from the database", async () => {
    const response = await fetch(server.url);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("People. Purpose. Pay. Perfectly Aligned.");
    expect(html).toContain("Equity Compensation");
  });

  it("shows the same content in the browser with JavaScript running", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(server.url);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "People. Purpose. Pay. Perfectly Aligned.",
    );
    await expect(page.getByRole("link", { name: /^Learn More/ }).count()).resolves.toBe(6);
    await page.getByRole("link", { name: "Learn More about Benefits Strategy" }).waitFor();
    // Hydration under the enforced CSP: no blocked scripts, no errors.
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    await page.close();
  });
});
