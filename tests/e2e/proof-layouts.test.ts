import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/modules/commands/command.server";
import { createEntry, setEntryStatus } from "~/modules/proof/collection-commands.server";
import type { ProofInput, ProofKind } from "~/modules/proof/proof.schema";
import { runAxe } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { PROOF_SAMPLES } from "../support/proof-samples";
import { startServer, type TestServer } from "../support/server";
import { waitForHydration, withServerDb } from "./public-support";

/*
 * Issue 24: one testimonial sat in the left third of a three-column grid. With one or two items
 * published, social proof gets a layout made for that count: one is a single centred card (wider
 * than a column of three), two are two balanced columns centred together (side by side at
 * 1280 px, one under the other at 360 px). Checked on the boxes the browser draws, for the
 * testimonials, the results figures and the About page's partners.
 */

const EDITOR: Actor = { id: null, name: "Test editor" };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of the elements matching `selector`, and the width of the page's viewport. */
async function boxes(page: Page, selector: string): Promise<{ items: Box[]; viewport: number }> {
  return page.evaluate((css) => {
    const items = [...document.querySelectorAll(css)].map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    });
    return { items, viewport: document.documentElement.clientWidth };
  }, selector);
}

const centreOf = (items: Box[]) => {
  const left = Math.min(...items.map((box) => box.x));
  const right = Math.max(...items.map((box) => box.x + box.width));
  return (left + right) / 2;
};

const TESTIMONIAL = "section[aria-labelledby='testimonials-heading'] figure";
const RESULT = "section[aria-labelledby='results-heading'] li";
const BAND_RESULT = "section[aria-labelledby='band-results-heading'] li p:first-child";
const PARTNER = "#team li";

describe("social proof laid out for one or two items", () => {
  let server: TestServer;
  let browser: Browser;

  const add = (kind: ProofKind, fields: Record<string, string>) =>
    withServerDb(server, (db) =>
      createEntry(db, EDITOR, kind, {
        ...PROOF_SAMPLES[kind].form,
        ...fields,
      } as unknown as ProofInput),
    );

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visit(width: number, path: string, wait: string) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await waitForHydration(page);
    await page.locator(wait).first().waitFor();
    return { page, close: () => context.close() };
  }

  /** Every box centred on the page (within a pixel and a half). */
  const expectCentred = (items: Box[], viewport: number, what: string) => {
    for (const box of items) {
      expect(Math.abs(box.x + box.width / 2 - viewport / 2), what).toBeLessThan(1.5);
    }
  };

  it("centres a single testimonial, results figure and partner, wider than a third", async () => {
    await add("testimonials", {});
    await add("results", {});
    const partners = await withServerDb(server, (db) =>
      db.selectFrom("teamMembers").select("id").orderBy("position").execute(),
    );
    await withServerDb(server, (db) =>
      setEntryStatus(db, EDITOR, "team", partners[1]!.id, "draft"),
    );

    for (const width of [1280, 360]) {
      const home = await visit(width, "/", TESTIMONIAL);
      const quote = await boxes(home.page, TESTIMONIAL);
      expect(quote.items).toHaveLength(1);
      expectCentred(quote.items, quote.viewport, `testimonial at ${width} px`);
      if (width === 1280) {
        // A card of a three-column grid is under 400 px wide here; one alone reads as a quote.
        expect(quote.items[0]!.width).toBeGreaterThan(600);
      }
      // No logo is published: the single figure stands in the band under the hero.
      const figure = await boxes(home.page, BAND_RESULT);
      expect(figure.items).toHaveLength(1);
      expectCentred(figure.items, figure.viewport, `band figure at ${width} px`);
      expect(await runAxe(home.page), `/ at ${width} px`).toEqual([]);
      await home.close();

      const about = await visit(width, "/about", PARTNER);
      const partner = await boxes(about.page, PARTNER);
      expect(partner.items).toHaveLength(1);
      expectCentred(partner.items, partner.viewport, `partner at ${width} px`);
      expect(await runAxe(about.page), `/about at ${width} px`).toEqual([]);
      await about.close();
    }
  });

  it("gives two items two balanced columns at 1280 px and one centred column at 360 px", async () => {
    await add("testimonials", {
      name: "Arjun Rao",
      company: "Nilgiri Foods",
      quote: "Our sales plan finally pays for what we want more of.",
    });
    await add("results", { figure: "₹2.4 cr", label: "saved on benefits", client: "Retail" });
    // A client logo moves the figures from the band under the hero to the results band.
    await add("client-logos", {});

    for (const width of [1280, 360]) {
      const home = await visit(width, "/", RESULT);
      for (const [selector, what] of [
        [TESTIMONIAL, "testimonials"],
        [RESULT, "results figures"],
      ] as const) {
        const { items, viewport } = await boxes(home.page, selector);
        expect(items, what).toHaveLength(2);
        const [first, second] = items as [Box, Box];
        expect(Math.abs(first.width - second.width), what).toBeLessThan(1);
        if (width === 1280) {
          expect(Math.abs(first.y - second.y), `${what} side by side`).toBeLessThan(1);
          expect(Math.abs(centreOf(items) - viewport / 2), `${what} centred`).toBeLessThan(1.5);
        } else {
          expect(second.y, `${what} one under the other`).toBeGreaterThan(first.y + 10);
          expectCentred(items, viewport, `${what} at 360 px`);
        }
      }
      expect(await runAxe(home.page), `/ at ${width} px`).toEqual([]);
      await home.close();
    }
  });
});
