import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/*
 * axe-core for every browser test and benchmark: one copy of the script, one way to put it in a
 * page. The minified build (650 KB, not the 1.5 MB `axe.source`), evaluated through the protocol
 * rather than added as a <script> element: measured on four pages, 100 ms a page instead of 230
 * (the element) or 175 (the full build), with a third less of Chromium's CPU, and, unlike a
 * <script>, not refused by the site's Content-Security-Policy, so no context needs `bypassCSP`
 * for it.
 */
const AXE_MIN_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export interface AxeOptions {
  /** Only the rules with these tags (axe's default: every rule but the experimental ones). */
  tags?: string[];
  /** A selector: only this element and what it holds. */
  within?: string;
}

/** Tabs that put axe into every document they load (see `runAxe`). */
const tabsWithAxe = new WeakSet<Page>();

/**
 * What axe-core finds on the page as it is. Only violations are collected (`resultTypes`): axe
 * then keeps one example of each passing rule instead of every node, which on a long admin page
 * was most of its time. A page that already has axe (a second check of the same document) is not
 * given it again.
 *
 * A tab checked once is checked again, on its next pages: from its first check on, it puts axe
 * into each document it loads, as an init script. Chromium keeps that script and reuses its
 * compiled code, where sending it with each check cost 110-140 ms of CPU per page (20 public
 * pages in one tab: 2.2-3.3 s without axe, 3.4 s with the init script, 4.9-5.6 s sent each
 * time; decision 0092).
 */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) {
    if (!tabsWithAxe.has(page)) {
      tabsWithAxe.add(page);
      await page.addInitScript(AXE_MIN_SOURCE);
    }
    await page.evaluate(AXE_MIN_SOURCE);
  }
  return page.evaluate(async ({ tags, within }) => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: unknown,
          options: object,
        ) => Promise<{
          violations: {
            id: string;
            impact: string | null;
            help: string;
            nodes: { target: string[] }[];
          }[];
        }>;
      };
    };
    const result = await axe.run(within ? { include: [[within]] } : document, {
      resultTypes: ["violations"],
      ...(tags ? { runOnly: { type: "tag", values: tags } } : {}),
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  }, options);
}

/** The WCAG 2.2 A and AA rules (what the leads and forms tests hold pages to). */
export const WCAG_22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * What axe-core finds with its default rules, one line per rule broken with where:
 * "id (impact): help at target, target".
 */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await runAxe(page)).map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}`,
  );
}
