import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "./accept-encoding.ts";
import { inlineScriptHashes } from "./inline-scripts.ts";
import { PageStore, type StoredPage } from "./page-store.ts";
import { cacheableRequest, canonicalPath } from "./request-key.ts";
import { fillSlot, slotPage } from "./slotted-page.ts";
import { batchedVersionCheck } from "./version-check.ts";

describe("which requests the page cache may answer", () => {
  it("keys an anonymous GET or HEAD of a public page by its path", () => {
    expect(cacheableRequest("GET", "/services", undefined)).toEqual({ key: "/services" });
    expect(cacheableRequest("HEAD", "/", undefined)).toEqual({ key: "/" });
  });

  it("drops tracking parameters from the key and refuses any other query string", () => {
    expect(
      cacheableRequest("GET", "/?utm_source=linkedin&utm_campaign=x&gclid=1", undefined),
    ).toEqual({
      key: "/",
    });
    expect(cacheableRequest("GET", "/about?fbclid=abc", undefined)).toEqual({ key: "/about" });
    expect(cacheableRequest("GET", "/contact?position=analyst", undefined)).toBeUndefined();
    expect(cacheableRequest("GET", "/?utm_source=x&page=2", undefined)).toBeUndefined();
  });

  it("never answers the admin, the API, route data, other methods or signed-in staff", () => {
    for (const path of [
      "/admin",
      "/admin/settings",
      "/api/page-view",
      "/healthz",
      "/readyz",
      "/version.json",
      "/services.data",
    ]) {
      expect(cacheableRequest("GET", path, undefined), path).toBeUndefined();
    }
    expect(cacheableRequest("POST", "/contact", undefined)).toBeUndefined();
    expect(cacheableRequest("GET", "/", "better-auth.session_token=abc")).toBeUndefined();
    expect(
      cacheableRequest("GET", "/", "theme=dark; __Secure-better-auth.session_token=abc"),
    ).toBeUndefined();
    // Someone else's cookie on the same domain is no reason to render per request.
    expect(cacheableRequest("GET", "/", "_ga=GA1.2.3")).toEqual({ key: "/" });
  });

  it("sends a visitor who already asked for a resource to the app on the request pages only", () => {
    const requester = "theme=dark; resource_requester=enq_1.sig";
    expect(
      cacheableRequest("GET", "/resources/esop-design-playbook/download", requester),
    ).toBeUndefined();
    expect(cacheableRequest("GET", "/resources/esop-design-playbook/download", "_ga=1")).toEqual({
      key: "/resources/esop-design-playbook/download",
    });
    expect(cacheableRequest("GET", "/resources", requester)).toEqual({ key: "/resources" });
  });
});

describe("one stored copy per page, whatever the spelling (issue 22)", () => {
  it("sends fragments, empty and dot segments and trailing slashes to the canonical path", () => {
    expect(canonicalPath("/about")).toBeUndefined();
    expect(canonicalPath("/")).toBeUndefined();
    expect(canonicalPath("/insights/pay-equity")).toBeUndefined();
    expect(canonicalPath("/about#n")).toBe("/about");
    expect(canonicalPath("/about#")).toBe("/about");
    expect(canonicalPath("/x/../about")).toBe("/about");
    expect(canonicalPath("/about//")).toBe("/about");
    expect(canonicalPath("//about")).toBe("/about");
    expect(canonicalPath("/about/.")).toBe("/about");
    expect(canonicalPath("/about/")).toBe("/about");
    expect(canonicalPath("/../..")).toBe("/");
    expect(canonicalPath("/#top")).toBe("/");
  });

  it("never stores another spelling of a page", () => {
    for (const path of ["/About", "/SERVICES", "/about#n", "/x/../about", "/about/", "/about/."]) {
      expect(cacheableRequest("GET", path, undefined), path).toBeUndefined();
    }
  });
});

