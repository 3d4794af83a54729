import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantFixture } from "~/modules/bookings/booking-fixtures";
import { checkFormToken } from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_PLACEHOLDER } from "~/web/form-token";
import { launchBrowser } from "../support/browser";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../support/server";
import { backdateFormToken, freshAddress, withDatabase } from "./leads-helpers";

/*
 * /book from the page cache (issue 25, decision 0049), on the server as the README starts it:
 * a stored copy per zone, each visitor's own token in its slot, and a time booked gone from the
 * very next page, however many copies were stored before.
 */

const tokenOf = (html: string) => /name="formToken" value="([^"]*)"/.exec(html)?.[1] ?? "";
const offered = (html: string) =>
  [...html.matchAll(/name="startsAt" value="([^"]+)"/g)].map((match) => match[1]);

describe("the booking page from the page cache", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "true" });
    browser = await launchBrowser();
    await withDatabase(server, (db) => consultantFixture(db, { name: "Kavya Iyer" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { "accept-encoding": "gzip" },
    });
    return { cache: response.headers.get("x-cache"), html: await response.text() };
  };

  it("is stored once per zone and gives each visitor a real token of their own", async () => {
    await get("/book");
    const first = await get("/book");
    const second = await get("/book?tz=Asia/Calcutta");
    expect(first.cache).toBe("HIT");
    expect(second.cache).toBe("HIT");
    expect(offered(first.html).length).toBeGreaterThan(0);
    const tokens = [tokenOf(first.html), tokenOf(second.html)];
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) {
      expect(token).not.toBe(FORM_TOKEN_PLACEHOLDER);
      expect(checkFormToken(TEST_AUTH_SECRET, token).ok).toBe(true);
    }
    expect(first.html).not.toContain(FORM_TOKEN_PLACEHOLDER);

    // Another zone is a copy of its own; a zone no one knows is the page in IST.
    expect((await get("/book?tz=Asia/Tokyo")).cache).toBe("MISS");
    const tokyo = await get("/book?tz=Asia/Tokyo");
    expect(tokyo.cache).toBe("HIT");
    expect(tokyo.html).toContain("Times are shown in");
    expect(tokyo.html).toContain("Asia/Tokyo");
    expect((await get("/book?tz=Nowhere/Atlantis")).cache).toBe("HIT");
  });

  it("offers a time booked without JavaScript no more, at once, in any zone", async () => {
    // Both copies stored before the booking.
    await get("/book");
    await get("/book?tz=Asia/Tokyo");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
    });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${server.url}/book`);
      expect(response?.headers()["x-cache"]).toBe("HIT");
      const form = page.getByRole("form", { name: "Booking form" });
      const radio = form.locator("[data-slot-list] fieldset").first().getByRole("radio").first();
      const startsAt = (await radio.getAttribute("value")) ?? "";
      expect(startsAt).not.toBe("");
      await radio.check();
      for (const [label, value] of Object.entries({
        "First Name": "Ravi",
        "Last Name": "Cached",
        "Email Address": "ravi.cached@example.com",
        Company: "Copy Works",
      })) {
        await form.getByLabel(new RegExp(`^${label}( \\*)?$`)).fill(value);
      }
      await backdateFormToken(page);
      await form.getByRole("button", { name: "Book Consultation" }).click();
      await page.waitForURL(/\/book\/manage\/[^?]+\?booked=1$/);

      for (const path of ["/book", "/book?tz=Asia/Tokyo"]) {
        const after = await get(path);
        expect(after.cache, path).toBe("MISS");
        expect(offered(after.html), path).not.toContain(startsAt);
        expect(offered(after.html).length, path).toBeGreaterThan(0);
        const again = await get(path);
        expect(again.cache, path).toBe("HIT");
        expect(offered(again.html), path).not.toContain(startsAt);
      }
    } finally {
      await context.close();
    }
  });
});
