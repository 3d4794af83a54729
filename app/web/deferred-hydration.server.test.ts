import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server";
import { DeferHydration, deferHydration } from "./deferred-hydration.server";

// The shape of React Router's <Scripts> output in a rendered document.
const document = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/>',
  '<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin=""/>',
  "<title>Home — ₹</title></head><body><h1>Héllo</h1>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\n',
  'import * as route1 from "/assets/home-C.js";\n',
  "  window.__reactRouterRouteModules = {root:route0,home:route1};\n\n",
  'import("/assets/entry.client-A.js");</script>',
  "<script>window.stream = 1;</script></body></html>",
].join("");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("deferHydration", () => {
  it("takes the module preloads out of the head and imports the modules after the first paint", () => {
    const html = deferHydration(document)!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="preload" href="/assets/font.woff2"');
    expect(html).not.toMatch(/import \* as/);
    expect(html).toContain('<script nonce="n" type="module" async="">');
    expect(html).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(html).toContain(
      'Promise.all([import("/assets/root-B.js"), import("/assets/home-C.js")])',
    );
    expect(html).toContain("then(([route0, route1]) => {");
    expect(html).toContain('import("/assets/entry.client-A.js");\n});</script>');
    expect(html).toContain("first-contentful-paint");
    expect(html.endsWith("<script>window.stream = 1;</script></body></html>")).toBe(true);
  });

  it("leaves a document alone until its module script is complete, and one without it", () => {
    const cut = document.indexOf("window.__reactRouterRouteModules");
    expect(deferHydration(document.slice(0, cut))).toBeUndefined();
    expect(deferHydration("<html><body><h1>Offline</h1></body></html>")).toBeUndefined();
  });

  it("streams the rewritten document, whatever the chunks (a character split in two included)", async () => {
    const errors = vi.spyOn(logger, "error");
    const bytes = Buffer.from(document);
    for (const size of [1, 7, 100, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const out = await text(Readable.from(chunks).pipe(new DeferHydration("/")));
      expect(out).toBe(deferHydration(document));
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it("sends a document it cannot rewrite unchanged, and says so in the error log", async () => {
    const errors = vi.spyOn(logger, "error");
    const plain = "<html><body><h1>Offline ₹</h1></body></html>";
    const out = await text(Readable.from([Buffer.from(plain)]).pipe(new DeferHydration("/about")));
    expect(out).toBe(plain);
    expect(errors).toHaveBeenCalledWith("deferred_hydration_skipped", {
      path: "/about",
      reason: "no inline module script with static imports",
    });
  });
});
