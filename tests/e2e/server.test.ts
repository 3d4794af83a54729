import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, signInCookie, signInRequest } from "../support/auth";
import { startServer, type TestServer } from "../support/server";
import { createTestDatabase } from "../support/test-database";

describe("the Node server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("sends an enforced CSP whose fresh nonce is the one on the page's scripts", async () => {
    // A page rendered per request (stored public pages list script hashes: page-cache.test.ts).
    const login = `${server.url}/admin/login`;
    const [first, second] = await Promise.all([fetch(login), fetch(login)]);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const html = await first.text();
    const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    await second.text();
  });

  it("sets the other security headers on pages and assets alike", async () => {
    const page = await fetch(server.url);
    const html = await page.text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const response of [page, await fetch(`${server.url}${asset}`)]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("adds HSTS when the request came over HTTPS through the trusted proxy", async () => {
    const response = await fetch(server.url, { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });

  it("caches hashed assets for a year, public pages briefly in shared caches, admin pages never", async () => {
    const admin = await fetch(`${server.url}/admin/login`);
    expect(admin.headers.get("cache-control")).toBe("no-cache, private");
    await admin.body?.cancel();
    const page = await fetch(server.url);
    // Browsers revalidate at once; a CDN may keep it for a minute (decision 0009).
    expect(page.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // A public page names its modules in its inline script, loaded after its first paint
    // (decision 0031), not in script or preload tags.
    const path = /"(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(path).toBeDefined();
    const asset = await fetch(`${server.url}${path}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("compresses text responses for clients that accept gzip", async () => {
    const encoding = await new Promise<string | undefined>((done, fail) => {
      httpRequest(`${server.url}/`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        res.resume();
        done(res.headers["content-encoding"]);
      })
        .on("error", fail)
        .end();
    });
    expect(encoding).toBe("gzip");
  });

  it("refuses a body over the limit with 413 and keeps serving", async () => {
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(1024 * 1024 + 10)}`,
    });
    expect(response.status).toBe(413);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers an unknown path with the 404 page", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });

  it("logs one JSON line per request, with no password or query string", async () => {
    const staff = await createStaff(server, "editor");
    await signInCookie(server, staff);
    await fetch(`${server.url}/healthz?token=secret-token-value`);
    // Lines arrive through the child's stdout pipe, so wait for both; a half-arrived line is skipped.
    const requestLog = () =>
      server
        .output()
        .split("\n")
        .flatMap((line) => {
          try {
            const entry = JSON.parse(line);
            return entry.event === "request" ? [entry] : [];
          } catch {
            return [];
          }
        });
    const logged = (path: string, status: number) =>
      requestLog().some((entry) => entry.path === path && entry.status === status);
    await expect.poll(() => logged("/api/auth/sign-in/username", 200)).toBe(true);
    await expect.poll(() => logged("/healthz", 200)).toBe(true);
    const requests = requestLog();
    expect(requests.every((entry) => typeof entry.durationMs === "number")).toBe(true);
    expect(server.output()).not.toContain(staff.password);
    expect(server.output()).not.toContain("secret-token-value");
  });
});

describe("start-up and shutdown", () => {
  const runToExit = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(resolve("node_modules/.bin/node"), ["server/main.ts"], {
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.on("exit", (code) => done({ code, stderr }));
    });

  it("stops with a one-line message naming a bad DATABASE_URL", async () => {
    const { code, stderr } = await runToExit({ DATABASE_URL: "mysql://nowhere/db" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("DATABASE_URL");
  });

  it("stops with a one-line message naming a bad PORT", async () => {
    const { code, stderr } = await runToExit({ PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("PORT");
  });

  it("creates the first admin from ADMIN_* and lets them sign in", async () => {
    const server = await startServer(
      {
        ADMIN_USERNAME: "owner",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "correct-horse-battery",
      },
      { emptyDatabase: true },
    );
    try {
      const response = await signInRequest(server, {
        username: "owner",
        password: "correct-horse-battery",
      });
      expect(response.status).toBe(200);
      expect((await response.json()).user.role).toBe("admin");
      expect(server.output()).not.toContain("correct-horse-battery");
    } finally {
      await server.stop();
    }
  });

  it("runs on PostgreSQL when DATABASE_URL is a postgres:// URL", async () => {
    const database = await createTestDatabase("postgres", { migrate: false });
    const server = await startServer({ DATABASE_URL: database.url });
    try {
      const html = await (await fetch(server.url)).text();
      expect(html).toContain("People. Purpose. Pay. Perfectly Aligned.");
      const services = await database.db.selectFrom("services").select("id").execute();
      expect(services).toHaveLength(6);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
      await database.destroy();
    }
  });

  it("lets an in-flight request finish on SIGTERM, then exits 0", async () => {
    const server = await startServer();
    // A slow upload keeps a request in flight while the signal arrives.
    const response = new Promise<number>((done, fail) => {
      const req = httpRequest(
        `${server.url}/healthz`,
        { method: "POST", headers: { "content-type": "text/plain", "content-length": "10" } },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode ?? 0));
        },
      );
      req.on("error", fail);
      req.write("hello");
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(() => req.end("world"), 300);
      }, 200);
    });
    const status = await response;
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("shutdown_complete");
  });
});
