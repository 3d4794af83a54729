import type { Browser, BrowserContext, Page } from "playwright-core";
import type { NewEnquiryRow } from "~/db/schema";
import type { StaffRole } from "~/modules/staff/staff-roles";
import { signInAs, type TestStaff } from "../support/auth";
import type { TestServer } from "../support/server";
import { withDatabase } from "./leads-helpers";

/*
 * Shared by the staff inbox's browser tests (leads-inbox.*.test.ts): the inbox against a known
 * set of enquiries: 25 ordinary ones an hour apart (the newest last) and 3 held back as spam.
 */

const STATUSES = ["new", "contacted", "qualified", "closed"] as const;
const FIRST_NAMES = ["Aarav", "bina", "Chetan", "Divya", "Esha"];
const COMPANIES = ["Acme Analytics", "Banyan Bank", "Cedar Health", "acme robotics", "Delta Law"];

export function seedRows(): NewEnquiryRow[] {
  const rows: NewEnquiryRow[] = [];
  for (let i = 0; i < 25; i++) {
    const firstName = FIRST_NAMES[i % 5]!;
    const lastName = `Person${String(i).padStart(2, "0")}`;
    rows.push({
      id: `enq_seed_${String(i).padStart(2, "0")}`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      email: i === 7 ? "someone@acme.example" : `person${i}@example.com`,
      company: i === 3 ? '=HYPERLINK("http://evil.example","Click")' : COMPANIES[i % 5]!,
      title: "HR Lead",
      phone: i % 2 === 0 ? `+91 98100 000${String(i).padStart(2, "0")}` : "",
      companySize: "51-200",
      industry: "technology",
      service: "equity",
      timeline: "short",
      message: i === 3 ? 'He said "call me"\nafter lunch' : `Message ${i}`,
      newsletter: i % 3 === 0,
      submittedAt: new Date(Date.UTC(2026, 1, 1, 8) + i * 3_600_000).toISOString(),
      status: STATUSES[i % 4]!,
      source: "contact_form",
      spamReason: null,
      updatedAt: null,
    });
  }
  for (let i = 0; i < 3; i++) {
    rows.push({
      ...rows[0]!,
      id: `enq_spam_${i}`,
      firstName: "Spammy",
      lastName: `Bot${i}`,
      fullName: `Spammy Bot${i}`,
      email: `bot${i}@spam.example`,
      company: "Cheap Pills",
      submittedAt: new Date(Date.UTC(2026, 1, 3) + i * 60_000).toISOString(),
      status: "new",
      spamReason: i === 0 ? "honeypot" : "too_fast",
    });
  }
  return rows;
}

/** Text order as the database sorts lower-cased text (code points). */
export const byLowerCase = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The names in the table, top to bottom. */
export const namesInTable = (page: Page) =>
  page.locator("table tbody tr td:first-child").allTextContents();

/**
 * Before each inbox test: the seeded enquiries again, and a fresh signed-in editor (or, for
 * what only admins do, such as erasing a person, an admin) in a new browser context (the
 * previous test's context closed).
 */
export async function freshInbox(
  server: TestServer,
  browser: Browser,
  previous: BrowserContext | undefined,
  role: StaffRole = "editor",
): Promise<{ context: BrowserContext; staff: TestStaff; page: Page }> {
  await withDatabase(server, async (db) => {
    await db.deleteFrom("enquiries").execute();
    await db.insertInto("enquiries").values(seedRows()).execute();
  });
  await previous?.close();
  const context = await browser.newContext({ acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  const staff = await signInAs(context, server, role);
  const page = await context.newPage();
  return { context, staff, page };
}
