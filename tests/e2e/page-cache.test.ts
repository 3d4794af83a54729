import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "~/modules/forms/spam-defence.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { createStaff, signInCookie } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { VALID_ENQUIRY, withDatabase } from "./leads-helpers";
import { PUBLIC_PATHS, waitForHydration } from "./public-support";

/**
 * The full-page cache of public pages (docs/decisions/0009): stored pages answer from memory, an
 * admin edit shows on the very next request, and nothing per-visitor is ever stored or served.
 */
describe("public page cache", () => {
  let server: TestServer;
  let staffCookie: string;

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });

  /** Saves the settings through the admin, as a member of staff would. */
  async function saveSettings(changes: Partial<typeof DEFAULT_GENERAL_SETTINGS>) {
    const settings = { ...DEFAULT_GENERAL_SETTINGS, ...changes };
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(settings)) {
      if (typeof value === "boolean") {
        if (value) form.set(key, "on");
      } else form.set(key, String(value));
    }
    const response = await fetch(`${server.url}/admin/settings`, {
      method: "POST",
      headers: {
        cookie: staffCookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    expect(await response.text()).toContain("Settings saved successfully!");
  }

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "info" });
    staffCookie = await signInCookie(server, await createStaff(server, "admin"));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("stores each public page: the second visitor gets the same bytes from memory", async () => {
    for (const path of [
      // Pages with a visitor form's token (the contact form, a calculator's e-mail form) are
      // stored too, but each visitor gets a token of their own (tested below and in tools-ctc).
      ...PUBLIC_PATHS.filter((p) => p !== "/contact" && !p.startsWith("/tools/")),
      "/sitemap.xml",
      "/robots.txt",
      "/offline",
    ]) {
      const first = await get(path, { "accept-encoding": "gzip" });
      const firstBody = await first.text();
      expect(first.status, path).toBe(200);
      const second = await get(path, { "accept-encoding": "gzip" });
      expect(second.headers.get("x-cache"), path).toBe("HIT");
      expect(await second.text(), path).toBe(firstBody);
      expect(second.headers.get("etag"), path).toBe(first.headers.get("etag"));
    }
  });

  it("sends a strong ETag, answers 304 when it matches, and lets a CDN keep the page briefly", async () => {
    await get("/about");
    const page = await get("/about", { "accept-encoding": "gzip" });
    const etag = page.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers.get("vary")).toBe("Accept-Encoding");
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const cacheControl = page.headers.get("cache-control") ?? "";
    expect(cacheControl).toContain("max-age=0");
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
    const revalidated = await get("/about", { "if-none-match": etag, "accept-encoding": "gzip" });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const head = await fetch(`${server.url}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
  });

  it("serves brotli, compressed once in the background, to browsers that accept it", async () => {
    await get("/services");
    await expect
      .poll(async () =>
        (await get("/services", { "accept-encoding": "br, gzip" })).headers.get("content-encoding"),
      )
      .toBe("br");
    const identity = await (await get("/services", { "accept-encoding": "identity" })).text();
    const brotli = await (await get("/services", { "accept-encoding": "br" })).text();
    expect(brotli).toBe(identity);
  });

  it("shows an admin edit on the very next request, then stores the new page", async () => {
    expect(await (await get("/")).text()).toContain(DEFAULT_GENERAL_SETTINGS.siteName);
    expect((await get("/")).headers.get("x-cache")).toBe("HIT");
    try {
      await saveSettings({ siteName: "Cached Name Changed Consulting" });
      const next = await get("/");
      expect(next.headers.get("x-cache")).toBe("MISS");
      expect(await next.text()).toContain("Cached Name Changed Consulting");
      const after = await get("/");
      expect(after.headers.get("x-cache")).toBe("HIT");
      expect(await after.text()).toContain("Cached Name Changed Consulting");
      expect(await (await get("/sitemap.xml")).text()).toContain("<urlset");
    } finally {
      await saveSettings({});
    }
    expect(await (await get("/")).text()).not.toContain("Cached Name Changed Consulting");
  });

  it("stores no maintenance answer, and puts the pages back the moment maintenance ends", async () => {
    await get("/careers");
    try {
      await saveSettings({ maintenanceMode: true });
      for (let i = 0; i < 2; i++) {
        const page = await get("/careers");
        expect(page.status).toBe(503);
        expect(page.headers.get("x-cache")).toBe("MISS");
      }
    } finally {
      await saveSettings({});
    }
    expect((await get("/careers")).status).toBe(200);
  });

  it("never answers the admin, the API, staff, other methods or unknown queries from the cache", async () => {
    await get("/");
    const staff = await get("/", { cookie: staffCookie });
    expect(staff.headers.get("x-cache")).toBe("MISS");
    expect(staff.headers.get("cache-control")).toContain("private");
    for (const path of ["/admin/login", "/api/enquiries/token", "/?page=2", "/nope-not-here"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers.get("x-cache"), path).toBe("MISS");
    }
    expect((await get("/nope-not-here")).status).toBe(404);
    // Tracking parameters are not part of the key: the stored home page answers.
    const tracked = await get("/?utm_source=linkedin&utm_campaign=launch&gclid=x");
    expect(tracked.headers.get("x-cache")).toBe("HIT");
    const post = await fetch(`${server.url}/`, { method: "POST", body: new URLSearchParams() });
    expect(post.headers.get("x-cache")).toBe("MISS");
  });

  it("stores the contact page once and gives every visitor a form token of their own", async () => {
    const tokenOf = async (encoding: string) => {
      const page = await get("/contact", { "accept-encoding": encoding });
      expect(page.headers.get("set-cookie")).toBeNull();
      expect(page.headers.get("etag")).toBeNull();
      expect(page.headers.get("cache-control")).toContain("private");
      const html = await page.text();
      expect(html).not.toContain("form-token-for-each-visitor");
      return {
        cache: page.headers.get("x-cache"),
        token: /<input[^>]*name="formToken"[^>]*>/.exec(html)?.[0].match(/value="([^"]+)"/)?.[1],
      };
    };
    await tokenOf("gzip");
    const first = await tokenOf("gzip");
    const second = await tokenOf("identity");
    expect(first.cache).toBe("HIT");
    expect(first.token).toMatch(/^v1\.\d+\./);
    expect(second.token).toMatch(/^v1\.\d+\./);
    expect(first.token).not.toBe(second.token);
    // Each token is signed and fresh: the API that checks them refuses a made-up one.
    const issuedAt = Number(first.token?.split(".")[1]);
    expect(Math.abs(Date.now() - issuedAt)).toBeLessThan(60_000);
  });

  it("takes a person's enquiry posted from the stored contact page, and files a bot's as spam", async () => {
    const post = async (token: string, email: string, status = 200) => {
      const form = new URLSearchParams({
        ...VALID_ENQUIRY,
        email,
        formToken: token,
        hp_comment: "",
      });
      const response = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      expect(response.status).toBe(status);
      expect(response.headers.get("x-cache")).toBe("MISS");
      return response.text();
    };
    const tokenFromStoredPage = async () => {
      const page = await get("/contact");
      expect(page.headers.get("x-cache")).toBe("HIT");
      return (
        /<input[^>]*name="formToken"[^>]*>/
          .exec(await page.text())?.[0]
          .match(/value="([^"]+)"/)?.[1] ?? ""
      );
    };
    await get("/contact");
    const personToken = await tokenFromStoredPage();
    const botToken = await tokenFromStoredPage();
    // The bot posts at once and is asked to confirm it is a person; the person takes longer than
    // the minimum fill time. Then the bot replays the person's token, which is used up: spam.
    expect(await post(botToken, "bot.cached@example.com", 400)).toContain(
      "confirm you are a person",
    );
    await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));
    expect(await post(personToken, "person.cached@example.com")).toContain("Thank You");
    await post(personToken, "bot.cached@example.com");
    const stored = await withDatabase(server, (db) =>
      db
        .selectFrom("enquiries")
        .select(["email", "spamReason"])
        .where("email", "like", "%.cached@example.com")
        .execute(),
    );
    expect(stored).toContainEqual({ email: "person.cached@example.com", spamReason: null });
    expect(stored.find((row) => row.email === "bot.cached@example.com")?.spamReason).toBeTruthy();
  });

  it("gives a stored page a hash-based script policy instead of a nonce", async () => {
    // A page that hydrates runs inline scripts (the router's), hashed; no public page does now
    // (decisions 0067, 0073, 0077): /book's day grid reads its days from a JSON data block,
    // which runs nothing and needs no hash.
    await get("/about");
    const plain = await get("/about");
    expect(plain.headers.get("content-security-policy")).toContain("script-src 'self';");
    await get("/book");
    const page = await get("/book");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("nonce-");
    // No nonce value in the HTML (stylesheet links carry an empty one, see app/root.tsx).
    expect(await page.text()).not.toMatch(/nonce="[^"]/);
    const uncached = await get("/admin/login");
    expect(uncached.headers.get("content-security-policy")).toContain("'nonce-");
  });

  it("logs every request with the path that served it", async () => {
    await get("/terms");
    await get("/terms");
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"request"') && line.includes('"path":"/terms"'))
      .map((line) => JSON.parse(line) as { cache: string; status: number; durationMs: number });
    expect(lines.map((line) => line.cache)).toContain("hit");
    expect(lines.every((line) => line.status === 200 && line.durationMs >= 0)).toBe(true);
  });

  it("runs stored pages in a browser with no policy violation, hydrated and interactive", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content.Security.Policy|Refused to/i.test(message.text()))
          violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`Refused to run: ${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      // Pages with their own script only (/, /careers), with an island (/contact, decision
      // 0073; /book, decision 0077).
      for (const path of ["/", "/services", "/careers", "/contact", "/book"]) {
        await get(path);
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.headers()["x-cache"], path).toBe("HIT");
        await waitForHydration(page);
      }
      // A link works from the stored page (a full load).
      await page.getByRole("link", { name: "About", exact: true }).first().click();
      await page.waitForURL(`${server.url}/about`);
      await expect.poll(() => page.locator("h1").first().textContent()).toBeTruthy();
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
