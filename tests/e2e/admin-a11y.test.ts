import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeTable from "~/routes";
import { signInAs } from "../support/auth";
import { axeFindings } from "../support/axe";
import { launchBrowser, openAdminPage, waitForAdminHydration } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/*
 * Accessibility of the admin: axe (every rule it runs by default) finds nothing on any admin
 * page, with its dialogs and menus open too, on a desktop and on a 360 px phone; nothing scrolls
 * sideways on the phone.
 */

/** Every admin page without a parameter in its path, from the route table (app/routes.ts). */
function tablePages(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const own =
      (entry.path !== undefined || entry.index) &&
      /^admin\//.test(path) &&
      !/[:*]/.test(path) &&
      !/^admin\/(login|setup|logout|unlock)$/.test(path) &&
      /export\s+default\b/.test(readFileSync(join("app", entry.file), "utf8"))
        ? [`/${path}`]
        : [];
    return [...own, ...tablePages(entry.children ?? [], path)];
  });
}

/** The route table's pages, plus the states of pages that only a query opens. */
const ADMIN_PAGES = [
  ...tablePages(routeTable as RouteConfigEntry[]),
  "/admin/dashboard",
  "/admin/services",
  "/admin/services?edit=equity",
  "/admin/content",
  "/admin/content?page=services&edit=1",
  "/admin/careers",
  "/admin/careers?new=1",
  "/admin/users",
  "/admin/settings",
  "/admin/activity",
  "/admin/account",
].filter((path, index, all) => all.indexOf(path) === index);

describe("admin accessibility", () => {
  let server: TestServer;
  let browser: Browser;
  let desktop: BrowserContext;
  let phone: BrowserContext;
  /*
   * One tab per width, which every page test below navigates: a new tab is a new renderer
   * process, whose start cost Chromium as much CPU as the admin page loaded in it, and the tab
   * reused loads and checks a page in half the time (decision 0080); through the app's router,
   * a third of that again (decision 0092). Each test starts with a navigation, so none sees
   * what the one before left on screen.
   */
  let desktopTab: Page;
  let phoneTab: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signInAs(desktop, server, "admin");
    await signInAs(phone, server, "admin");
    desktopTab = await desktop.newPage();
    phoneTab = await phone.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("finds nothing on the login, setup and unlock pages", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.waitForLoadState("networkidle");
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Enter your username").waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.goto(`${server.url}/admin/setup?token=not-valid`);
    expect(await axeFindings(page)).toEqual([]);
    await page.goto(`${server.url}/admin/unlock?token=not-valid`);
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });

  /**
   * Opens an admin page and waits until it is ready: hydrated, or, for a draft's preview (the
   * public page as the public layout draws it, which does not hydrate), its banner shown.
   */
  async function openPage(page: Page, path: string) {
    if (path.endsWith("/preview")) {
      await page.goto(`${server.url}${path}`);
      await page.getByText("Preview for staff.").waitFor();
    } else await openAdminPage(page, `${server.url}${path}`);
  }

  /*
   * The tabs reach most pages through the app's router, as staff do (openAdminPage): so each
   * page is also asked for whole here, as a first visit or a reload gets it from the server.
   */
  it.each(ADMIN_PAGES)("serves %s drawn whole on the server", async (path) => {
    const cookie = (await desktop.cookies(server.url))
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(
      path.endsWith("/preview") ? /Preview for staff\./ : /id="admin-main"/,
    );
    expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  });

  // One test per page, so that the time allowed does not grow with the number of pages.
  it.each(ADMIN_PAGES)("finds nothing on %s on a desktop", async (path) => {
    await openPage(desktopTab, path);
    expect(await axeFindings(desktopTab), path).toEqual([]);
  });

  /*
   * The walks above rely on openAdminPage drawing each page through the router in the tab's
   * first document, and on its saying so when the router loads a page instead (decision 0092).
   */
  it("walks admin pages through the router in one document, and says so when a page is loaded instead", async () => {
    const page = await desktop.newPage();
    try {
      await openAdminPage(page, `${server.url}/admin/dashboard`);
      await page.evaluate(() => {
        (window as unknown as { firstDocument: true }).firstDocument = true;
      });
      await openAdminPage(page, `${server.url}/admin/careers`);
      await page.getByRole("heading", { level: 1, name: "Careers" }).waitFor();
      // The router drew /admin/careers in the document the tab loaded first.
      expect(await page.evaluate(() => "firstDocument" in window)).toBe(true);
      // What React Router does when it cannot fetch a route's module, or the build changed: it
      // loads the address as a new document.
      await page.evaluate(() => {
        const app = window as unknown as { __reactRouterDataRouter: { navigate: unknown } };
        app.__reactRouterDataRouter.navigate = (to: string) => {
          location.assign(to);
          return new Promise(() => {});
        };
      });
      await expect(openAdminPage(page, `${server.url}/admin/dashboard`)).rejects.toThrow(
        "/admin/dashboard was not drawn through the router: loaded again",
      );
    } finally {
      await page.close();
    }
  });

  it("finds nothing with a confirmation dialog, the account menu or an error message open", async () => {
    const page = await desktop.newPage();
    await page.goto(`${server.url}/admin/services`);
    await waitForAdminHydration(page);
    await page.getByRole("button", { name: "Reset to defaults" }).click();
    await page.getByRole("alertdialog").waitFor();
    expect(await axeFindings(page), "dialog").toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menu").waitFor();
    expect(await axeFindings(page), "menu").toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto(`${server.url}/admin/settings`);
    await page.getByLabel("Site name").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Site name is required").waitFor();
    await page.locator("li[data-tone]").first().waitFor();
    expect(await axeFindings(page), "errors and toast").toEqual([]);
    await page.close();
  });

  it.each(ADMIN_PAGES)(
    "fits %s on a 360 px phone: no sideways scrolling, and nothing for axe",
    async (path) => {
      await openPage(phoneTab, path);
      const overflow = await phoneTab.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await axeFindings(phoneTab), path).toEqual([]);
    },
  );

  it("has a working menu on a 360 px phone that closes on navigation", async () => {
    const page = await phone.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByText("Menu", { exact: true }).click();
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Careers" })
      .click();
    await page.waitForURL(`${server.url}/admin/careers`);
    await page.getByRole("heading", { name: "Careers", level: 1 }).waitFor();
    // The menu closes on navigation.
    await expect(
      page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Careers" })
        .isVisible(),
    ).resolves.toBe(false);
    await page.close();
  });

  it("can be used with the keyboard alone: skip link, dialog focus and Escape", async () => {
    const page = await desktop.newPage();
    await page.goto(`${server.url}/admin/careers?new=1`);
    await waitForAdminHydration(page);
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      "Skip to content",
    );
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => location.hash)).resolves.toBe("#admin-main");

    await page.getByLabel("Job title").fill("Keyboard Role");
    await page.getByLabel("Location").fill("Delhi");
    await page.getByLabel("Description", { exact: true }).fill("Typed only.");
    await page.getByRole("button", { name: "Add Position" }).focus();
    await page.keyboard.press("Enter");
    const remove = page.getByRole("button", { name: "Delete Keyboard Role" });
    await remove.waitFor();
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    // Focus moves into the dialog; Escape closes it and gives focus back.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[role=alertdialog]") !== null),
      )
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // Radix gives focus back on the task after the dialog unmounts, so wait for it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Delete Keyboard Role");
    await page.close();
  });
});
