import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { signInAs } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { backdateFormToken, fillEnquiry, freshAddress, withDatabase } from "./leads-helpers";
import { waitForHydration } from "./public-support";

/*
 * Where a lead came from (issue 26), in a browser: a visitor arrives from a campaign link, moves
 * around the site, sends the enquiry form and books a consultation, with and without
 * JavaScript; staff see the campaign on each record and filter the lists by it. The cookie is a
 * header: a stored page's body is the same with it, without it and on the campaign arrival.
 */

const CAMPAIGN_LINK = "/?utm_source=linkedin&utm_campaign=q4-rewards";

async function visitor(browser: Browser, javaScript: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
    viewport: { width: 1280, height: 900 },
    timezoneId: "Asia/Kolkata",
  });
  context.setDefaultTimeout(15_000);
  return context;
}

const leadCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "lead_source");

const bookingForm = (page: Page) => page.getByRole("form", { name: "Booking form" });

describe("lead sources in a browser", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    browser = await launchBrowser();
    await withDatabase(server, async (db) => {
      await consultantFixture(db, { name: "Asha Rao" });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function arriveFromCampaign(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto(`${server.url}${CAMPAIGN_LINK}`);
    const cookie = await leadCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // 90 days, give or take the test's own minutes.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    // Moving around the site (a link from the site itself) leaves it as it was.
    await page.goto(`${server.url}/about`, { referer: `${server.url}/` });
    expect((await leadCookie(context))?.value).toBe(cookie?.value);
    return page;
  }

  async function sendEnquiry(page: Page, javaScript: boolean, email: string) {
    await page.goto(`${server.url}/contact`, { referer: `${server.url}/about` });
    if (javaScript) await waitForHydration(page);
    await fillEnquiry(page, { firstName: "Meera", lastName: "Campaign", email, company: "Q4 Co" });
    await backdateFormToken(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Thank You!").first().waitFor();
  }

  async function book(page: Page, javaScript: boolean, email: string, lastName: string) {
    await page.goto(`${server.url}/book`, { referer: `${server.url}/contact` });
    if (javaScript) await waitForHydration(page);
    await page.getByText("Times are shown in India Standard Time (IST)").waitFor();
    const radio = javaScript
      ? bookingForm(page)
          .getByRole("group", { name: /^Times on / })
          .getByRole("radio")
          .first()
      : bookingForm(page).locator("[data-slot-list] fieldset").first().getByRole("radio").first();
    await radio.check();
    for (const [label, value] of Object.entries({
      "First Name": "Meera",
      "Last Name": lastName,
      "Email Address": email,
      Company: "Q4 Co",
    })) {
      await bookingForm(page)
        .getByLabel(new RegExp(`^${label}( \\*)?$`))
        .fill(value);
    }
    await backdateFormToken(page);
    await bookingForm(page).getByRole("button", { name: "Book Consultation" }).click();
    await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);
  }

  const sourceOf = (column: "enquiryId" | "bookingId", id: string) =>
    withDatabase(server, (db) =>
      db.selectFrom("leadSources").selectAll().where(column, "=", id).executeTakeFirst(),
    );

  for (const javaScript of [false, true]) {
    const kind = javaScript ? "js" : "nojs";
    it(`keeps the campaign from the link through an enquiry and a booking (${javaScript ? "with" : "without"} JavaScript)`, async () => {
      const context = await visitor(browser, javaScript);
      const page = await arriveFromCampaign(context);
      await sendEnquiry(page, javaScript, `meera.${kind}@example.com`);
      await book(page, javaScript, `meera.book.${kind}@example.com`, `Booker ${kind}`);
      const { enquiry, booking } = await withDatabase(server, async (db) => ({
        enquiry: await db
          .selectFrom("enquiries")
          .select("id")
          .where("email", "=", `meera.${kind}@example.com`)
          .executeTakeFirstOrThrow(),
        booking: await db
          .selectFrom("bookings")
          .select("id")
          .where("visitorEmail", "=", `meera.book.${kind}@example.com`)
          .executeTakeFirstOrThrow(),
      }));
      for (const stored of [
        await sourceOf("enquiryId", enquiry.id),
        await sourceOf("bookingId", booking.id),
      ]) {
        expect(stored).toMatchObject({
          firstSource: "linkedin",
          firstCampaign: "q4-rewards",
          firstLanding: "/",
          latestCampaign: "q4-rewards",
        });
      }
      await context.close();
    });
  }

  it("stores no source for a visitor who came straight to the site", async () => {
    const context = await visitor(browser, false);
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    expect(await leadCookie(context)).toBeUndefined();
    await sendEnquiry(page, false, "direct@example.com");
    await context.close();
  });

  it("shows staff the campaign on each record and filters the lists by it, without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(15_000);
    await signInAs(context, server, "admin");
    const page = await context.newPage();

    await page.goto(`${server.url}/admin/enquiries`);
    const filters = page.getByRole("search", { name: "Search and sort enquiries" });
    await filters.getByLabel("Source").selectOption("linkedin");
    await filters.getByLabel("Campaign").selectOption("q4-rewards");
    await filters.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/source=linkedin/);
    expect(page.url()).toContain("campaign=q4-rewards");
    const list = page.locator("main");
    for (const email of ["meera.nojs@example.com", "meera.js@example.com"]) {
      await list.getByText(email).first().waitFor();
    }
    expect(await list.getByText("direct@example.com").count()).toBe(0);

    const { enquiryId, bookingId } = await withDatabase(server, async (db) => ({
      enquiryId: (
        await db
          .selectFrom("enquiries")
          .select("id")
          .where("email", "=", "meera.nojs@example.com")
          .executeTakeFirstOrThrow()
      ).id,
      bookingId: (
        await db
          .selectFrom("bookings")
          .select("id")
          .where("visitorEmail", "=", "meera.book.js@example.com")
          .executeTakeFirstOrThrow()
      ).id,
    }));
    for (const path of [`/admin/enquiries/${enquiryId}`, `/admin/bookings/${bookingId}`]) {
      await page.goto(`${server.url}${path}`);
      const panel = page.getByRole("region", { name: "Where they came from" });
      await panel.getByText("First visit").waitFor();
      expect(await panel.textContent()).toContain("q4-rewards");
      expect(await panel.textContent()).toContain("linkedin");
    }

    await page.goto(`${server.url}/admin/bookings?source=linkedin&campaign=q4-rewards`);
    for (const name of ["Meera Booker nojs", "Meera Booker js"]) {
      await page.locator("main").getByText(name).first().waitFor();
    }
    await page.goto(`${server.url}/admin/bookings?campaign=another`);
    expect(await page.locator("main").getByText("Meera Booker js").count()).toBe(0);
    await context.close();
  });

  it("keeps a stored page's body and cache: the same bytes with the cookie, without it and on arrival", async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        headers: { accept: "text/html", "accept-encoding": "identity", ...headers },
      });
    await get("/about"); // stored
    const plain = await get("/about");
    const arrival = await get("/about?utm_source=linkedin&utm_campaign=q4-rewards", {
      referer: "https://www.linkedin.com/",
    });
    const setCookie = arrival.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^lead_source=1\./);
    const withCookie = await get("/about", { cookie: setCookie.split(";")[0] ?? "" });
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(arrival.headers.get("x-cache")).toBe("HIT");
    expect(withCookie.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("set-cookie")).toBeNull();
    expect(withCookie.headers.get("set-cookie")).toBeNull();
    const body = await plain.text();
    expect(await arrival.text()).toBe(body);
    expect(await withCookie.text()).toBe(body);
    expect(body).not.toContain("q4-rewards");
  });
});
