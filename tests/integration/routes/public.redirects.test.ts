import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/modules/commands/command.server";
import { readContentVersion } from "~/modules/commands/content-version.server";
import { articleInputSchema } from "~/modules/library/article.schema";
import {
  createArticle,
  publishArticle,
  updateArticle,
} from "~/modules/library/article-commands.server";
import { getArticle } from "~/modules/library/articles.server";
import {
  createNotFoundRecorder,
  isBotNoise,
  listNotFoundPaths,
} from "~/modules/redirects/not-found-log.server";
import { redirectInputSchema } from "~/modules/redirects/redirect.schema";
import { deleteRedirect, saveRedirect } from "~/modules/redirects/redirect-commands.server";
import { findRedirect, listRedirects } from "~/modules/redirects/redirects.server";
import * as redirectsAdmin from "~/routes/admin/redirects";
import * as insight from "~/routes/public/insight";
import { redirectMissingPages } from "~/web/missing-page.server";
import { createRouteHarness, fieldMessage, type RouteHarness } from "../../support/route-harness";
import { DIALECTS } from "../../support/test-database";
import { staffAccount } from "../../support/write-path";

/*
 * Issue 29, addresses that never break: a slug change leaves a permanent redirect behind, chains
 * collapse, a redirect never hides a live page, staff manage redirects with a message per field,
 * and the not-found log stays bounded.
 */

type MiddlewareArgs = Parameters<typeof redirectMissingPages>[0];