describe("the codings a client takes", () => {
  it("honours q=0 for a named coding even after a wildcard", () => {
    expect(acceptedEncodings("gzip;q=0, *")).toEqual({ br: true, gzip: false });
    expect(acceptedEncodings("*")).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings("br;q=0, gzip")).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings("gzip, deflate, br")).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings("identity")).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings("*;q=0")).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
  });
});

describe("inline script hashes for a stored page's policy", () => {
  it("hashes each executable inline script and nothing else", () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      "<script>window.a=1</script>",
      '<script type="module" async="">import "/assets/x.js";</script>',
      '<script src="/assets/y.js"></script>',
      "<script>window.a=1</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${hashOf("window.a=1")}'`,
      `'sha256-${hashOf('import "/assets/x.js";')}'`,
    ]);
  });
});

/** What a browser compares: the base64 SHA-256 of the script's text. */
const hashOf = (text: string) => createHash("sha256").update(text).digest("base64");

function page(key: string, bytes: number, version = 1): StoredPage {
  return {
    key,
    version,
    storedAt: 0,
    status: 200,
    contentType: "text/html",
    etag: key,
    identity: Buffer.alloc(bytes),
    gzip: Buffer.alloc(0),
  };
}

describe("the page store's memory bound", () => {
  it("evicts the least recently used pages to stay within its bytes", () => {
    const store = new PageStore(3 * 1024 + 3 * 512);
    store.set(page("/a", 1024));
    store.set(page("/b", 1024));
    store.set(page("/c", 1024));
    store.get("/a");
    store.set(page("/d", 1024));
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.get("/d")).toBeDefined();
    expect(store.size.bytes).toBeLessThanOrEqual(3 * 1024 + 3 * 512);
  });

  it("counts a brotli body added later and never stores a page larger than the bound", () => {
    const store = new PageStore(4096);
    const a = page("/a", 1000);
    store.set(a);
    store.addBrotli(a, Buffer.alloc(500));
    expect(store.size.bytes).toBe(1000 + 500 + 512);
    store.set(page("/huge", 10_000));
    expect(store.get("/huge")).toBeUndefined();
  });
});

describe("the batched version check", () => {
  it("shares one read among requests waiting together, and never answers from a read that began earlier", async () => {
    let version = 1;
    const reads: Array<(value: number) => void> = [];
    const check = batchedVersionCheck(
      () =>
        new Promise<number>((resolve) => {
          const seen = version;
          reads.push(() => resolve(seen));
        }),
    );
    const first = check();
    // A write commits while the first read is on its way; later requests must see it.
    version = 2;
    const second = check();
    const third = check();
    expect(reads).toHaveLength(1);
    reads[0]?.(0);
    expect(await first).toBe(1);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(2);
    reads[1]?.(0);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});

describe("a stored page with a per-visitor slot", () => {
  const body = Buffer.from(
    `<html><body>${"<p>Terms and a long text that compresses well. </p>".repeat(400)}<input name="formToken" value="SLOT"/>${"<footer>More text after the form, also long.</footer>".repeat(300)}</body></html>`,
  );
  it("gives each visitor a valid gzip body with their value and the page around it", async () => {
    const slotted = slotPage(body, "SLOT");
    expect(slotted).toBeDefined();
    for (const token of ["v1.1763900000000.abc.def", "v1.1763900000001.another-visitor.xyz"]) {
      const gzipped = Buffer.concat(fillSlot(slotted!, token, true));
      const expected = body.toString().replace("SLOT", token);
      // gunzipSync checks the CRC-32 and length in the trailer.
      expect(gunzipSync(gzipped).toString()).toBe(expected);
      expect(gzipped.length).toBeLessThan(body.length / 5);
      expect(Buffer.concat(fillSlot(slotted!, token, false)).toString()).toBe(expected);
    }
  });

  it("has no slot when the placeholder is missing or appears twice", async () => {
    expect(slotPage(Buffer.from("<p>none</p>"), "SLOT")).toBeUndefined();
    expect(slotPage(Buffer.from("SLOT and SLOT"), "SLOT")).toBeUndefined();
  });
});
