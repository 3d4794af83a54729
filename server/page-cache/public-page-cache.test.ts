import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../app/lib/logger.server.ts";
import { createPublicPageCache, type RenderedPage } from "./public-page-cache.ts";
import type { ServedBy } from "./served-by.ts";

/*
 * The page cache's promise about the visitor's token (issue 22): the placeholder never leaves
 * the server. A page with exactly one slot is stored and filled per visitor; a page with none is
 * stored as it is; a page with two, or one that may not be stored (/book), is rendered by the
 * app for each visitor, and two slots in a storable page are logged as an error.
 */

const PLACEHOLDER = "form-token-for-each-visitor-test";
let issued = 0;
const freshToken = () => `v1.token-${++issued}`;

function pageWith(slots: number, storable: boolean): RenderedPage {
  const forms = Array.from(
    { length: slots },
    () => `<form><input name="formToken" value="${PLACEHOLDER}"/></form>`,
  ).join("");
  return {
    status: 200,
    headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
    body: Buffer.from(`<!DOCTYPE html><html><body><h1>Page</h1>${forms}</body></html>`),
    storable,
  };
}

interface Harness {
  url: string;
  renders: () => number;
  appAnswers: () => number;
}

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server whose every request goes through the page cache, with a fake app behind it. */
async function harness(rendered: RenderedPage): Promise<Harness> {
  let renders = 0;
  let appAnswers = 0;
  const cache = createPublicPageCache({
    maxBytes: 1024 * 1024,
    maxAgeMs: 60_000,
    currentVersion: async () => ({ content: 1, availability: 0 }),
    render: async () => {
      renders++;
      return { ...rendered, headers: new Headers(rendered.headers) };
    },
    visitorSlot: { placeholder: PLACEHOLDER, fill: freshToken },
  });
  // The app renders per request with a real token in every form, as entry.server.tsx does.
  const app: RequestListener = (_req, res) => {
    appAnswers++;
    const body = rendered.body.toString().replaceAll(PLACEHOLDER, () => freshToken());
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "private, no-store" });
    res.end(body);
  };
  const server = createServer((req, res) => {
    const served: ServedBy = { cache: "hit", bytes: 0 };
    void cache.serve(req, res, { key: req.url ?? "/" }, [], served, app);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, renders: () => renders, appAnswers: () => appAnswers };
}

async function tokensOn(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  const body = await response.text();
  const tokens = [...body.matchAll(/name="formToken" value="([^"]*)"/g)].map((m) => m[1]);
  return { response, body, tokens };
}