describe.each(DIALECTS)("redirects (%s)", (dialect) => {
  let h: RouteHarness;
  let editor: StaffActor;

  beforeAll(async () => {
    h = await createRouteHarness(dialect);
    editor = await staffAccount(h.db, { username: "meera" });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** What a visitor gets for `path`: the article page's loader behind the layout's middleware. */
  async function visit(path: string): Promise<{ status: number; location: string }> {
    const request = h.get(path);
    const context = await h.publicContext();
    const slug = decodeURIComponent(new URL(request.url).pathname.split("/")[2] ?? "");
    const next = async () => {
      const outcome = await h.loader(insight, request, { params: { slug }, context });
      return new Response(null, { status: outcome.status });
    };
    const response = (await redirectMissingPages(
      { request, context, params: {} } as unknown as MiddlewareArgs,
      next,
    )) as Response;
    return { status: response.status, location: response.headers.get("location") ?? "" };
  }

  /** Follows redirects like a browser; the final status and path. */
  async function follow(path: string): Promise<{ status: number; path: string; hops: number }> {
    let current = path;
    for (let hops = 0; hops < 5; hops++) {
      const answer = await visit(current);
      if (answer.status !== 301) return { status: answer.status, path: current, hops };
      current = answer.location;
    }
    throw new Error(`More than 5 redirects from ${path}`);
  }

  const article = (title: string, slug: string) =>
    articleInputSchema.parse({
      title,
      slug,
      category: "Reward Strategy",
      author: "Founding Partner",
      publishedOn: "2026-11-20",
      summary: "How to draw pay bands.",
      body: "Start with levels.",
    });

  it("keeps every address an article ever had answering, with one 301 to the current one", async () => {
    const created = await createArticle(h.db, editor, article("Pay bands", "pay-bands"));
    expect(created.ok).toBe(true);
    await publishArticle(h.db, editor, "pay-bands");
    const slugs = ["pay-bands", "pay-bands-2026", "salary-bands", "pay-ranges", "bands"];
    for (let at = 1; at < slugs.length; at++) {
      const saved = await updateArticle(h.db, editor, {
        slug: slugs[at - 1] ?? "",
        article: article("Pay bands", slugs[at] ?? ""),
      });
      expect(saved.ok).toBe(true);
      // After each change, every address published so far answers.
      for (const old of slugs.slice(0, at + 1)) {
        const answer = await follow(`/insights/${old}`);
        expect(answer).toMatchObject({ status: 200, path: `/insights/${slugs[at]}` });
        expect(answer.hops).toBe(old === slugs[at] ? 0 : 1);
      }
    }
    // Chains collapsed: each old address points straight at the current one.
    for (const old of slugs.slice(0, -1)) {
      expect(await findRedirect(h.db, `/insights/${old}`)).toBe("/insights/bands");
    }
  });

  it("drops the redirect from an address that has its page again (no loop), and a live page wins", async () => {
    await createArticle(h.db, editor, article("Merit pay", "merit"));
    await publishArticle(h.db, editor, "merit");
    await updateArticle(h.db, editor, {
      slug: "merit",
      article: article("Merit pay", "merit-pay"),
    });
    await updateArticle(h.db, editor, {
      slug: "merit-pay",
      article: article("Merit pay", "merit"),
    });
    expect(await findRedirect(h.db, "/insights/merit")).toBeUndefined();
    expect(await findRedirect(h.db, "/insights/merit-pay")).toBe("/insights/merit");
    expect(await follow("/insights/merit-pay")).toMatchObject({
      status: 200,
      path: "/insights/merit",
    });

    // A redirect staff add from a live page's address is never used while the page exists.
    await createArticle(h.db, editor, article("Live", "live-page"));
    await publishArticle(h.db, editor, "live-page");
    const saved = await saveRedirect(h.db, editor, {
      fromPath: "/insights/live-page",
      toPath: "/about",
    });
    expect(saved.ok).toBe(true);
    expect(await visit("/insights/live-page")).toEqual({ status: 200, location: "" });
    expect(await getArticle(h.db, "live-page")).toBeDefined();
  });

  it("keeps campaign parameters and answers data requests of client-side navigation too", async () => {
    await saveRedirect(h.db, editor, { fromPath: "/old-offer", toPath: "/services" });
    expect(await visit("/old-offer?utm_source=mail")).toEqual({
      status: 301,
      location: "/services?utm_source=mail",
    });
    expect((await visit("/old-offer.data?_routes=root")).location).toBe("/services");
  });

  it("collapses staff chains, refuses loops, and raises the content version", async () => {
    const before = await readContentVersion(h.db);
    expect((await saveRedirect(h.db, editor, { fromPath: "/a", toPath: "/b" })).ok).toBe(true);
    expect(await readContentVersion(h.db)).toBe(before + 1);
    expect((await saveRedirect(h.db, editor, { fromPath: "/b", toPath: "/c" })).ok).toBe(true);
    expect(await findRedirect(h.db, "/a")).toBe("/c");
    const loop = await saveRedirect(h.db, editor, { fromPath: "/c", toPath: "/a" });
    expect(loop).toEqual({ ok: false, reason: "loop" });
    const taken = await saveRedirect(h.db, editor, { fromPath: "/a", toPath: "/d" });
    expect(taken).toEqual({ ok: false, reason: "taken" });
    // A new redirect to /a's start follows the chain to its end.
    await saveRedirect(h.db, editor, { fromPath: "/z", toPath: "/a" });
    expect(await findRedirect(h.db, "/z")).toBe("/c");
    const { items } = await listRedirects(h.db);
    const b = items.find((item) => item.fromPath === "/b");
    expect(b && (await deleteRedirect(h.db, editor, b.id))).toBe(true);
    expect(await findRedirect(h.db, "/b")).toBeUndefined();
  });

  it("gives a message per field in the admin and saves a valid redirect", async () => {
    const { cookie } = await h.staff("editor");
    const bad = await h.action(
      redirectsAdmin,
      h.post(
        "/admin/redirects",
        { intent: "save", fromPath: "old", toPath: "http://x.test" },
        { cookie },
      ),
    );
    expect(bad.status).toBe(400);
    expect(fieldMessage(bad.data, "fromPath")).toMatch(/starting with \//);
    expect(fieldMessage(bad.data, "toPath")).toMatch(/https:\/\//);
    const good = await h.action(
      redirectsAdmin,
      h.post(
        "/admin/redirects",
        { intent: "save", fromPath: "/brochure/", toPath: "https://example.com/brochure" },
        { cookie },
      ),
    );
    expect(good.status).toBe(200);
    expect(await findRedirect(h.db, "/brochure")).toBe("https://example.com/brochure");
    expect(redirectInputSchema.safeParse({ fromPath: "/x", toPath: "/x" }).success).toBe(false);
    const anonymous = await h.loader(redirectsAdmin, h.get("/admin/redirects"));
    expect(anonymous.status).not.toBe(200);
  });

  it("logs missing addresses at most once a minute a path, skips bot noise, keeps at most the cap", async () => {
    let clock = Date.parse("2026-11-26T10:00:00Z");
    const recorder = createNotFoundRecorder({ now: () => clock, maxRows: 3 });
    await recorder.record(h.db, "/missing-one", "https://example.com/page");
    await recorder.record(h.db, "/missing-one", "");
    await recorder.record(h.db, "/wp-admin/setup.php", "");
    expect(isBotNoise("/.env")).toBe(true);
    let log = await listNotFoundPaths(h.db);
    expect(log.map((entry) => [entry.path, entry.hits])).toEqual([["/missing-one", 1]]);
    expect(log[0]?.referrer).toBe("https://example.com/page");
    clock += 61_000;
    await recorder.record(h.db, "/missing-one", "");
    log = await listNotFoundPaths(h.db);
    expect(log[0]?.hits).toBe(3);
    for (const path of ["/two", "/three", "/four", "/five"]) {
      clock += 1_000;
      await recorder.record(h.db, path, "");
    }
    log = await listNotFoundPaths(h.db);
    expect(log.map((entry) => entry.path).sort()).toEqual(["/five", "/four", "/three"]);
    // A redirect made for a logged address takes it off the log.
    await saveRedirect(h.db, editor, { fromPath: "/five", toPath: "/contact" });
    expect((await listNotFoundPaths(h.db)).map((entry) => entry.path)).not.toContain("/five");
  });
});
