import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "~/modules/enquiries/contact-form";
import { PERSON_CHECK_LABEL } from "~/modules/forms/spam-fields";
import { timeOnScreen } from "../support/browser";
import type { TestServer } from "../support/server";
import { enquiriesFrom, openContactSite, sendButton } from "./leads-contact-support";
import {
  axeViolations,
  backdateFormToken,
  describedText,
  field,
  fillEnquiry,
  newVisitor,
  openPage,
  scrollsSideways,
  setFormToken,
  tooFastFormToken,
  VALID_ENQUIRY,
} from "./leads-helpers";
import { waitForHydration } from "./public-support";

/* The enquiry form with JavaScript and its accessibility. */

describe("the enquiry form", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await openContactSite());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe("with JavaScript", () => {
    it("says Sending... with the button disabled, shows the Thank You, then an empty form 3 s later", async () => {
      const context = await newVisitor(browser);
      const { page } = await openPage(context, `${server.url}/contact`);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const email = "js.visitor@example.com";
      await fillEnquiry(page, { ...VALID_ENQUIRY, email, phone: "+91 98100 12345" });
      await field(page, "Industry").selectOption("fintech");
      // Hold the post so the sending state can be seen.
      let release: () => void = () => {};
      const held = new Promise<void>((done) => {
        release = done;
      });
      await page.route("**/api/enquiries", async (route) => {
        await held;
        await route.continue();
      });
      await backdateFormToken(page);
      const url = page.url();
      const thanksShownFor = await timeOnScreen(page, "[role=status]", "Thank You!");
      await sendButton(page).click();
      await page.getByRole("button", { name: "Sending..." }).waitFor();
      expect(await sendButton(page).isDisabled()).toBe(true);
      release();

      const thanks = page.getByRole("status").filter({ hasText: "Thank You!" });
      await thanks.waitFor();
      expect(page.url()).toBe(url);
      // The spec's 3 s reset.
      const shownFor = await thanksShownFor();
      expect(shownFor).toBeGreaterThan(2500);
      expect(shownFor).toBeLessThan(5000);
      await field(page, "First Name").waitFor({ state: "visible" });
      expect(await thanks.count()).toBe(0);
      for (const label of ["First Name", "Last Name", "Email Address", "Company", "Phone Number"]) {
        expect(await field(page, label).inputValue(), label).toBe("");
      }
      expect(await field(page, "Industry").inputValue()).toBe("");
      expect(await sendButton(page).textContent()).toBe("Send Message");

      const [stored] = await enquiriesFrom(server, email);
      expect(stored).toMatchObject({
        industry: "fintech",
        phone: "+91 98100 12345",
        spamReason: null,
      });
      expect(errors).toEqual([]);
      await context.close();
    });

    it("is the page's only interactive part: no framework script on /about or /contact, the form checks in place", async () => {
      const context = await newVisitor(browser);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (request.resourceType() === "script" && pathname.startsWith("/assets/")) {
          scripts.push(pathname);
        }
      });
      await page.goto(`${server.url}/about`);
      await waitForHydration(page);
      // Only the site's own small script (decision 0067): no React, no router.
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/public-site-script-[\w-]+\.js$/)]);
      await page
        .getByRole("navigation", { name: "Primary" })
        .getByRole("link", { name: "Contact", exact: true })
        .click();
      await page.waitForURL(/\/contact$/);
      await waitForHydration(page);
      // The form is an island (decision 0073): the site's script loads its module, and no React.
      expect(scripts.some((path) => path.includes("entry.client"))).toBe(false);
      expect(scripts.some((path) => path.includes("enquiry-form-enhance"))).toBe(true);
      await page.evaluate(() => {
        (window as unknown as { samePage?: boolean }).samePage = true;
      });
      await fillEnquiry(page, { lastName: "Nair", email: "priya@" });
      await sendButton(page).click();
      await page.getByRole("alert").waitFor();
      expect(await describedText(page, "Email Address")).toBe("Enter a valid email address");
      // Checked in place: the page was not sent and loaded again.
      expect(
        await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage),
      ).toBe(true);
      await context.close();
    });

    it("shows each message in place, moves focus to the first bad field, and checks options too", async () => {
      const context = await newVisitor(browser);
      const { page } = await openPage(context, `${server.url}/contact`);
      await waitForHydration(page);
      await fillEnquiry(page, { lastName: "Nair", email: "priya@", message: "Keep me" });
      // A tampered option (not one the form offers).
      await page.evaluate(() => {
        const select = document.querySelector<HTMLSelectElement>("select[name=timeline]");
        select?.add(new Option("Tomorrow", "tomorrow", true, true));
      });
      await sendButton(page).click();
      await page.getByRole("alert").waitFor();
      expect(await page.getByRole("alert").textContent()).toBe(CONTACT_MESSAGES.invalid);
      expect(await describedText(page, "First Name")).toBe("First name is required");
      expect(await describedText(page, "Email Address")).toBe("Enter a valid email address");
      expect(await describedText(page, "Company")).toBe("Company is required");
      expect(await describedText(page, "Timeline")).toBe("Choose a timeline from the list");
      expect(await describedText(page, "Last Name")).toBe("");
      // Focus moves to the first invalid field in the frame after the message renders.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
        .toBe("firstName");
      expect(await field(page, "Message").inputValue()).toBe("Keep me");
      expect(await field(page, "Last Name").inputValue()).toBe("Nair");
      await context.close();
    });

    it("keeps the input and says so clearly when the server fails or the connection is lost", async () => {
      const context = await newVisitor(browser);
      const { page } = await openPage(context, `${server.url}/contact`);
      const email = "unlucky.visitor@example.com";
      await fillEnquiry(page, { ...VALID_ENQUIRY, email, message: "Do not lose this." });
      await backdateFormToken(page);

      await page.route("**/api/enquiries", (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
      );
      await sendButton(page).click();
      await page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.failed }).waitFor();
      expect(await field(page, "Message").inputValue()).toBe("Do not lose this.");
      expect(await sendButton(page).isEnabled()).toBe(true);

      await page.unroute("**/api/enquiries");
      await page.route("**/api/enquiries", (route) => route.abort("internetdisconnected"));
      await sendButton(page).click();
      await page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.offline }).waitFor();
      expect(await field(page, "Email Address").inputValue()).toBe(email);

      // Back online: the same input goes through.
      await page.unroute("**/api/enquiries");
      await sendButton(page).click();
      await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
      expect(await enquiriesFrom(server, email)).toHaveLength(1);
      await context.close();
    });
  });

  describe("sent faster than a person types (autofill)", () => {
    it("asks in place to confirm a person sent it, keeps the input, then shows the real Thank You", async () => {
      const context = await newVisitor(browser);
      const { page } = await openPage(context, `${server.url}/contact`);
      await waitForHydration(page);
      const email = "autofill.js@example.com";
      await fillEnquiry(page, { ...VALID_ENQUIRY, email, message: "Autofill was quick." });
      await setFormToken(page, tooFastFormToken());
      await sendButton(page).click();
      await page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.confirm }).waitFor();
      expect(await page.getByRole("status").filter({ hasText: "Thank You!" }).count()).toBe(0);
      expect(await enquiriesFrom(server, email)).toEqual([]);
      expect(await field(page, "Message").inputValue()).toBe("Autofill was quick.");
      // Focus goes to the box to tick.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
        .toBe("confirmPerson");
      expect(await axeViolations(page, "#enquiry-form")).toEqual([]);

      const usedToken = await page.locator("input[name=formToken]").inputValue();
      await field(page, PERSON_CHECK_LABEL).check();
      await sendButton(page).click();
      await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
      const [stored] = await enquiriesFrom(server, email);
      expect(stored?.spamReason).toBeNull();

      // The form comes back empty, without the box, and with a token of its own: the one just
      // sent is used up, and a second enquiry must not be filed as a replay.
      await field(page, "First Name").waitFor({ state: "visible" });
      expect(await field(page, PERSON_CHECK_LABEL).count()).toBe(0);
      await expect.poll(() => page.locator("input[name=formToken]").inputValue()).toMatch(/^v1\./);
      expect(await page.locator("input[name=formToken]").inputValue()).not.toBe(usedToken);
      await context.close();
    });
  });

  it("is accessible and fits a 360 px phone, with its messages showing", async () => {
    const context = await newVisitor(browser, { width: 360 });
    const { page } = await openPage(context, `${server.url}/contact`);
    await waitForHydration(page);
    expect(await axeViolations(page, "#enquiry-form")).toEqual([]);
    await sendButton(page).click();
    await page.getByRole("alert").waitFor();
    expect(await axeViolations(page, "#enquiry-form")).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });
});
