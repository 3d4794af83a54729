import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { type DB, openDatabase } from "~/db/client.server";
import type { StaffRole } from "~/modules/auth/auth.server";
import { bumpContentVersion } from "~/modules/commands/content-version.server";
import { issueFormToken } from "~/modules/forms/spam-defence.server";
import { signInAs } from "../support/auth";
import { runAxe, WCAG_22_AA_TAGS } from "../support/axe";
import { animationsEnded } from "../support/browser";
import { TEST_AUTH_SECRET, type TestServer } from "../support/server";

/* Shared by the leads browser tests (tests/e2e/leads-*.test.ts). */

/** The enquiry form refuses posts made sooner than this after the form was rendered. */
export const FILL_TIME_MS = 3_200;

let nextAddress = 10;
/**
 * A client address of its own for each browser context (sent as X-Forwarded-For to a server
 * started with TRUST_PROXY=true), so the per-address rate limits of one test do not touch another.
 */
export function freshAddress(): string {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

export async function newVisitor(
  browser: Browser,
  options: { javaScript?: boolean; address?: string; width?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": options.address ?? freshAddress() },
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  context.setDefaultTimeout(10_000);
  return context;
}

/**
 * `make` run at the first call and its result handed out at every later one (made again if it
 * failed): for what the tests of a file can share without seeing each other's work, such as a
 * signed-in staff tab or a visitor's tab at one width that each test navigates itself. A new
 * context and tab cost Chromium a renderer's start, as much CPU as the page loaded in it
 * (decisions 0080 and 0081).
 */
export function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

/**
 * A file's visitors on shared tabs: `visitorTab({ javaScript, width })` hands out the file's tab
 * of that kind (made at its first use) as a new visitor's each time (`asNewVisitor`), for a test
 * that loads its own page first. A new context and tab cost Chromium a renderer's start, about
 * as much as the page loaded in it; a context reused with a new tab saves nothing (decisions
 * 0080 and 0093). `visitor: 2` is a second visitor of the same kind, for a test with two at
 * once. The tabs close with the browser's connection. A test about a first visit (an empty
 * cache) or needing a context of its own (a time zone, a route) makes its own.
 */
export function sharedVisitorTabs(browser: () => Browser) {
  const tabs = new Map<string, () => Promise<Page>>();
  return async (
    options: { javaScript?: boolean; width?: number; visitor?: number } = {},
  ): Promise<Page> => {
    const { javaScript = true, width = 1280, visitor = 1 } = options;
    const key = `${javaScript} ${width} ${visitor}`;
    let tab = tabs.get(key);
    if (!tab) {
      tab = madeOnce(async () => (await newVisitor(browser(), { javaScript, width })).newPage());
      tabs.set(key, tab);
    }
    return asNewVisitor(await tab());
  };
}

/**
 * A shared visitor's tab as a new visitor's: no cookie from the tests before (the lead-source
 * cookie above all), and from here on a client address of its own (see `freshAddress`), so that
 * the per-address limits of one test do not touch another's.
 */
export async function asNewVisitor(page: Page): Promise<Page> {
  await page.context().clearCookies();
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": freshAddress() });
  return page;
}

/** A tab in a new context signed in as `role` (closed with the browser's connection). */
export async function signedInTab(
  browser: Browser,
  server: TestServer,
  role: StaffRole,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  await signInAs(context, server, role);
  return context.newPage();
}

/** Like `withServerDb` (public-support.ts): a direct write raises the public content version. */
export async function withDatabase<T>(server: TestServer, use: (db: DB) => Promise<T>): Promise<T> {
  const database = openDatabase(server.databaseUrl);
  try {
    const result = await use(database.db);
    await bumpContentVersion(database.db);
    return result;
  } finally {
    await database.close();
  }
}

/** Opens a page and returns it with the time it loaded (the form's token is that old). */
export async function openPage(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  return { page, loadedAt: Date.now() };
}

/** Waits until a person could have filled in the form loaded at `loadedAt`. */
export async function waitFillTime(loadedAt: number): Promise<void> {
  const left = loadedAt + FILL_TIME_MS - Date.now();
  if (left > 0) await new Promise((done) => setTimeout(done, left));
}

/**
 * A form token signed with the test servers' secret and dated `FILL_TIME_MS` ago: what a person
 * who took their time would send. Tests use it instead of waiting out the minimum fill time.
 */
export const backdatedFormToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() - FILL_TIME_MS);

/**
 * Gives the enquiry form on `page` a back-dated token, as if the visitor had taken their time.
 * Set through the DevTools protocol, so it works with the page's JavaScript off too. The tests of
 * the token itself (the one the page came with, or fetched after a client-side navigation) wait
 * instead, since that token is what they check.
 */
export async function backdateFormToken(page: Page): Promise<void> {
  await setFormToken(page, backdatedFormToken());
}

/**
 * A form token dated a minute ahead: sent within the next minute it counts as sent sooner than
 * a person fills the form in, however slow the machine (what autofill or a fast typist sends).
 */
export const tooFastFormToken = () => issueFormToken(TEST_AUTH_SECRET, Date.now() + 60_000);

/** Puts `token` in the enquiry form's token field (DevTools protocol: works without JS too). */
export async function setFormToken(page: Page, token: string): Promise<void> {
  await page.locator('input[name="formToken"]').evaluate((input, value) => {
    (input as HTMLInputElement).value = value;
  }, token);
}

export interface EnquiryFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  company?: string;
  title?: string;
  phone?: string;
  message?: string;
}

/** An enquiry form control by its label's exact text, a trailing " *" (required) allowed. */
export function field(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page
    .getByRole("form", { name: "Enquiry form" })
    .getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** Types into the enquiry form's text fields by their labels. */
export async function fillEnquiry(page: Page, fields: EnquiryFields): Promise<void> {
  const labels: Record<keyof EnquiryFields, string> = {
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email Address",
    company: "Company",
    title: "Job Title",
    phone: "Phone Number",
    message: "Message",
  };
  for (const [name, value] of Object.entries(fields) as [keyof EnquiryFields, string][]) {
    await field(page, labels[name]).fill(value);
  }
}

export const VALID_ENQUIRY: Required<
  Pick<EnquiryFields, "firstName" | "lastName" | "email" | "company">
> = {
  firstName: "Priya",
  lastName: "Nair",
  email: "priya.nair@example.com",
  company: "Lotus Fintech",
};

/** The text of the element an input's aria-describedby points to ("" when there is none). */
export async function describedText(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  const ids = (await input.getAttribute("aria-describedby")) ?? "";
  const texts: string[] = [];
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    texts.push((await page.locator(`[id="${id}"]`).textContent()) ?? "");
  }
  return texts.join(" ").trim();
}

/** A form token from the server, the way the form gets one after a client-side navigation. */
export async function fetchFormToken(server: TestServer, address: string): Promise<string> {
  const response = await fetch(`${server.url}/api/enquiries/token`, {
    headers: { "X-Forwarded-For": address },
  });
  return ((await response.json()) as { token: string }).token;
}

/**
 * The WCAG 2.2 A/AA problems axe-core finds in the page (or in the element `within` selects),
 * as "rule: target" lines, so a failure says what is wrong and where.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // A page reached by a client-side navigation fades in (app.css, page-enter).
  await animationsEnded(page);
  const violations = await runAxe(page, { tags: WCAG_22_AA_TAGS, within });
  return violations.flatMap((v) => v.targets.map((target) => `${v.id}: ${target}`));
}

/** True when the page is wider than the window (something sticks out sideways). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
