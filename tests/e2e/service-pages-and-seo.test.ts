import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { truncateForPreview } from "~/modules/seo/seo.schema";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations, newVisitor, scrollsSideways, sharedVisitorTabs } from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Issue 29 in a browser: each service area's own page with and without JavaScript, old
 * `/services#<id>` links reaching it, the overview of cards, and the admin's search and social
 * form (counts and preview as one types, its save reaching the page's HTML head). Axe at 360
 * and 1280 px on /services, a service page and the form.
 */

const benefits = DEFAULT_SERVICES.find((service) => service.id === "benefits")!;

describe("service pages and the search and social fields", () => {
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
  /* A new visitor on the file's tab of each kind, for a test that loads its page first (0093). */
  const visitorTab = sharedVisitorTabs(() => browser);

  for (const javaScript of [false, true]) {
    it(`shows a service area's page and reaches it from the overview ${javaScript ? "with" : "without"} JavaScript`, async () => {
      const page = await visitorTab({ javaScript, width: 360 });
      await page.goto(`${server.url}/services`);
      if (javaScript) await waitForHydration(page);
      // The overview: a card per area, not six expanded sections.
      expect(await page.locator("#service-areas article").count()).toBe(DEFAULT_SERVICES.length);
      await page
        .locator(`article#${benefits.id}`)
        // Named for where it goes, as a list of links would read it.
        .getByRole("link", { name: `Learn More about ${benefits.title}`, exact: true })
        .click();
      await page.waitForURL(`${server.url}/services/${benefits.id}`);
      await expect.poll(() => page.locator("h1").textContent()).toBe(benefits.title);
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      expect(await crumbs.locator("li").allTextContents()).toEqual([
        "Home /",
        "Services /",
        benefits.title,
      ]);
      // Its full text and methodology, and the booking button naming the area for /book.
      await page.getByText(benefits.description).waitFor();
      await page.getByText(benefits.process[0]!).waitFor();
      expect(await page.locator("[data-service-book]").getAttribute("href")).toBe(
        `/book?service=${benefits.id}`,
      );
      expect(await scrollsSideways(page)).toBe(false);
    });
  }

  it("sends an old /services#<id> link on to the area's page where scripts run", async () => {
    const page = await visitorTab({ javaScript: true });
    await page.goto(`${server.url}/services#${benefits.id}`);
    await page.waitForURL(`${server.url}/services/${benefits.id}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(benefits.title);
  });

  it("shows the old link's card first, with its link on, without JavaScript", async () => {
    const page = await visitorTab({ javaScript: false, width: 360 });
    await page.goto(`${server.url}/services#${benefits.id}`);
    const card = page.locator(`article#${benefits.id}`);
    // The browser's own jump puts the card at the top, below the fixed header (80 px).
    await expect.poll(async () => Math.round((await card.boundingBox())?.y ?? -1)).toBe(80);
    expect(await card.locator("h3").textContent()).toBe(benefits.title);
    await card.getByRole("link", { name: "Learn More" }).click();
    await page.waitForURL(`${server.url}/services/${benefits.id}`);
  });

  it("counts and previews as staff type, and the saved fields reach the page's head", async () => {
    const context = await newVisitor(browser, { javaScript: true });
    await signInAs(context, server, "editor");
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/seo/service/${benefits.id}`);
    await waitForHydration(page);
    const preview = page.locator("[data-seo-preview]");
    // Empty fields preview the defaults from the content.
    expect(await preview.locator("[data-preview-description]").textContent()).toBe(
      truncateForPreview(benefits.subtitle, 160),
    );
    const title = page.getByLabel("Meta title");
    await title.fill("Employee benefits strategy for Indian companies");
    await page.getByText("47 of 70 characters").waitFor();
    expect(await preview.locator("[data-preview-title]").textContent()).toBe(
      "Employee benefits strategy for Indian companies",
    );
    const description = page.getByLabel("Meta description");
    const long = `${"Group health, gratuity and leave design ".repeat(4)}for growing teams.`;
    await description.fill(long);
    await page.getByText(`${long.length} of 200 characters`).waitFor();
    const shown = (await preview.locator("[data-preview-description]").textContent()) ?? "";
    expect(shown.endsWith("…")).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(160);
    await page.getByLabel("Canonical address").fill(`/services/${benefits.id}`);
    await page.getByRole("button", { name: "Save search and social fields" }).click();
    await page.getByText("Search and social fields saved.").first().waitFor();

    // The counts are in the server's HTML too (before any script).
    const html = await (
      await page.request.get(`${server.url}/admin/seo/service/${benefits.id}`)
    ).text();
    expect(html).toContain("47 of 70 characters");

    const head = await (await fetch(`${server.url}/services/${benefits.id}`)).text();
    expect(head).toContain("<title>Employee benefits strategy for Indian companies</title>");
    expect(head).toContain(`<meta name="description" content="${long}"/>`);
    expect(head).toContain(
      `<meta property="og:title" content="Employee benefits strategy for Indian companies"/>`,
    );
    expect(head).toContain(`<meta name="twitter:description" content="${long}"/>`);
    expect(head).toContain(`<link rel="canonical" href="${server.url}/services/${benefits.id}"/>`);

    // A title over 70 characters is refused with its message, the typed text kept.
    await title.fill("x".repeat(71));
    await page.getByText("71 of 70 characters: 1 too many").waitFor();
    await page.getByRole("button", { name: "Save search and social fields" }).click();
    await page.getByText("Must be at most 70 characters").first().waitFor();
    expect(await page.getByLabel("Meta title").inputValue()).toBe("x".repeat(71));
    await context.close();
  });

  it("leaves axe nothing to report on /services, a service page and the form at 360 and 1280 px", async () => {
    for (const width of [360, 1280]) {
      const context = await newVisitor(browser, { width });
      await signInAs(context, server, "editor");
      const page = await context.newPage();
      for (const path of [
        "/services",
        `/services/${benefits.id}`,
        `/admin/seo/service/${benefits.id}`,
      ]) {
        await page.goto(`${server.url}${path}`);
        await waitForHydration(page);
        expect(await scrollsSideways(page), `${path} at ${width}`).toBe(false);
        expect(await axeViolations(page), `${path} at ${width}`).toEqual([]);
      }
      await context.close();
    }
  });
});
