import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "~/modules/enquiries/contact-form";
import { FORM_TOKEN_FIELD, PERSON_CHECK_LABEL } from "~/modules/forms/spam-fields";
import type { TestServer } from "../support/server";
import { enquiriesFrom, openContactSite, sendButton } from "./leads-contact-support";
import {
  backdatedFormToken,
  backdateFormToken,
  describedText,
  field,
  fillEnquiry,
  freshAddress,
  newVisitor,
  openPage,
  setFormToken,
  sharedVisitorTabs,
  tooFastFormToken,
  VALID_ENQUIRY,
  withDatabase,
} from "./leads-helpers";

/* The enquiry form without JavaScript (the server's answers) and its spam defence. */

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
  /* A new visitor on the file's tab of each kind, for a test that loads its page first (0093). */
  const visitorTab = sharedVisitorTabs(() => browser);

  describe("without JavaScript", () => {
    it("puts each field's message next to it and keeps what was typed", async () => {
      const page = await visitorTab({ javaScript: false });
      await page.goto(`${server.url}/contact`);
      await fillEnquiry(page, {
        email: "not-an-email",
        phone: "call me maybe",
        title: "Head of HR",
        message: "Please keep this message.",
      });
      await field(page, "Company Size").selectOption("51-200");
      await sendButton(page).click();
      await page.waitForLoadState();

      expect(await page.getByRole("alert").textContent()).toBe(CONTACT_MESSAGES.invalid);
      const expected: Record<string, string> = {
        "First Name": "First name is required",
        "Last Name": "Last name is required",
        "Email Address": "Enter a valid email address",
        Company: "Company is required",
        "Phone Number": "Enter a valid phone number, such as 98765 43210 or +44 20 7946 0958",
      };
      for (const [label, message] of Object.entries(expected)) {
        const input = field(page, label);
        expect(await input.getAttribute("aria-invalid"), label).toBe("true");
        expect(await describedText(page, label), label).toBe(message);
      }
      expect(await field(page, "Job Title").getAttribute("aria-invalid")).toBeNull();
      // Nothing typed is lost.
      expect(await field(page, "Email Address").inputValue()).toBe("not-an-email");
      expect(await field(page, "Job Title").inputValue()).toBe("Head of HR");
      expect(await field(page, "Message").inputValue()).toBe("Please keep this message.");
      expect(await field(page, "Company Size").inputValue()).toBe("51-200");
      // Required fields are marked with * (and announced as required).
      expect(await page.locator("label", { hasText: "First Name" }).textContent()).toBe(
        "First Name *",
      );
      expect(await field(page, "First Name").getAttribute("required")).not.toBeNull();

      await field(page, "Email Address").fill("");
      await sendButton(page).click();
      await expect.poll(() => describedText(page, "Email Address")).toBe("Email is required");
    });

    it("offers exactly the options of spec section 9, and the spec's field names", async () => {
      const page = await visitorTab({ javaScript: false });
      await page.goto(`${server.url}/contact`);
      const values = (label: string) =>
        field(page, label)
          .locator("option")
          .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      // Written out from the spec, not taken from the code, so a changed list fails here.
      expect(await values("Company Size")).toEqual([
        "",
        "1-10",
        "11-50",
        "51-200",
        "201-500",
        "500+",
      ]);
      expect(await values("Industry")).toEqual([
        "",
        "technology",
        "fintech",
        "professional-services",
        "healthcare",
        "manufacturing",
        "other",
      ]);
      expect(await values("Service Interest")).toEqual([
        "",
        "equity",
        "executive",
        "regional",
        "benchmarking",
        "rewards",
        "benefits",
        "multiple",
      ]);
      expect(await values("Timeline")).toEqual([
        "",
        "immediate",
        "short",
        "medium",
        "long",
        "exploring",
      ]);
      const names = await page
        .locator("#enquiry-form form")
        .locator("input:not([type=hidden]), select, textarea")
        .evaluateAll((controls) =>
          controls
            // The honeypot sits in a box hidden from people and assistive technology.
            .filter((c) => !c.closest('[aria-hidden="true"]'))
            .map((c) => (c as HTMLInputElement).name),
        );
      expect(names).toEqual([
        "firstName",
        "lastName",
        "email",
        "company",
        "title",
        "phone",
        "companySize",
        "industry",
        "service",
        "timeline",
        "message",
        "newsletter",
      ]);
    });

    it("stores a valid enquiry with its newsletter choice and shows the Thank You", async () => {
      const page = await visitorTab({ javaScript: false });
      await page.goto(`${server.url}/contact`);
      const email = "nojs.visitor@example.com";
      await fillEnquiry(page, { ...VALID_ENQUIRY, email, message: "We are 120 people." });
      await field(page, "Service Interest").selectOption("benchmarking");
      await field(page, "Timeline").selectOption("short");
      await page.getByLabel(/Subscribe to our newsletter/).check();
      await backdateFormToken(page);
      await sendButton(page).click();
      await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
      expect(page.url()).toMatch(/\/contact#enquiry-form$/);

      const [stored] = await enquiriesFrom(server, email);
      expect(stored).toMatchObject({
        fullName: "Priya Nair",
        company: "Lotus Fintech",
        service: "benchmarking",
        timeline: "short",
        message: "We are 120 people.",
        status: "new",
        source: "contact_form",
        spamReason: null,
      });
      expect(Boolean(stored?.newsletter)).toBe(true);
      expect(Date.parse(stored!.submittedAt)).toBeGreaterThan(Date.now() - 60_000);
      const subscriber = await withDatabase(server, (db) =>
        db
          .selectFrom("newsletterSubscribers")
          .selectAll()
          .where("email", "=", email)
          .executeTakeFirst(),
      );
      // No SMTP on this server: the sign-up is confirmed at once.
      expect(subscriber?.status).toBe("subscribed");
    });
  });

  describe("spam defence", () => {
    it("holds a filled honeypot in the spam folder, answering as usual", async () => {
      const page = await visitorTab();
      await page.goto(`${server.url}/contact`);
      await fillEnquiry(page, { ...VALID_ENQUIRY, email: "honeypot@example.com" });
      await page.locator("input[name=hp_comment]").fill("https://cheap-pills.example", {
        force: true,
      });
      await backdateFormToken(page);
      await sendButton(page).click();
      await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();

      const [honeypot] = await enquiriesFrom(server, "honeypot@example.com");
      expect(honeypot?.spamReason).toBe("honeypot");
      // Held back: no mail about it.
      const mails = await withDatabase(server, (db) =>
        db.selectFrom("mailOutbox").select("id").where("relatedId", "=", honeypot!.id).execute(),
      );
      expect(mails).toEqual([]);
    });

    it("asks a visitor who sent the form too fast to confirm they are a person, then takes it", async () => {
      const page = await visitorTab({ javaScript: false });
      await page.goto(`${server.url}/contact`);
      const email = "autofill.nojs@example.com";
      await fillEnquiry(page, { ...VALID_ENQUIRY, email, message: "Filled in by autofill." });
      await field(page, "Timeline").selectOption("short");
      // Sent sooner than a person types, as autofill does.
      await setFormToken(page, tooFastFormToken());
      await sendButton(page).click();
      await page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.confirm }).waitFor();
      // No false Thank You, nothing filed anywhere, and everything typed is still there.
      expect(await page.getByRole("status").filter({ hasText: "Thank You!" }).count()).toBe(0);
      expect(await enquiriesFrom(server, email)).toEqual([]);
      expect(await field(page, "Message").inputValue()).toBe("Filled in by autofill.");
      expect(await field(page, "Email Address").inputValue()).toBe(email);
      expect(await field(page, "Timeline").inputValue()).toBe("short");

      // Sent again without ticking the box: asked again, with a message on the box.
      await sendButton(page).click();
      await expect
        .poll(() => describedText(page, PERSON_CHECK_LABEL))
        .toBe(CONTACT_MESSAGES.confirmPersonRequired);
      expect(await enquiriesFrom(server, email)).toEqual([]);

      await field(page, PERSON_CHECK_LABEL).check();
      await sendButton(page).click();
      await page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
      const [stored] = await enquiriesFrom(server, email);
      expect(stored).toMatchObject({ spamReason: null, message: "Filled in by autofill." });
      const mails = await withDatabase(server, (db) =>
        db.selectFrom("mailOutbox").select("kind").where("relatedId", "=", stored!.id).execute(),
      );
      expect(mails.map((m) => m.kind).sort()).toEqual([
        "enquiry_acknowledgement",
        "enquiry_notification",
      ]);
    });

    it("files a post that replays a used form token as spam, answering as usual", async () => {
      const token = backdatedFormToken();
      const post = (email: string) =>
        fetch(`${server.url}/api/enquiries`, {
          method: "POST",
          headers: { "X-Forwarded-For": freshAddress() },
          body: new URLSearchParams({ ...VALID_ENQUIRY, email, [FORM_TOKEN_FIELD]: token }),
        });
      expect((await post("first.use@example.com")).status).toBe(200);
      const replay = await post("replay@example.com");
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ status: "success" });
      const [first] = await enquiriesFrom(server, "first.use@example.com");
      const [replayed] = await enquiriesFrom(server, "replay@example.com");
      expect(first?.spamReason).toBeNull();
      expect(replayed?.spamReason).toBe("replayed_token");
    });

    it("turns an address away after 5 enquiries in 10 minutes, keeping the input", async () => {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${server.url}/api/enquiries`, {
          method: "POST",
          headers: { "X-Forwarded-For": address },
          body: new URLSearchParams({
            ...VALID_ENQUIRY,
            email: `burst${i}@example.com`,
            formToken: backdatedFormToken(),
          }),
        });
        expect(response.status).toBe(200);
      }
      const context = await newVisitor(browser, { address });
      const { page } = await openPage(context, `${server.url}/contact`);
      await fillEnquiry(page, { ...VALID_ENQUIRY, email: "burst6@example.com", message: "Sixth" });
      await backdateFormToken(page);
      await sendButton(page).click();
      await page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.rateLimited }).waitFor();
      expect(await field(page, "Message").inputValue()).toBe("Sixth");
      expect(await enquiriesFrom(server, "burst6@example.com")).toEqual([]);

      // Another address is not held up.
      const other = await newVisitor(browser);
      const next = await openPage(other, `${server.url}/contact`);
      await fillEnquiry(next.page, { ...VALID_ENQUIRY, email: "neighbour@example.com" });
      await backdateFormToken(next.page);
      await sendButton(next.page).click();
      await next.page.getByRole("status").filter({ hasText: "Thank You!" }).waitFor();
      await context.close();
      await other.close();
    });
  });
});
