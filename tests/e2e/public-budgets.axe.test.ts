import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeViolation, runAxe } from "../support/axe";
import { BUDGET_PATHS, type BudgetSite, startBudgetSite } from "./public-budgets-site";
import { waitForHydration } from "./public-support";

/**
 * The deterministic budgets of the public site (issue 3), part 1: no axe violation on any public
 * page at 360 and 1280 px. Lighthouse scores, which vary with the machine, are measured by
 * bench/public-budgets.ts.
 */
describe("public site budgets", () => {
  let site: BudgetSite;
  beforeAll(async () => {
    site = await startBudgetSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  describe.each([360, 1280])("axe-core at %i px", (width) => {
    let context: BrowserContext;
    /** One tab, navigated by every page's test: a new tab is a new renderer process (0080). */
    let tab: Page;
    beforeAll(async () => {
      // Reduced motion: nothing waits, hidden, for a reveal, so axe checks every element.
      context = await site.browser.newContext({
        viewport: { width, height: 800 },
        reducedMotion: "reduce",
        serviceWorkers: "block",
      });
      tab = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    // One test per page, each with its own time limit: axe takes seconds per page when busy.
    it.each(BUDGET_PATHS)("finds no violation on %s", async (path) => {
      await tab.goto(`${site.server.url}${path}`);
      await waitForHydration(tab);
      const violations: AxeViolation[] = await runAxe(tab);
      expect(violations).toEqual([]);
    });

    it("finds no violation with the mobile menu or the services dropdown open", async () => {
      const page = await context.newPage();
      await page.goto(`${site.server.url}/`);
      await waitForHydration(page);
      // The header's menus are native disclosures: their summaries are the buttons.
      const menu = width < 1024 ? "Open menu" : "Services";
      await page.locator("header summary", { hasText: menu }).click();
      expect(await runAxe(page)).toEqual([]);
      await page.close();
    });
  });
});
