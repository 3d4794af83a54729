import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { withDatabase } from "./leads-helpers";

/* Shared by the enquiry form's browser tests (leads-contact.*.test.ts). */

/** The server (trusting the proxy header, so each test posts from an address of its own for the
 * rate limits) and the browser the file's tests share. */
export async function openContactSite(): Promise<{ server: TestServer; browser: Browser }> {
  const server = await startServer({ TRUST_PROXY: "true" });
  try {
    return { server, browser: await launchBrowser() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The enquiries stored from one address (tests tell theirs apart by e-mail). */
export const enquiriesFrom = (server: TestServer, email: string) =>
  withDatabase(server, (db) =>
    db.selectFrom("enquiries").selectAll().where("email", "=", email).execute(),
  );

export const sendButton = (page: Page) =>
  page.getByRole("button", { name: /^(Send Message|Sending\.\.\.)$/ });
