import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPublicPageCache, type RenderedPage } from "./public-page-cache.ts";
import { cacheableRequest, maxAgeOf, type PageVersions, pageVersionOf } from "./request-key.ts";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./send-page.ts";
import type { ServedBy } from "./served-by.ts";

/*
 * /book from the page cache (decision 0049): its zone and start day are variants of the key in
 * one canonical form, so the copies stay bounded, and it is served only at the availability
 * version it was rendered at, so a booked time never stays on offer.
 */

const key = (url: string) => cacheableRequest("GET", url, undefined);

describe("the booking page's key", () => {
  it("stores the page in IST without a zone, for India's zone and for a zone no one knows", () => {
    for (const url of [
      "/book",
      "/book?tz=Asia/Kolkata",
      "/book?tz=Asia/Calcutta",
      "/book?tz=Mars/Olympus",
      "/book?tz=",
      "/book?utm_source=mail",
    ]) {
      expect(key(url), url).toEqual({ key: "/book", availability: true });
    }
  });

  it("keeps a known zone in its canonical spelling and a start day within the window", () => {
    expect(key("/book?tz=America%2FNew_York")).toEqual({
      key: "/book?tz=America%2FNew_York",
      availability: true,
    });
    expect(key("/book?tz=europe/london")?.key).toBe("/book?tz=Europe%2FLondon");
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(key(`/book?from=${soon}&tz=Asia/Tokyo`)?.key).toBe(`/book?tz=Asia%2FTokyo&from=${soon}`);
  });

  it("drops a start day that is no date or long past, and never stores one years ahead", () => {
    expect(key("/book?from=2026-02-30")?.key).toBe("/book");
    expect(key("/book?from=2001-01-01")?.key).toBe("/book");
    expect(key("/book?from=2999-01-01")).toBeUndefined();
    expect(key("/book?tz=Asia/Tokyo&tz=Europe/Paris")).toBeUndefined();
    expect(key("/book?page=2")).toBeUndefined();
  });

  it("keeps a meeting type's slug and a known service interest as variants (decision 0050)", () => {
    expect(key("/book?tz=Asia/Tokyo&service=equity&type=strategy-call")?.key).toBe(
      "/book?type=strategy-call&service=equity&tz=Asia%2FTokyo",
    );
    expect(key("/book?service=")?.key).toBe("/book");
    expect(key("/book?type=Not A Slug")).toBeUndefined();
    expect(key("/book?service=astrology")).toBeUndefined();
    expect(key("/book?type=a&type=b")).toBeUndefined();
  });

  it("versions /book by content and availability, other pages by content only", () => {
    const versions: PageVersions = { content: 7, availability: 3 };
    const book = { availability: true };
    expect(pageVersionOf({}, versions)).toBe(7);
    expect(pageVersionOf({}, { content: 7, availability: 4 })).toBe(7);
    const at = pageVersionOf(book, versions);
    expect(pageVersionOf(book, { content: 7, availability: 4 })).toBeGreaterThan(at);
    expect(pageVersionOf(book, { content: 8, availability: 3 })).toBeGreaterThan(at);
  });

  it("keeps a copy of /book a minute at most, as time takes its nearest times away", () => {
    expect(maxAgeOf({ availability: true }, 600_000)).toBe(60_000);
    expect(maxAgeOf({}, 600_000)).toBe(600_000);
  });
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

describe("the booking page in the cache", () => {
  it("is rendered again when a booking raises the availability version, and not otherwise", async () => {
    const versions: PageVersions = { content: 1, availability: 0 };
    const rendered: string[] = [];
    const cache = createPublicPageCache({
      maxBytes: 1024 * 1024,
      maxAgeMs: 600_000,
      currentVersion: async () => ({ ...versions }),
      render: async (path): Promise<RenderedPage> => {
        rendered.push(path);
        const times = versions.availability === 0 ? "10:00 10:30" : "10:30";
        return {
          status: 200,
          headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
          body: Buffer.from(`<!DOCTYPE html><p>${path} ${times}</p><input value="SLOT">`),
          storable: true,
        };
      },
      visitorSlot: { placeholder: "SLOT", fill: () => `token-${rendered.length}-${Math.random()}` },
    });
    const server = createServer((req, res) => {
      const page = cacheableRequest(req.method, req.url, undefined);
      const served: ServedBy = { cache: "hit", bytes: 0 };
      if (!page) throw new Error(`${req.url} is not cacheable`);
      void cache.serve(req, res, page, [], served, () => res.end("app"));
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`);
      return { cache: response.headers.get("x-cache"), body: await response.text() };
    };

    expect(await get("/book")).toMatchObject({ cache: "MISS" });
    const hit = await get("/book?tz=Asia/Kolkata");
    expect(hit.cache).toBe("HIT");
    expect(hit.body).toContain("10:00 10:30");
    expect(hit.body).not.toContain("SLOT");
    expect((await get("/book?tz=Asia/Tokyo")).cache).toBe("MISS");
    expect(rendered).toEqual(["/book", "/book?tz=Asia%2FTokyo"]);

    versions.availability = 1;
    const after = await get("/book");
    expect(after.cache).toBe("MISS");
    expect(after.body).not.toContain("10:00");
    expect((await get("/book")).cache).toBe("HIT");
  });

  it("lets no device keep a /book page, even one with no form for a slot", async () => {
    const cache = createPublicPageCache({
      maxBytes: 1024 * 1024,
      maxAgeMs: 600_000,
      currentVersion: async () => ({ content: 1, availability: 0 }),
      // No free times in the span: the page has no form, so no slot to fill.
      render: async (path): Promise<RenderedPage> => ({
        status: 200,
        headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
        body: Buffer.from(`<!DOCTYPE html><p>${path}: no free times</p>`),
        storable: true,
      }),
      visitorSlot: { placeholder: "SLOT", fill: () => "token" },
    });
    const server = createServer((req, res) => {
      const page = cacheableRequest(req.method, req.url, undefined);
      if (!page) throw new Error(`${req.url} is not cacheable`);
      void cache.serve(req, res, page, [], { cache: "hit", bytes: 0 }, () => res.end("app"));
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = async (path: string) => {
      const response = await fetch(`${url}${path}`);
      return [response.headers.get("x-cache"), response.headers.get("cache-control")];
    };

    expect(await answer("/book")).toEqual(["MISS", "private, no-cache"]);
    expect(await answer("/book")).toEqual(["HIT", "private, no-cache"]);
    expect(await answer("/about")).toEqual(["MISS", PUBLIC_PAGE_CACHE_CONTROL]);
  });
});
