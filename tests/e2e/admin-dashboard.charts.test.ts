import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { axeViolations } from "./leads-helpers";

/*
 * The dashboard's charts (issue 12, item 13): the days and weeks on their axes are labelled at
 * one even interval, the latest always, and labels never overlap, on a 360 px phone as on a
 * laptop; each chart has its figures in a table too.
 */

interface AxisLabel {
  text: string;
  left: number;
  right: number;
}

/**
 * Each chart's x-axis labels as drawn, left to right, by the chart's accessible name; a label
 * (partly) outside the chart's box, where it is cut off, is marked by brackets: "[23 Nov]".
 */
function axisLabels(page: Page): Promise<Record<string, AxisLabel[]>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("[role=img]")].map((chart) => [
        chart.getAttribute("aria-label") ?? "",
        [...chart.querySelectorAll(".recharts-xAxis-tick-labels text")]
          .map((text) => {
            const box = text.getBoundingClientRect();
            const frame = chart.getBoundingClientRect();
            const inside = box.left >= frame.left && box.right <= frame.right;
            const words = text.textContent ?? "";
            return { text: inside ? words : `[${words}]`, left: box.left, right: box.right };
          })
          .filter((label) => label.text !== "")
          .sort((a, b) => a.left - b.left),
      ]),
    ),
  );
}

/** Problems with one axis's labels, in words (none when they read well). */
function labelProblems(labels: AxisLabel[], last: string): string[] {
  const problems: string[] = [];
  if (labels.length < 2) problems.push(`only ${labels.length} label(s)`);
  for (const label of labels) {
    if (label.text.startsWith("[")) problems.push(`${label.text} is cut off by the chart's edge`);
  }
  for (let i = 1; i < labels.length; i++) {
    if (labels[i]!.left < labels[i - 1]!.right + 2) {
      problems.push(`"${labels[i - 1]!.text}" and "${labels[i]!.text}" overlap`);
    }
  }
  const centres = labels.map((label) => (label.left + label.right) / 2);
  const gaps = centres.slice(1).map((centre, i) => centre - centres[i]!);
  if (gaps.length > 0 && Math.max(...gaps) - Math.min(...gaps) > 1.5) {
    problems.push(`uneven gaps: ${gaps.map((gap) => gap.toFixed(1)).join(", ")}`);
  }
  if (labels.at(-1)?.text !== last) problems.push(`the last label is not "${last}"`);
  return problems;
}

describe("the dashboard's charts", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext();
    await signInAs(context, server, "editor");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of [360, 1280]) {
    it(`labels days and weeks evenly, the latest always, without overlaps, at ${width} px`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/admin/dashboard`);
      await waitForAdminHydration(page);
      // Both drawings, which come after hydration in a chunk of their own.
      for (const chart of await page.locator("[role=img]").all()) {
        await chart.locator(".recharts-xAxis-tick-labels text").first().waitFor();
      }
      const charts = await axisLabels(page);
      const names = Object.keys(charts);
      expect(names).toHaveLength(2);
      // The latest day and week, as the tables beside the charts name them.
      const lastRow = (table: string) =>
        page.locator(`section[aria-label="${table}"] tbody tr th`).last().textContent();
      const weeks = names.find((name) => name.includes("per week"))!;
      const days = names.find((name) => name.includes("per day"))!;
      const lastWeek = await lastRow("Enquiries per week, table");
      expect(labelProblems(charts[weeks]!, lastWeek!), weeks).toEqual([]);
      const lastDay = await lastRow("Page views per day, table");
      expect(labelProblems(charts[days]!, lastDay!), days).toEqual([]);
      await page.close();
    });
  }

  it("says in place of a chart that could not be loaded, and keeps the page with its tables", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // The drawings' chunk does not arrive (a dropped connection, or a deploy that replaced it).
    await page.route(/\/chart-drawings-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/admin/dashboard`);
    await waitForAdminHydration(page);
    const notice = page.locator("[role=img]", {
      hasText: "The chart could not be loaded. The same figures are in the table below.",
    });
    await expect.poll(() => notice.count()).toBe(2);
    expect(errors.join("\n")).toContain("A chart could not be drawn");
    // The rest of the dashboard is there, the figures' tables among it.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    expect(await page.locator('section[aria-label="Page views per day, table"]').count()).toBe(1);
    await page.close();
  });

  it("gives the visits chart its figures as a table, for anyone who cannot see it", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await waitForAdminHydration(page);
    const chart = page.getByRole("img", { name: /page views per day/ });
    expect(await chart.getAttribute("aria-label")).toMatch(/The same figures are in the table/);
    const visits = page.getByRole("group").filter({ hasText: "Show the page views as a table" });
    await visits.getByText("Show the page views as a table").click();
    const table = page.getByRole("table", { name: "Page views per day" });
    expect(await table.locator("tbody tr").count()).toBe(30);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
