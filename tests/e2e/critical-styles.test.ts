import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { withDatabase } from "./leads-helpers";
import { PUBLIC_PATHS } from "./public-support";

/*
 * A stored public page carries only the style rules its markup uses (decision 0051,
 * server/page-cache/critical-styles.ts). The promise: every public page looks exactly as it
 * did with the whole stylesheet. Checked in Chromium without JavaScript (what the stored page
 * alone shows), at 360 and 1280 px: every element's computed style is read, the whole
 * stylesheet is added, and every element must read the same. With JavaScript, the page links
 * the whole stylesheet once it has hydrated, so what its scripts draw later is styled too.
 */

/** Every stored public page (a 404 is never stored: it keeps the whole stylesheet). */
const PATHS = [...PUBLIC_PATHS, "/book"];

/**
 * Every element's computed style, then the whole stylesheet added, then every element's computed
 * style again: answers the elements whose style changed (and how many were compared). Kept in
 * the page (the styles of a page are megabytes of text); the stylesheet's load is polled from
 * here, as a page without JavaScript runs no callbacks. The page stores each element's style
 * text in a property of the element itself.
 *
 * Compared: every property some rule of the whole stylesheet declares (its longhands, read
 * through the CSSOM). A rule the trimmed stylesheet left out can only change what it declares,
 * and what follows from that (an inherited value, an `em` length) shows in a declared property
 * too, on the element or its parent; the other ~200 properties keep the browser's defaults either
 * way, and reading them was most of this test's time. Custom properties are not compared: the
 * trimmed stylesheet leaves out the theme's unused ones, which change nothing drawn (a used one
 * left out would change a colour or a length, which is compared).
 */
async function stylesChangedBy(page: Page, href: string, wholeCss: string) {
  await page.evaluate(
    async ({ href, wholeCss }) => {
      // The brand font lands when it lands (font-display: optional): on a loaded machine it
      // arrived between the two readings and changed the text's heights, not the styles'.
      await document.fonts.ready;
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(wholeCss);
      const declared = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          const style = (rule as CSSRule & { style?: CSSStyleDeclaration }).style;
          if (style && !(rule instanceof CSSKeyframeRule)) {
            for (let i = 0; i < style.length; i++) {
              const name = style.item(i);
              if (!name.startsWith("--")) declared.add(name);
            }
          }
          const inner = (rule as CSSRule & { cssRules?: CSSRuleList }).cssRules;
          if (inner && !(rule instanceof CSSKeyframesRule)) walk(inner);
        }
      };
      walk(sheet.cssRules);
      const names = [...declared];
      (window as unknown as { comparedProperties: string[] }).comparedProperties = names;
      for (const element of document.querySelectorAll("body, body *")) {
        const style = getComputedStyle(element);
        let text = "";
        for (const name of names) text += `;${name}:${style.getPropertyValue(name)}`;
        (element as Element & { styleBefore?: string }).styleBefore = text;
      }
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.id = "whole-stylesheet";
      document.head.append(link);
    },
    { href, wholeCss },
  );
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (document.getElementById("whole-stylesheet") as HTMLLinkElement | null)?.sheet != null,
      ),
    )
    .toBe(true);
  return page.evaluate(async () => {
    await document.fonts.ready;
    const names = (window as unknown as { comparedProperties: string[] }).comparedProperties;
    const changed: string[] = [];
    const elements = [...document.querySelectorAll("body, body *")];
    for (const element of elements) {
      const style = getComputedStyle(element);
      let text = "";
      for (const name of names) text += `;${name}:${style.getPropertyValue(name)}`;
      if ((element as Element & { styleBefore?: string }).styleBefore !== text) {
        const before = new Set(
          ((element as Element & { styleBefore?: string }).styleBefore ?? "").split(";"),
        );
        const properties = text.split(";").filter((declaration) => !before.has(declaration));
        changed.push(
          `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} ${properties.join(";")}`,
        );
      }
    }
    return { compared: elements.length, properties: names.length, changed: changed.slice(0, 10) };
  });
}

