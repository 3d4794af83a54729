import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

describe("the sign-in helper for browser tests", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const role of ["admin", "editor"] as const) {
    it(`gives a browser context a real ${role} session`, async () => {
      const context = await browser.newContext();
      const staff = await signInAs(context, server, role);
      const response = await context.request.get(`${server.url}/api/auth/get-session`);
      const session = await response.json();
      expect(session.user.username).toBe(staff.username);
      expect(session.user.role).toBe(role);
      const cookies = await context.cookies(server.url);
      expect(cookies.find((c) => c.name.endsWith("session_token"))?.httpOnly).toBe(true);
      await context.close();
    });
  }

  it("leaves a fresh context signed out", async () => {
    const context = await browser.newContext();
    const response = await context.request.get(`${server.url}/api/auth/get-session`);
    expect(await response.json()).toBeNull();
    await context.close();
  });
});
