import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  checkFormToken,
  issueFormToken,
  MAX_TOKEN_AGE_MS,
  MIN_FILL_MS,
} from "~/modules/forms/spam-defence.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/modules/forms/spam-fields";
import { listMailsFor } from "~/modules/mail/outbox.server";
import { getSubscriberByEmail } from "~/modules/newsletter/newsletter.server";
import {
  createTestDatabase,
  DIALECTS,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { CONTACT_MESSAGES } from "./contact-form";
import { type ContactSubmissionContext, submitContactForm } from "./contact-submission.server";
import { NOW, SECRET, tokenAged } from "./contact-submission-fixtures";
import { getEnquiry } from "./enquiries.server";
import { listEnquiries } from "./inbox-list.server";

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams({
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@example.com",
    company: "Acme Ltd",
    [FORM_TOKEN_FIELD]: tokenAged(20_000),
    ...fields,
  });
}
describe.each(DIALECTS)("receiving the enquiry form on %s", (dialect) => {
  let t: TestDatabase;
  let address = 0;
  /** Each test posts from its own address unless it says otherwise. */
  let context: ContactSubmissionContext;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });
  beforeEach(async () => {
    await t.db.deleteFrom("enquiries").execute();
    await t.db.deleteFrom("mailOutbox").execute();
    await t.db.deleteFrom("newsletterSubscribers").execute();
    address += 1;
    context = {
      secret: SECRET,
      clientAddress: `198.51.100.${address}`,
      mail: { enabled: true, baseUrl: "https://www.example.in", notifyTo: "leads@example.in" },
      now: NOW,
    };
  });

  it("stores a valid enquiry, then queues the notification and the acknowledgement", async () => {
    const submission = await submitContactForm(
      t.db,
      form({ message: "We need an ESOP plan.", service: "equity", phone: "+91 98100 00000" }),
      context,
    );
    expect(submission.result).toEqual({ status: "success" });
    expect(submission.httpStatus).toBe(200);
    expect(submission.queuedMail).toBe(true);
    const stored = await getEnquiry(t.db, submission.enquiry!.id);
    expect(stored).toMatchObject({
      fullName: "Jane Doe",
      status: "new",
      source: "contact_form",
      spamReason: null,
      service: "equity",
      newsletter: false,
    });

    const mails = await listMailsFor(t.db, stored!.id);
    const notification = mails.find((m) => m.kind === "enquiry_notification");
    const acknowledgement = mails.find((m) => m.kind === "enquiry_acknowledgement");
    expect(notification).toMatchObject({
      toAddress: "leads@example.in",
      replyTo: "jane@example.com",
      status: "pending",
    });
    expect(notification?.subject).toBe("New enquiry from Jane Doe (Acme Ltd)");
    expect(notification?.textBody).toContain(
      `https://www.example.in/admin/enquiries/${stored!.id}`,
    );
    expect(notification?.textBody).toContain("Service interest: Equity Compensation & ESOPs");
    expect(notification?.textBody).toContain("We need an ESOP plan.");
    expect(acknowledgement).toMatchObject({ toAddress: "jane@example.com", status: "pending" });
    expect(acknowledgement?.textBody).toContain("within 24 hours");
    expect(acknowledgement?.textBody).toContain("Monday to Friday, 9 AM to 6 PM IST");
  });

  it("sends the notification to the brand e-mail when NOTIFY_TO is not set", async () => {
    const submission = await submitContactForm(t.db, form({}), {
      ...context,
      mail: { enabled: true, baseUrl: "https://www.example.in" },
    });
    const mails = await listMailsFor(t.db, submission.enquiry!.id);
    expect(mails.find((m) => m.kind === "enquiry_notification")?.toAddress).toBe(
      "hello@example.com",
    );
  });

  it("answers bad input with a message per field and what was typed, and stores nothing", async () => {
    const submission = await submitContactForm(
      t.db,
      form({ firstName: " ", email: "not-an-email", companySize: "huge", message: "Keep me" }),
      context,
    );
    expect(submission.httpStatus).toBe(400);
    expect(submission.result).toMatchObject({
      status: "invalid",
      formError: CONTACT_MESSAGES.invalid,
      fieldErrors: {
        firstName: "First name is required",
        email: "Enter a valid email address",
        companySize: "Choose a company size from the list",
      },
      values: { firstName: " ", email: "not-an-email", message: "Keep me", company: "Acme Ltd" },
    });
    expect((await listEnquiries(t.db)).total).toBe(0);
  });

  it.each([
    ["honeypot", { [HONEYPOT_FIELD]: "http://spam.example" }],
    // Too fast and a honeypot: the honeypot decides (timing alone asks for a person check).
    ["honeypot", { [FORM_TOKEN_FIELD]: tokenAged(1_000), [HONEYPOT_FIELD]: "x" }],
    ["missing_token", { [FORM_TOKEN_FIELD]: "" }],
    [
      "invalid_token",
      { [FORM_TOKEN_FIELD]: issueFormToken("some-other-secret-0123456789abc", NOW - 9000) },
    ],
  ])(
    "holds a post back as spam (%s) without mails, and answers as usual",
    async (reason, fields) => {
      const submission = await submitContactForm(t.db, form(fields), context);
      expect(submission.result).toEqual({ status: "success" });
      expect(submission.queuedMail).toBe(false);
      expect((await listEnquiries(t.db)).total).toBe(0);
      const spam = await listEnquiries(t.db, { spam: true });
      expect(spam.items.map((e) => e.spamReason)).toEqual([reason]);
      expect(await listMailsFor(t.db, spam.items[0]!.id)).toEqual([]);
    },
  );

  it("asks to send again, with a fresh token, when the form was open too long", async () => {
    const submission = await submitContactForm(
      t.db,
      form({ [FORM_TOKEN_FIELD]: tokenAged(MAX_TOKEN_AGE_MS + 60_000) }),
      context,
    );
    expect(submission.httpStatus).toBe(400);
    expect(submission.result).toMatchObject({
      status: "expired",
      formError: CONTACT_MESSAGES.expired,
      values: { firstName: "Jane" },
    });
    const fresh = (submission.result as { formToken?: string }).formToken;
    expect(checkFormToken(SECRET, fresh, NOW + MIN_FILL_MS)).toMatchObject({
      ok: true,
      ageMs: MIN_FILL_MS,
    });
    expect((await listEnquiries(t.db)).total).toBe(0);
  });

  it("turns an address away after 5 enquiries in 10 minutes, keeping what was typed", async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await submitContactForm(t.db, form({}), { ...context, now: NOW + i * 1000 });
      expect(ok.result.status).toBe("success");
    }
    const sixth = await submitContactForm(t.db, form({ message: "Sixth" }), {
      ...context,
      now: NOW + 6000,
    });
    expect(sixth.httpStatus).toBe(429);
    expect(sixth.result).toMatchObject({
      status: "rate_limited",
      formError: CONTACT_MESSAGES.rateLimited,
      values: { message: "Sixth" },
    });
    // Another address is not affected; the first one may send again 10 minutes later.
    const other = await submitContactForm(t.db, form({}), {
      ...context,
      clientAddress: "192.0.2.200",
      now: NOW + 7000,
    });
    expect(other.result.status).toBe("success");
    const later = await submitContactForm(t.db, form({}), {
      ...context,
      now: NOW + 10 * 60 * 1000 + 1000,
    });
    expect(later.result.status).toBe("success");
    expect((await listEnquiries(t.db)).total).toBe(7);
  });

  it("records the posting or resource the visitor came from, and ignores a forged source", async () => {
    const career = await submitContactForm(
      t.db,
      form({ source: "career:rewards-analyst" }),
      context,
    );
    const resource = await submitContactForm(
      t.db,
      form({ source: "resource:salary-guide" }),
      context,
    );
    const forged = await submitContactForm(t.db, form({ source: "admin:<script>" }), context);
    expect(career.enquiry?.source).toBe("career:rewards-analyst");
    expect(resource.enquiry?.source).toBe("resource:salary-guide");
    expect(forged.enquiry?.source).toBe("contact_form");
  });

  it("signs the visitor up for the newsletter when asked: pending with a confirmation mail", async () => {
    const submission = await submitContactForm(t.db, form({ newsletter: "on" }), context);
    expect(submission.enquiry?.newsletter).toBe(true);
    const subscriber = await getSubscriberByEmail(t.db, "jane@example.com");
    expect(subscriber).toMatchObject({ status: "pending", source: "contact-form:/contact" });
    const confirmation = await listMailsFor(t.db, subscriber!.id);
    expect(confirmation.map((m) => m.kind)).toEqual(["newsletter_confirmation"]);
    expect(JSON.parse(confirmation[0]!.headers)).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("subscribes at once when e-mail is not configured", async () => {
    await submitContactForm(t.db, form({ newsletter: "on" }), {
      ...context,
      mail: { enabled: false, baseUrl: "http://localhost:3000" },
    });
    expect((await getSubscriberByEmail(t.db, "jane@example.com"))?.status).toBe("subscribed");
  });

  it("tells the visitor when the enquiry could not be stored, keeping what was typed", async () => {
    // A database that fails to write the enquiry (a full disk, a lost connection).
    const failing = t.db.withPlugin({
      transformQuery({ node }) {
        if (node.kind === "InsertQueryNode" && JSON.stringify(node.into).includes('"enquiries"')) {
          throw new Error("disk I/O error");
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const submission = await submitContactForm(failing, form({ message: "Important" }), context);
    expect(submission.httpStatus).toBe(500);
    expect(submission.result).toMatchObject({
      status: "error",
      formError: CONTACT_MESSAGES.failed,
      values: { message: "Important", email: "jane@example.com" },
    });
    expect(await t.db.selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
  });
});
