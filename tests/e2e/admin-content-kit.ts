import type { Browser, Page } from "playwright-core";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/* Shared by the content managers' browser tests (admin-content.*.test.ts). */

/** The server and browser a file's tests share, and an editor's page, signed in. */
export async function openAsEditor(): Promise<{
  server: TestServer;
  browser: Browser;
  page: Page;
}> {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(context, server, "editor");
    return { server, browser, page: await context.newPage() };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** The latest toast with this text (an earlier one with the same text may still be showing). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("li[data-tone]").filter({ hasText: text }).last();

export const publicHtml = async (server: TestServer, path: string) =>
  (await fetch(`${server.url}${path}`)).text();
