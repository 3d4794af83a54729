import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_DEFAULTS } from "~/modules/library/article-defaults";
import { DEFAULT_SERVICES } from "~/modules/services/services.defaults";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import * as career from "~/routes/public/career";
import * as home from "~/routes/public/home";
import * as insight from "~/routes/public/insight";
import * as publicLayout from "~/routes/public/layout";
import * as services from "~/routes/public/services";
import * as robots from "~/routes/resources/robots";
import * as sitemap from "~/routes/resources/sitemap";
import { BASE_URL, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { seedPostings } from "./public-fixture";

/*
 * The public site's loaders: page data, 404s, maintenance mode and the resource routes.
 */

describe.each(DIALECTS)("the public site (%s)", (dialect) => {
  let h: RouteHarness;
  let activeId: string;
  let draftId: string;
  let closedId: string;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    ({ activeId, draftId, closedId } = await seedPostings(h.db));
  });
  afterAll(async () => {
    await h?.close();
  });

  describe("pages", () => {
    it("gives the home page its hero and the six services from the database", async () => {
      const out = await h.loader<{ hero: { title: string }; services: { id: string }[] }>(
        home,
        h.get("/"),
        { context: await h.publicContext() },
      );
      expect(out.data.hero.title).toBe("People. Purpose. Pay. Perfectly Aligned.");
      expect(out.data.services.map((s) => s.id)).toEqual(DEFAULT_SERVICES.map((s) => s.id));
    });

    it("shows the built-in services when none are stored", async () => {
      await h.db.deleteFrom("services").execute();
      const out = await h.loader<{ services: { id: string }[] }>(services, h.get("/services"));
      expect(out.data.services.map((s) => s.id)).toEqual(DEFAULT_SERVICES.map((s) => s.id));
    });

    it("gives an active posting its page with the form, a closed one its page without, and 404 for drafts and unknown ids", async () => {
      const context = await h.publicContext();
      const page = (id: string) =>
        h.loader<{ posting: { title: string }; application: object | null }>(
          career,
          h.get(`/careers/${id}`),
          { params: { id }, context },
        );
      const active = await page(activeId);
      expect(active.status).toBe(200);
      expect(active.data.posting.title).toBe("Senior Compensation Analyst");
      expect(active.data.application).not.toBeNull();
      const closed = await page(closedId);
      expect(closed.status).toBe(200);
      expect(closed.data.application).toBeNull();
      for (const id of [draftId, "no-such-role"]) {
        const out = await page(id);
        expect(out.status, id).toBe(404);
        expect(out.thrown, id).toBe(true);
      }
    });

    it("answers 404 for an unknown article", async () => {
      const slug = ARTICLE_DEFAULTS[0]!.slug;
      expect(
        (await h.loader(insight, h.get(`/insights/${slug}`), { params: { slug } })).status,
      ).toBe(200);
      const out = await h.loader(insight, h.get("/insights/no-such-article"), {
        params: { slug: "no-such-article" },
      });
      expect(out.status).toBe(404);
    });
  });

  describe("maintenance mode", () => {
    it("answers public pages and their posts with 503 (Retry-After), the layout with the contact details", async () => {
      await saveGeneralSettings(h.db, { ...DEFAULT_GENERAL_SETTINGS, maintenanceMode: true });
      try {
        const context = await h.publicContext();
        const out = await h.loader(publicLayout, h.get("/services"), { context });
        expect(out.status).toBe(503);
        expect(out.data).toEqual({
          siteName: DEFAULT_GENERAL_SETTINGS.siteName,
          email: DEFAULT_GENERAL_SETTINGS.email,
        });
        const [gate] = publicLayout.middleware;
        const page = (await gate!(
          { request: h.get("/"), context: h.context(), params: {} } as never,
          async () => new Response("maintenance page", { status: 503 }),
        )) as Response;
        expect(page.headers.get("retry-after")).toBe("3600");
        let reached = false;
        const post = await h.action(
          {
            action: (args: Parameters<typeof gate & {}>[0]) =>
              gate!(args, async () => {
                reached = true;
                return new Response("stored");
              }),
          },
          h.post("/contact", { firstName: "A" }),
        );
        expect(post.status).toBe(503);
        expect(reached).toBe(false);
      } finally {
        await saveGeneralSettings(h.db, DEFAULT_GENERAL_SETTINGS);
      }
      const open = await h.loader(publicLayout, h.get("/"), { context: await h.publicContext() });
      expect(open.status).toBe(200);
    });
  });

  describe("resource routes", () => {
    it("lists public pages and active postings, and nothing else, in /sitemap.xml", async () => {
      const out = await h.loader(sitemap, h.get("/sitemap.xml"));
      expect(out.status).toBe(200);
      expect(out.headers.get("content-type")).toContain("application/xml");
      const xml = await out.response!.text();
      const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      for (const path of ["/", "/about", "/services", "/resources", "/insights", "/careers"]) {
        expect(locations).toContain(`${BASE_URL}${path}`);
      }
      for (const path of [
        "/contact",
        "/terms",
        "/privacy",
        "/tools",
        "/tools/ctc-to-in-hand",
        `/insights/${ARTICLE_DEFAULTS[0]!.slug}`,
      ]) {
        expect(locations).toContain(`${BASE_URL}${path}`);
      }
      expect(locations).toContain(`${BASE_URL}/careers/${activeId}`);
      expect(xml).not.toContain(`/careers/${draftId}<`);
      expect(xml).not.toContain(`/careers/${closedId}<`);
      for (const location of locations) expect(location.startsWith(`${BASE_URL}/`)).toBe(true);
      expect(locations.some((l) => /\/admin|\/api/.test(l))).toBe(false);
    });

    it("keeps crawlers out of /admin and /api in /robots.txt and points to the sitemap", async () => {
      const out = await h.loader(robots, h.get("/robots.txt"));
      expect(out.status).toBe(200);
      expect(out.headers.get("content-type")).toContain("text/plain");
      const lines = (await out.response!.text()).split("\n");
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain("Disallow: /admin");
      expect(lines).toContain("Disallow: /api");
      expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    });
  });
});
