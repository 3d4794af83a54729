import { createRequire } from "node:module";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import {
  type AxeViolation,
  adminOnlyAssets,
  JS_BUDGET_BYTES,
  measureFirstVisitScripts,
  runAxe,
} from "./public-measure";
import { PUBLIC_PATHS, waitForHydration, withServerDb } from "./public-support";

const axeSource = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

/**
 * The deterministic budgets of the public site (issue 3): no axe violation at 360 and 1280 px,
 * at most 140 KB of gzipped JavaScript for a first visit of /, no admin code in public bundles,
 * no request to another host and no layout shift. Lighthouse scores, which vary with the
 * machine, are measured by bench/public-budgets.ts.
 */
describe("public site budgets", () => {
  let server: TestServer;
  let browser: Browser;
  // The job posting's page address is the slug of its title.
  const paths = [...PUBLIC_PATHS, "/careers/total-rewards-consultant", "/no-such-page"];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const posting = await withServerDb(server, (db) =>
      createCareer(
        db,
        careerInputSchema.parse({
          title: "Total Rewards Consultant",
          department: "Consulting",
          location: "New Delhi",
          type: "Full-time",
          experience: "4-7 years",
          salary: "₹18-24 LPA",
          description: "Lead reward design engagements for growing companies.",
          requirements: ["Compensation design experience"],
          responsibilities: ["Lead client workshops"],
          benefits: ["Learning budget"],
          status: "active",
        }),
      ),
    );
    expect(posting.id).toBe("total-rewards-consultant");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each([360, 1280])("axe-core at %i px", (width) => {
    let context: BrowserContext;
    beforeAll(async () => {
      // Reduced motion: nothing waits, hidden, for a reveal, so axe checks every element.
      context = await browser.newContext({
        viewport: { width, height: 800 },
        reducedMotion: "reduce",
        serviceWorkers: "block",
      });
    });
    afterAll(async () => {
      await context?.close();
    });

    // One test per page, each with its own time limit: axe takes seconds per page when busy.
    it.each(paths)("finds no violation on %s", async (path) => {
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      const violations: AxeViolation[] = await runAxe(page, axeSource);
      await page.close();
      expect(violations).toEqual([]);
    });

    it("finds no violation with the mobile menu or the services dropdown open", async () => {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
      else await page.getByRole("button", { name: "Services" }).click();
      expect(await runAxe(page, axeSource)).toEqual([]);
      await page.close();
    });
  });

  it("sends at most 140 KB of gzipped JavaScript to a first visit of /", async () => {
    const scripts = await measureFirstVisitScripts(browser, `${server.url}/`);
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    console.info(`JavaScript on a first visit of /: ${(total / 1024).toFixed(1)} KiB gzipped`);
    expect(scripts.length).toBeGreaterThan(3);
    const development = scripts.filter((script) => script.developmentReact).map((s) => s.url);
    expect(development, "React development build: build with NODE_ENV=production").toEqual([]);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it("loads no admin code and makes no request to another host on any public page", async () => {
    const adminScripts = adminOnlyAssets(process.env.BUILD_DIR ?? "build");
    // The admin area's own files exist in the build, so the check has something to find.
    expect(adminScripts.size).toBeGreaterThan(0);
    for (const path of paths) {
      const scripts = await measureFirstVisitScripts(browser, `${server.url}${path}`);
      for (const url of new Set(scripts[0]!.allRequests)) {
        expect(url.startsWith(`${server.url}/`) || url.startsWith("data:"), url).toBe(true);
      }
      for (const script of scripts) {
        expect(adminScripts.has(new URL(script.url).pathname), `${path}: ${script.url}`).toBe(
          false,
        );
      }
    }
  });

  // Every public page is loaded and scrolled through: a few seconds each on a loaded machine.
  it.each([360, 1280])(
    "shifts no layout while pages load and while they are scrolled through, at %i px",
    { timeout: 180_000 },
    async (width) => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        serviceWorkers: "block",
      });
      for (const path of paths) {
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { layoutShifts: { value: number; nodes: string[] }[] };
          w.layoutShifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node?: Node }[];
            })[]) {
              if (entry.hadRecentInput) continue;
              w.layoutShifts.push({
                value: entry.value,
                nodes: entry.sources.map((source) =>
                  source.node instanceof Element
                    ? source.node.outerHTML.slice(0, 120)
                    : String(source.node?.nodeName),
                ),
              });
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        await page.goto(`${server.url}${path}`);
        await waitForHydration(page);
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 50));
          }
        });
        await page.waitForTimeout(900);
        const shifts = await page.evaluate(
          () =>
            (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] })
              .layoutShifts,
        );
        expect(shifts, `${path} at ${width}px`).toEqual([]);
        await page.close();
      }
      await context.close();
    },
  );
});
