import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { AdminDesk, type JourneyWorld } from "./journeys-forms";
import { firstAdminEnv, type JourneySite } from "./journeys-site";
import { startSmtpServer } from "./smtp-server";

/** A journeys file's world: the shipped start, its mail catcher, a browser and the signed-in admin. */
export interface Journey {
  site: JourneySite;
  world: JourneyWorld;
  close(): Promise<void>;
}

/**
 * Starts the site as the README does (`start` is startSqliteSite or startPostgresSite), with the
 * first admin from ADMIN_* and mail to a local SMTP server, and signs the admin in.
 */
export async function startJourney(
  start: (env: Record<string, string>) => Promise<JourneySite>,
  run: string,
): Promise<Journey> {
  const smtp = await startSmtpServer();
  let site: JourneySite | undefined;
  let browser: Browser | undefined;
  let admin: AdminDesk | undefined;
  const close = async () => {
    await admin?.close();
    await browser?.close();
    await site?.stop();
    await smtp.stop();
  };
  try {
    site = await start({ ...firstAdminEnv(), SMTP_URL: smtp.url });
    browser = await launchBrowser();
    admin = await AdminDesk.signIn(browser, site.url);
    return { site, world: { url: site.url, browser, smtp, admin, run }, close };
  } catch (error) {
    await close();
    throw error;
  }
}
