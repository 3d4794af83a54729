import type { Browser, Page } from "playwright-core";
import { openDatabase } from "~/db/client.server";
import { signInAs, type TestStaff } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

/* Shared by the staff administration browser tests (admin-staff.*.test.ts). */

/** The server and browser a file's tests share. */
export async function startSite(): Promise<{ server: TestServer; browser: Browser }> {
  const server = await startServer();
  try {
    return { server, browser: await launchBrowser() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** An admin signed in, in a desktop-sized context of their own, and their page. */
export async function signedInAdmin(
  browser: Browser,
  server: TestServer,
): Promise<{ admin: TestStaff; page: Page }> {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await signInAs(adminContext, server, "admin");
  const page = await adminContext.newPage();
  return { admin, page };
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator("li[data-tone]").filter({ hasText: text }).last();

/** Whether a session cookie still opens the admin. */
export async function stillSignedIn(server: TestServer, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/admin/account`, {
    headers: { cookie },
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status === 200;
}

export async function withDatabase<T>(
  server: TestServer,
  use: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>,
) {
  const database = openDatabase(server.databaseUrl);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
