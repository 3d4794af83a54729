import type { Browser } from "playwright-core";
import { expect } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { careerInputSchema } from "~/modules/careers/career.schema";
import { createCareer } from "~/modules/careers/careers.server";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/settings/settings.server";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { PUBLIC_PATHS, withServerDb } from "./public-support";

/**
 * The site the public budgets are measured on (public-budgets.*.test.ts, issue 3): a built
 * server with one active posting, and a browser. Two files share the work so that the two
 * browser-test workers measure in parallel.
 */
/** Every public page, the posting's page (its address is the slug of its title), /book and a 404. */
export const BUDGET_PATHS = [
  ...PUBLIC_PATHS,
  "/careers/total-rewards-consultant",
  // Rendered per request (free times), so not in PUBLIC_PATHS, which the page cache test walks.
  "/book",
  "/no-such-page",
];

export interface BudgetSite {
  server: TestServer;
  browser: Browser;
  stop(): Promise<void>;
}

export async function startBudgetSite(): Promise<BudgetSite> {
  const server = await startServer();
  const browser = await launchBrowser();
  const posting = await withServerDb(server, (db) =>
    createCareer(
      db,
      careerInputSchema.parse({
        title: "Total Rewards Consultant",
        department: "Consulting",
        location: "New Delhi",
        type: "Full-time",
        experience: "4-7 years",
        salary: "₹18-24 LPA",
        description: "Lead reward design engagements for growing companies.",
        requirements: ["Compensation design experience"],
        responsibilities: ["Lead client workshops"],
        benefits: ["Learning budget"],
        status: "active",
      }),
    ),
  );
  expect(posting.id).toBe("total-rewards-consultant");
  // With a WhatsApp number, so the budgets cover the floating chat button on phones too.
  await withServerDb(server, async (db) =>
    saveGeneralSettings(db, {
      ...(await getGeneralSettings(db)),
      whatsappNumber: "+91 98765 43210",
    }),
  );
  // A consultant with weekday hours, so /book is measured with its free times listed.
  await withServerDb(server, (db) => consultantFixture(db, { name: "Budget Consultant" }));
  return {
    server,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}
