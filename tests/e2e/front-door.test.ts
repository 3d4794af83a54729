import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_TOKEN_PLACEHOLDER } from "~/web/form-token";
import { createStaff, signInCookie } from "../support/auth";
import { startServer, type TestServer } from "../support/server";

/*
 * What the front door (server/front-door.ts) answers before the app, on the built server with a
 * first admin from the environment, as a fresh install runs (issue 22).
 */

const FORM_TOKEN = /name="formToken" value="([^"]*)"/g;

/** A GET or HEAD with the path sent exactly as written (fetch would normalise it first). */
function rawGet(
  server: TestServer,
  path: string,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  body: Buffer;
}> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", fail);
    req.end();
  });
}

describe("the front door of a fresh install", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({
      ADMIN_USERNAME: "owner",
      ADMIN_EMAIL: "owner@example.in",
      ADMIN_PASSWORD: "correct-horse-battery-9",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // /book comes from the page cache with the token in its slot (decision 0049); no browser keeps it.
  it("gives every visitor of /book a real single-use token of their own from the stored copy", async () => {
    const tokens = new Set<string>();
    for (let visitor = 0; visitor < 3; visitor++) {
      const response = await fetch(`${server.url}/book`);
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^private, no-(cache|store)$/);
      if (visitor > 0) expect(response.headers.get("x-cache")).toBe("HIT");
      expect(html).not.toContain(FORM_TOKEN_PLACEHOLDER);
      const found = [...html.matchAll(FORM_TOKEN)].map((m) => m[1] ?? "");
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^v1\.\d{13}\./);
      tokens.add(found[0] ?? "");
    }
    expect(tokens.size).toBe(3);
  });

  it("never sends the placeholder on any path: stored pages, per-request pages, route data, HEAD", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname),
      "/book",
      "/contact",
      "/no-such-page",
    ];
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      for (const url of [path, `${path === "/" ? "/_root" : path}.data`]) {
        for (const encoding of ["identity", "gzip"]) {
          const response = await fetch(`${server.url}${url}`, {
            headers: { "accept-encoding": encoding },
          });
          expect(await response.text(), `${url} (${encoding})`).not.toContain(
            FORM_TOKEN_PLACEHOLDER,
          );
        }
      }
      const head = await rawGet(server, path, "HEAD");
      expect(head.body.length, `HEAD ${path}`).toBe(0);
    }
    expect(server.output()).not.toContain("page_cache_slot_unfillable");
  });

  it("keeps no copy of an answer to a form post: it shows what the visitor typed", async () => {
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ firstName: "Asha", email: "not-an-address" }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Asha"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("defers hydration on every public route that hydrates, and never falls back unnoticed", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname),
      "/book",
      "/no-such-page",
      "/book/manage/not-a-real-link",
    ];
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) continue;
      expect(html, path).not.toContain('rel="modulepreload"');
      // A page with no interactive part loads only the site's own script (decision 0067).
      const ownScriptOnly = /<script type="module" src="\/assets\/public-site-script-/.test(html);
      if (ownScriptOnly) expect(html, path).not.toContain("entry.client");
      else expect(html, path).toContain("first-contentful-paint");
      if (path === "/" || path === "/about") expect(ownScriptOnly, path).toBe(true);
      // The contact form and the booking pages are islands the site's script loads (decisions
      // 0073, 0077): no public page hydrates.
      if (path === "/contact" || path.startsWith("/book")) expect(ownScriptOnly, path).toBe(true);
    }
    expect(server.output()).not.toContain("deferred_hydration_skipped");
  });

  it("sends other spellings of a page to its one address, so strangers cannot fill the cache", async () => {
    for (const [path, location] of [
      ["/about#n", "/about"],
      ["/x/../about", "/about"],
      ["/about//", "/about"],
      ["/about/.", "/about"],
      ["/about/", "/about"],
      ["/services/?utm_source=x", "/services?utm_source=x"],
    ] as const) {
      const response = await rawGet(server, path);
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toBe(location);
    }
    // Another case is the same page for the router, rendered for its visitor and never stored.
    const upper = await rawGet(server, "/About");
    expect(upper.status).toBe(200);
    expect(upper.headers["x-cache"]).toBe("MISS");
    expect((await rawGet(server, "/About")).headers["x-cache"]).toBe("MISS");
  });

  it("sends each header field once, the route's own value in place of the default", async () => {
    const cookie = await signInCookie(server, await createStaff(server, "editor"));
    const png = await sharp({
      create: { width: 700, height: 400, channels: 3, background: "#1f4d3a" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("alt", "The team at a pay design workshop");
    form.set("file", new File([new Uint8Array(png)], "workshop.png", { type: "image/png" }));
    const uploaded = await fetch(`${server.url}/admin/media`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
      redirect: "manual",
    });
    expect(uploaded.status).toBe(302);
    const library = await (
      await fetch(`${server.url}/admin/media`, { headers: { cookie } })
    ).text();
    const image = /\/media\/[^/"]+\/\d+\.webp/.exec(library)?.[0];
    expect(image).toBeDefined();
    for (const path of [image ?? "", "/book/manage/not-a-real-link", "/book", "/", "/contact"]) {
      const { rawHeaders } = await rawGet(server, path);
      const names = rawHeaders.filter((_, at) => at % 2 === 0).map((n) => n.toLowerCase());
      const repeated = names.filter((name, at) => names.indexOf(name) !== at);
      expect(repeated, path).toEqual([]);
    }
    const manage = await rawGet(server, "/book/manage/not-a-real-link");
    expect(manage.headers["referrer-policy"]).toBe("same-origin");
    expect(manage.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers HEAD with the same header fields as GET, and honours a refused coding", async () => {
    for (const path of ["/sw.js", "/favicon.svg", "/"]) {
      const headers = { "accept-encoding": "br" };
      const get = await rawGet(server, path, "GET", headers);
      const head = await rawGet(server, path, "HEAD", headers);
      for (const name of ["content-type", "content-encoding", "cache-control", "etag"]) {
        expect(head.headers[name], `${path} ${name}`).toEqual(get.headers[name]);
      }
      if (path !== "/") expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    }
    expect(
      (await rawGet(server, "/sw.js", "GET", { "accept-encoding": "br" })).headers[
        "content-encoding"
      ],
    ).toBe("br");
    for (const path of ["/", "/sw.js", "/about"]) {
      const refused = await rawGet(server, path, "GET", { "accept-encoding": "gzip;q=0, *" });
      expect(refused.headers["content-encoding"], path).not.toBe("gzip");
    }
    // The service worker's compressed copies come from the build, not from the server's start
    // (decision 0076), which would say so.
    expect(server.output()).not.toContain("top_level_file_not_precompressed");
  });
});
