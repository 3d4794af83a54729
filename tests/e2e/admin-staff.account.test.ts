import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, signInCookie } from "../support/auth";
import type { TestServer } from "../support/server";
import { startSite, stillSignedIn, toast } from "./admin-staff-kit";

/* One's own account (password, sessions), and the admin as an editor sees it. */

describe("staff administration", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startSite());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe("my account", () => {
    it("changes the password after checking the current one, signing out other sessions", async () => {
      const context = await browser.newContext();
      const me = await signInAs(context, server, "editor");
      const otherDevice = await signInCookie(server, me);
      const mine = await context.newPage();
      await mine.goto(`${server.url}/admin/account`);
      const sessions = mine.getByRole("region", { name: "Where you are signed in" });
      await sessions.getByText("This session").waitFor();
      await expect(sessions.getByRole("listitem").count()).resolves.toBe(2);

      await mine.getByLabel("Current password").fill("not my password at all");
      await mine.locator('input[name="password"]').fill("copper meadow signal 5");
      await mine.locator('input[name="confirmPassword"]').fill("copper meadow signal 5");
      await mine.getByRole("button", { name: "Change password" }).click();
      await mine.getByText("The current password is not correct").waitFor();

      await mine.getByLabel("Current password").fill(me.password);
      await mine.locator('input[name="password"]').fill("copper meadow signal 5");
      await mine.locator('input[name="confirmPassword"]').fill("copper meadow signal 5");
      await mine.getByRole("button", { name: "Change password" }).click();
      await toast(mine, "Password changed successfully! 1 other session was signed out.").waitFor();
      expect(await stillSignedIn(server, otherDevice)).toBe(false);
      await mine.reload();
      await mine.getByRole("heading", { name: "My account" }).waitFor();
      expect(
        (await signInCookie(server, { ...me, password: "copper meadow signal 5" })).length,
      ).toBeGreaterThan(0);
      await context.close();
    });

    it("lists one's sessions and signs one out", async () => {
      const context = await browser.newContext();
      const me = await signInAs(context, server, "editor");
      const laptop = await signInCookie(server, me);
      const mine = await context.newPage();
      await mine.goto(`${server.url}/admin/account`);
      await mine.getByRole("button", { name: /^Sign out .+ signed in/ }).click();
      await toast(mine, "Session signed out successfully!").waitFor();
      expect(await stillSignedIn(server, laptop)).toBe(false);
      await expect
        .poll(() => mine.getByRole("button", { name: /^Sign out .+ signed in/ }).count())
        .toBe(0);
      await context.close();
    });
  });

  describe("as an editor", () => {
    it("sees no Users or Settings, and gets 403 there", async () => {
      const context = await browser.newContext();
      await signInAs(context, server, "editor");
      const editorPage = await context.newPage();
      await editorPage.goto(`${server.url}/admin/dashboard`);
      const nav = editorPage.getByRole("navigation", { name: "Admin" }).first();
      await expect(nav.getByRole("link").allTextContents()).resolves.toEqual([
        "Dashboard",
        "Enquiries",
        "Bookings",
        "Services",
        "Content",
        "Social proof",
        "Careers",
        "Applications",
        "Insights",
        "Resources",
        "Media",
        "Redirects",
        "Subscribers",
        "People",
        "Consents",
        "Privacy requests",
        "Breaches",
        "Activity",
      ]);
      await expect(editorPage.getByRole("link", { name: "Manage users" }).count()).resolves.toBe(0);
      const response = await editorPage.goto(`${server.url}/admin/settings`);
      expect(response?.status()).toBe(403);
      await editorPage
        .getByRole("heading", { name: "You do not have permission to see this page" })
        .waitFor();
      // Still inside the admin layout, with a way back.
      await editorPage.getByRole("link", { name: "Back to the dashboard" }).click();
      await editorPage.waitForURL(`${server.url}/admin/dashboard`);
      await context.close();
    });
  });
});
