import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, signInRequest } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/*
 * Sign-in as the server's configuration shapes it: the first admin's setup link, per-address
 * limits behind a trusted proxy, and sign-in providers.
 */

describe("the first admin", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("is created through the one-time link printed in the log when no account exists", async () => {
    const server = await startServer({}, { emptyDatabase: true });
    try {
      const line = server
        .output()
        .split("\n")
        .find((entry) => entry.includes("first_admin_setup_link"));
      const link = JSON.parse(line ?? "{}").link as string;
      expect(link).toMatch(new RegExp(`^${server.url}/admin/setup\\?token=[\\w-]{40,}$`));
      expect((await fetch(`${server.url}/admin/setup?token=wrong`)).status).toBe(404);

      const page = await browser.newPage();
      await page.goto(link);
      await page.getByLabel("Your name").fill("Asha Verma");
      await page.getByLabel("Username").fill("asha");
      await page.getByLabel("E-mail").fill("asha@example.in");
      const password = page.locator('input[name="password"]');
      const repeat = page.locator('input[name="confirmPassword"]');
      await password.fill("password12345");
      await repeat.fill("password12345");
      await page.getByRole("button", { name: "Create admin account" }).click();
      await page.getByText(/too common/).waitFor();
      await password.fill("mango tractor lantern 42");
      await repeat.fill("mango tractor lantern 42");
      await page.getByRole("button", { name: "Create admin account" }).click();
      await page.waitForURL(`${server.url}/admin/dashboard`);
      await page.getByRole("link", { name: "Users" }).first().waitFor();

      // Used once: the link is dead now, for anyone.
      const again = await fetch(link);
      expect(again.status).toBe(404);
      expect(await again.text()).toContain("Setup link not valid");
      await page.close();
    } finally {
      await server.stop();
    }
  });

  it("refuses a common ADMIN_PASSWORD at start with a one-line reason", async () => {
    await expect(
      startServer(
        {
          ADMIN_USERNAME: "owner",
          ADMIN_EMAIL: "owner@example.in",
          ADMIN_PASSWORD: "Password2024!",
        },
        { emptyDatabase: true },
      ),
    ).rejects.toThrow(/ADMIN_PASSWORD is not accepted: This password is too common/);
  });
});

describe("sign-in limits per client address (behind a trusted proxy)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const signIn = (address: string, username: string, password: string) =>
    signInRequest(server, { username, password }, { "x-forwarded-for": address });

  it("locks out an address after 20 failures across many accounts, and only that address", async () => {
    const staff = await createStaff(server, "editor");
    // Twenty guesses, four per made-up account, so no single account reaches its own limit.
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await signIn("203.0.113.7", `guess${attempt % 5}`, "wrong-password");
      expect(response.status, `attempt ${attempt + 1}`).toBe(401);
    }
    // Now even a real account with its right password is refused from that address...
    const refused = await signIn("203.0.113.7", staff.username, staff.password);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // ...while the same account signs in from another address.
    const allowed = await signIn("198.51.100.20", staff.username, staff.password);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("set-cookie")).toMatch(/session_token=/);
  });
});

describe("sign-in with a provider", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({
      GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "test-client-secret",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("offers only the configured providers and hands over to them", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login`);
    await expect(
      page.getByRole("button", { name: /^Sign in with/ }).allTextContents(),
    ).resolves.toEqual(["Sign in with Google"]);
    let authorizeUrl = "";
    await page.route("https://accounts.google.com/**", async (route) => {
      authorizeUrl = route.request().url();
      await route.fulfill({ status: 200, contentType: "text/plain", body: "provider" });
    });
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.waitForURL(/accounts\.google\.com/);
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("client_id")).toBe("test-client-id.apps.googleusercontent.com");
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/google`);
    expect(url.searchParams.get("state")).toBeTruthy();
    await page.close();
  });
});