describe("the visitor's token in the page cache", () => {
  it("stores a page with no slot as it is and answers it from memory", async () => {
    const errors = vi.spyOn(logger, "error");
    const site = await harness(pageWith(0, true));
    const first = await tokensOn(`${site.url}/about`);
    const second = await tokensOn(`${site.url}/about`);
    expect(first.response.headers.get("x-cache")).toBe("MISS");
    expect(second.response.headers.get("x-cache")).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(site.renders()).toBe(1);
    expect(site.appAnswers()).toBe(0);
    expect(errors).not.toHaveBeenCalled();
  });

  it("stores a page with one slot and gives every visitor a token of their own", async () => {
    const site = await harness(pageWith(1, true));
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 3; visitor++) {
      const { body, tokens } = await tokensOn(`${site.url}/contact`);
      expect(body).not.toContain(PLACEHOLDER);
      expect(tokens).toHaveLength(1);
      seen.add(tokens[0] ?? "");
    }
    expect(seen.size).toBe(3);
    expect(site.renders()).toBe(1);
  });

  it("never stores a page with two slots: logs an error and lets the app render it per visitor", async () => {
    const errors = vi.spyOn(logger, "error");
    const site = await harness(pageWith(2, true));
    for (let visitor = 0; visitor < 2; visitor++) {
      const { response, body, tokens } = await tokensOn(`${site.url}/twice`);
      expect(response.status).toBe(200);
      expect(body).not.toContain(PLACEHOLDER);
      expect(tokens).toHaveLength(2);
      expect(new Set(tokens).size).toBe(2);
      expect(response.headers.get("x-cache")).toBeNull();
    }
    expect(site.appAnswers()).toBe(2);
    // Rendered for the cache once; after that the cache knows to pass the page on.
    expect(site.renders()).toBe(1);
    expect(errors).toHaveBeenCalledWith("page_cache_slot_unfillable", { path: "/twice", slots: 2 });
  });

  it("passes a page that may not be stored (the booking page) to the app, with no error", async () => {
    const errors = vi.spyOn(logger, "error");
    const site = await harness(pageWith(1, false));
    for (const method of ["GET", "HEAD", "GET"]) {
      const { response, body } = await tokensOn(`${site.url}/book`, { method });
      expect(body).not.toContain(PLACEHOLDER);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const { tokens } = await tokensOn(`${site.url}/book`);
    expect(tokens).toEqual([expect.stringMatching(/^v1\.token-/)]);
    expect(site.appAnswers()).toBe(4);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("renders of a page whose version keeps rising (a booking storm on /book)", () => {
  it("renders one at a time: requests for later versions share ONE render after the running one", async () => {
    let version = 1;
    const renders: Array<{ version: number; finish: () => void }> = [];
    const cache = createPublicPageCache({
      maxBytes: 1024 * 1024,
      maxAgeMs: 60_000,
      currentVersion: async () => ({ content: 0, availability: version }),
      render: () => {
        // The page shows the version the database had when its render began.
        const seen = version;
        return new Promise<RenderedPage>((done) =>
          renders.push({
            version: seen,
            finish: () =>
              done({
                status: 200,
                headers: new Headers({ "content-type": "text/html" }),
                body: Buffer.from(`<p>free times at version ${seen}</p>`),
                storable: true,
              }),
          }),
        );
      },
      visitorSlot: { placeholder: PLACEHOLDER, fill: freshToken },
    });
    const server = createServer((req, res) => {
      const served: ServedBy = { cache: "hit", bytes: 0 };
      void cache.serve(req, res, { key: "/book", availability: true }, [], served, () => {
        throw new Error("the app is not asked");
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const get = () => fetch(`http://127.0.0.1:${port}/book`).then((r) => r.text());
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    const first = get();
    await until(() => renders.length === 1);
    // Three bookings while the first render runs, a visitor after each.
    const later: Promise<string>[] = [];
    for (let booking = 0; booking < 3; booking++) {
      version++;
      later.push(get());
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toHaveLength(1);
    renders[0]?.finish();
    expect(await first).toBe("<p>free times at version 1</p>");
    await until(() => renders.length === 2);
    expect(renders[1]?.version).toBe(4);
    renders[1]?.finish();
    // Each visitor came after a booking and sees it: the one render after the first, at 4.
    expect(await Promise.all(later)).toEqual(Array(3).fill("<p>free times at version 4</p>"));
    expect(await get()).toBe("<p>free times at version 4</p>");
    expect(renders).toHaveLength(2);
  });
});

describe("brotli, only for a copy asked for again (decision 0068)", () => {
  it("answers a page seen once with gzip, and compresses with brotli from its first hit", async () => {
    const { url } = await harness(pageWith(0, true));
    const takesBrotli = { headers: { "accept-encoding": "br, gzip" } };
    const encodingOf = async (path: string) => {
      const response = await fetch(`${url}${path}`, takesBrotli);
      await response.text();
      return `${response.headers.get("x-cache")} ${response.headers.get("content-encoding")}`;
    };
    // Stored once and never asked again: had it been queued for brotli when stored, it would be
    // compressed before the page below, which is asked for twice.
    expect(await encodingOf("/seen-once")).toBe("MISS gzip");
    expect(await encodingOf("/popular")).toBe("MISS gzip");
    expect(await encodingOf("/popular")).toBe("HIT gzip");
    await expect.poll(() => encodingOf("/popular")).toBe("HIT br");
    // Its first hit queues it now, so it still answers gzip this time.
    expect(await encodingOf("/seen-once")).toBe("HIT gzip");
  });
});
