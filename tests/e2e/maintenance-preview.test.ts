import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { NEWSLETTER_CONSENT_TEXT } from "~/modules/newsletter/newsletter-form";
import { DEFAULT_GENERAL_SETTINGS } from "~/modules/settings/settings.defaults";
import { saveGeneralSettings } from "~/modules/settings/settings.server";
import { createStaff, signInAs, signInCookie } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { tagTexts, withServerDb } from "./public-support";

/*
 * Maintenance mode with a preview for staff, through the built server's front door (and so its
 * page cache): signed-in staff see the live site with a banner, everyone else the 503 page, and
 * nothing a member of staff was shown is ever answered to a visitor.
 */
const BANNER = "Maintenance mode is on";
const MAINTENANCE_HEADING = "We'll be back soon";

describe("maintenance mode: staff preview", () => {
  let server: TestServer;
  let browser: Browser;
  let adminCookie: string;
  let editorCookie: string;

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    server = await startServer();
    adminCookie = await signInCookie(server, await createStaff(server, "admin"));
    editorCookie = await signInCookie(server, await createStaff(server, "editor"));
    // Pages stored before maintenance starts must not be answered during it either.
    for (const path of ["/", "/about"]) await get(path);
    await withServerDb(server, (db) =>
      saveGeneralSettings(db, { ...DEFAULT_GENERAL_SETTINGS, maintenanceMode: true }),
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function expectMaintenancePage(path: string, cookie?: string) {
    const response = await get(path, cookie);
    expect(response.status, path).toBe(503);
    const html = await response.text();
    expect(tagTexts(html, "h1")).toEqual([MAINTENANCE_HEADING]);
    expect(html).not.toContain(BANNER);
  }

  it("shows signed-in staff of any role the live site with a banner, never stored", async () => {
    for (const [cookie, isAdmin] of [
      [editorCookie, false],
      [adminCookie, true],
    ] as const) {
      for (const path of ["/", "/about", "/services"]) {
        const response = await get(path, cookie);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("x-cache")).toBe("MISS");
        expect(response.headers.get("cache-control")).toBe("no-cache, private");
        expect(response.headers.get("retry-after")).toBeNull();
        const html = await response.text();
        expect(tagTexts(html, "h1")).not.toContain(MAINTENANCE_HEADING);
        expect(html).toContain(BANNER);
        expect(html.includes('href="/admin/settings"'), `settings link for admin: ${isAdmin}`).toBe(
          isAdmin,
        );
      }
      // Client-side navigations too.
      const data = await get("/about.data", cookie);
      expect(data.status).toBe(200);
    }
  });

  it("answers a visitor right after a staff preview with the 503 page, also from the cache path", async () => {
    for (const path of ["/", "/about", "/services", "/careers"]) {
      expect((await get(path, adminCookie)).status).toBe(200);
      await expectMaintenancePage(path);
      await expectMaintenancePage(path);
    }
    const data = await get("/about.data");
    expect(data.status).toBe(503);
  });

  it("answers a forged or expired staff cookie with the 503 page", async () => {
    await expectMaintenancePage("/", "better-auth.session_token=forged.signature");
    await expectMaintenancePage("/about", "__Secure-better-auth.session_token=forged.signature");
    const staff = await createStaff(server, "editor");
    const cookie = await signInCookie(server, staff);
    expect((await get("/", cookie)).status).toBe(200);
    await withServerDb(server, (db) =>
      db
        .updateTable("session")
        .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
        .where(
          "userId",
          "in",
          db.selectFrom("user").select("id").where("username", "=", staff.username),
        )
        .execute(),
    );
    await expectMaintenancePage("/", cookie);
  });

  it("shows the banner on screen, named for assistive technology", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      await signInAs(context, server, "admin");
      const page = await context.newPage();
      await page.goto(`${server.url}/about`);
      const banner = page.getByRole("region", { name: "Maintenance mode" });
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.textContent()).toContain("Visitors see the maintenance page");
      const box = await banner.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(740);
      await banner.getByRole("link", { name: /Settings/ }).click();
      await page.waitForURL(`${server.url}/admin/settings`);
    } finally {
      await context.close();
    }
  });

  it("keeps the way out of the newsletter open: the unsubscribe page and the one-click POST", async () => {
    const { subscriber } = await withServerDb(server, (db) =>
      subscribe(db, {
        email: "leaving.in.maintenance@example.com",
        source: "footer:/",
        consentText: NEWSLETTER_CONSENT_TEXT,
        confirmed: true,
      }),
    );
    const link = `/newsletter/unsubscribe?token=${subscriber.token}`;
    const page = await get(link);
    expect(page.status).toBe(200);
    expect(tagTexts(await page.text(), "h1")).not.toContain(MAINTENANCE_HEADING);
    // RFC 8058: the mail provider's POST, from its own servers.
    const oneClick = await fetch(`${server.url}${link}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await oneClick.text();
    const stored = await withServerDb(server, (db) =>
      db
        .selectFrom("newsletterSubscribers")
        .select("status")
        .where("id", "=", subscriber.id)
        .executeTakeFirst(),
    );
    expect(stored?.status).toBe("unsubscribed");
    // The rest of the site still answers 503.
    await expectMaintenancePage("/newsletter");
  });

  it("gives everyone the live site again once maintenance ends", async () => {
    await withServerDb(server, (db) => saveGeneralSettings(db, DEFAULT_GENERAL_SETTINGS));
    const visitor = await get("/about");
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).not.toContain(BANNER);
    expect(await (await get("/about", editorCookie)).text()).not.toContain(BANNER);
  });
});