/**
 * The whole stylesheet, as a stored page links it: once it has hydrated (root.tsx), or, on a page
 * that does not hydrate, once the site's script first changes what it shows, such as the header
 * past 20 px of scroll (decision 0067).
 */
async function scrolledPast(page: Page) {
  await page.waitForFunction(
    () => {
      window.scrollTo(0, 200);
      return document.querySelector("header")?.dataset.scrolled === "true";
    },
    null,
    { polling: 100 },
  );
}

/** The stylesheet a stored page links once its scripts change it (root.tsx, decision 0067). */
async function linkedAfterHydrating(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await scrolledPast(page);
    const link = page.locator('link[rel="stylesheet"][data-precedence="site"]');
    await link.waitFor({ state: "attached" });
    return (await link.getAttribute("href")) ?? "";
  } finally {
    await context.close();
  }
}

describe("the critical styles of stored public pages", () => {
  let server: TestServer;
  let browser: Browser;
  let wholeStylesheet = "";
  let wholeCss = "";

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await withDatabase(server, (db) => consultantFixture(db, { name: "Kavya Iyer" }));
    wholeStylesheet = await linkedAfterHydrating(browser, `${server.url}/about`);
    wholeCss = await (await fetch(`${server.url}${wholeStylesheet}`)).text();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("stores each page with a trimmed stylesheet, and links the whole one after hydrating", async () => {
    for (const path of PATHS) {
      await fetch(`${server.url}${path}`).then((response) => response.arrayBuffer());
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      expect(response.headers.get("x-cache"), path).toBe("HIT");
      const style = /<style data-site-styles="critical">([\s\S]*?)<\/style>/.exec(html);
      expect(style, path).not.toBeNull();
      // The whole stylesheet is about 78 KB; no public page uses half of it.
      expect(style?.[1]?.length ?? 0, path).toBeLessThan(40_000);
    }

    expect(wholeStylesheet).toMatch(/^\/assets\/.+\.css$/);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/about`);
      await scrolledPast(page);
      await page.locator('link[rel="stylesheet"]').waitFor({ state: "attached" });
      const css = await fetch(`${server.url}${wholeStylesheet}`);
      expect(css.status).toBe(200);
      expect(css.headers.get("cache-control")).toContain("immutable");
      // The booking page (its island, decision 0077) links it as any page does: when its script
      // first changes what it shows.
      await page.getByRole("banner").getByRole("link", { name: "Schedule Consultation" }).click();
      await page.waitForURL(`${server.url}/book`);
      await scrolledPast(page);
      await expect.poll(() => page.locator('link[rel="stylesheet"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  /*
   * One tab per width (scripts off), navigated by each page's test: a new context and tab is a
   * new renderer process, which cost Chromium about as much as the page's check (decision 0080).
   * Each test starts with a navigation, so none sees what the one before did to its page.
   */
  const tabs = new Map<number, Page>();
  const tabAt = async (width: number) => {
    const open = tabs.get(width);
    if (open) return open;
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 900 },
    });
    const tab = await context.newPage();
    tabs.set(width, tab);
    return tab;
  };
  // Closed with the browser's connection (afterAll above).

  for (const width of [360, 1280]) {
    for (const path of PATHS) {
      it(`draws ${path} at ${width} px exactly as the whole stylesheet does`, async () => {
        expect(wholeStylesheet).not.toBe("");
        const page = await tabAt(width);
        await page.goto(`${server.url}${path}`);
        const { compared, properties, changed } = await stylesChangedBy(
          page,
          wholeStylesheet,
          wholeCss,
        );
        expect(compared).toBeGreaterThan(100);
        // Tailwind's rules declare well over a hundred properties (colour, spacing, layout...).
        expect(properties).toBeGreaterThan(100);
        expect(changed).toEqual([]);
      }, 120_000);
    }
  }
});
