import { describe, expect, it } from "vitest";
import type { Subscriber } from "~/modules/newsletter/newsletter.schema";
import { newsletterConfirmation } from "~/modules/newsletter/newsletter-mails.server";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import { anchorsOf } from "../../../tests/integration/mail/mail-html";
import type { Enquiry } from "./enquiry.schema";
import { enquiryAcknowledgement, enquiryNotification } from "./enquiry-mails.server";

const settings: GeneralSettings = {
  siteName: "Total Rewards & Co",
  tagline: "",
  siteDescription: "",
  email: "hello@example.in",
  phone: "+91 11 4000 0000",
  ceoName: "Asha Rao",
  ctoName: "Vikram Shah",
  linkedinUrl: "https://www.linkedin.com/company/example",
  officeStreet: "Example House",
  officeCity: "New Delhi",
  officeState: "Delhi",
  officePinCode: "110001",
  whatsappNumber: "",
  maintenanceMode: false,
  careersEmail: "",
  applicationRetentionMonths: 12,
  publicCountThreshold: 100,
  analyticsEnabled: false,
};
const context = { settings, baseUrl: "https://example.in" };

const enquiry = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  id: "enq_1",
  firstName: "Priya",
  lastName: "Nair",
  fullName: "Priya Nair",
  email: "priya@example.com",
  company: "Lotus <Fintech>",
  title: "CFO",
  phone: "",
  companySize: "51-200",
  industry: "technology",
  service: "",
  timeline: "",
  message: "Line one\nLine <two>\n\n<script>alert('x')</script> & more",
  newsletter: false,
  submittedAt: "2026-03-02T09:00:00.000Z",
  status: "new",
  source: "contact",
  spamReason: null,
  updatedAt: null,
  ...overrides,
});

const subscriber: Subscriber = {
  id: "sub_1",
  email: "reader@example.com",
  status: "pending",
  source: "footer",
  consentText: "Yes, send me the newsletter",
  consentedAt: "2026-03-02T09:00:00.000Z",
  confirmedAt: null,
  unsubscribedAt: null,
  token: "tok_123",
  createdAt: "2026-03-02T09:00:00.000Z",
  updatedAt: "2026-03-02T09:00:00.000Z",
};

/** The HTML's visible text, roughly as a mail program shows it. */
const visibleText = (html: string) =>
  html
    .replace(/<br\/?>/g, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("mail templates", () => {
  it("notifies the firm of an enquiry: every field, the message and the admin link", async () => {
    const mail = await enquiryNotification(enquiry(), context, "firm@example.in");
    expect(mail).toMatchObject({
      kind: "enquiry_notification",
      to: "firm@example.in",
      replyTo: "priya@example.com",
      subject: "New enquiry from Priya Nair (Lotus <Fintech>)",
    });
    expect(mail.text).toBe(
      [
        "A new enquiry arrived through Total Rewards & Co.",
        [
          "Name: Priya Nair",
          "Email: priya@example.com",
          "Company: Lotus <Fintech>",
          "Job title: CFO",
          "Company size: 51-200 employees",
          "Industry: Technology",
          "Newsletter: No",
          "Source: Contact form",
          "Submitted at: 2 Mar 2026, 2:30 pm IST",
        ].join("\n"),
        "Message:\nLine one\nLine <two>\n\n<script>alert('x')</script> & more",
        "Open it in the admin: https://example.in/admin/enquiries/enq_1",
        "Reply to this e-mail to answer the visitor directly.",
      ].join("\n\n"),
    );
    expect(mail.html).toMatch(/^<!DOCTYPE html [^>]*><html dir="ltr" lang="en">/);
    expect(anchorsOf(mail.html)).toContainEqual({
      href: "https://example.in/admin/enquiries/enq_1",
      text: "Open it in the admin",
    });
    expect(mail.html).toMatch(/<p [^>]*>Line one<br\/>Line &lt;two&gt;<\/p>/);
    expect(mail.html).not.toContain("<script>");
    const shown = visibleText(mail.html);
    for (const sentence of [
      "A new enquiry arrived through Total Rewards & Co.",
      "Lotus <Fintech>",
      "<script>alert('x')</script> & more",
      "Open it in the admin",
      "Reply to this e-mail to answer the visitor directly.",
    ])
      expect(shown).toContain(sentence);
  });

  it("keeps a subject on one line whatever the visitor typed", async () => {
    const mail = await enquiryNotification(
      enquiry({ fullName: "Priya\r\nBcc: x@example.com" }),
      context,
      "firm@example.in",
    );
    expect(mail.subject).toBe("New enquiry from Priya Bcc: x@example.com (Lotus <Fintech>)");
  });

  it("thanks the visitor: reply time, office hours, what they sent and how to reach the firm", async () => {
    const mail = await enquiryAcknowledgement(
      enquiry({ service: "executive-compensation" }),
      context,
    );
    expect(mail).toMatchObject({
      kind: "enquiry_acknowledgement",
      to: "priya@example.com",
      replyTo: "hello@example.in",
      subject: "Thank you for contacting Total Rewards & Co",
    });
    expect(mail.text).toBe(
      [
        "Dear Priya,",
        "Thank you for your enquiry. We have received it and will reply within 24 hours.",
        "Our office hours are Monday to Friday, 9 AM to 6 PM IST.",
        "What you sent us:\nCompany: Lotus <Fintech>\nService interest: executive-compensation\nMessage:\nLine one\nLine <two>\n\n<script>alert('x')</script> & more",
        "If you would like to add anything, reply to this e-mail or call us on +91 11 4000 0000.",
        "Total Rewards & Co\nhello@example.in · +91 11 4000 0000",
      ].join("\n\n"),
    );
    expect(mail.html).not.toContain("<script>");
    expect(anchorsOf(mail.html)).toContainEqual({
      href: "mailto:hello@example.in",
      text: "hello@example.in",
    });
    const shown = visibleText(mail.html);
    for (const sentence of [
      "Dear Priya,",
      "Thank you for your enquiry. We have received it and will reply within 24 hours.",
      "Our office hours are Monday to Friday, 9 AM to 6 PM IST.",
      "What you sent us",
      "If you would like to add anything, reply to this e-mail or call us on +91 11 4000 0000.",
    ])
      expect(shown).toContain(sentence);
  });

  it("asks a new subscriber to confirm, with the unsubscribe link in the body and the headers", async () => {
    const mail = await newsletterConfirmation(subscriber, context);
    const confirmUrl = "https://example.in/newsletter/confirm?token=tok_123";
    const unsubscribeUrl = "https://example.in/newsletter/unsubscribe?token=tok_123";
    expect(mail).toMatchObject({
      kind: "newsletter_confirmation",
      to: "reader@example.com",
      subject: "Please confirm your subscription to the Total Rewards & Co newsletter",
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    expect(mail.text).toBe(
      [
        "Someone, hopefully you, asked to receive the Total Rewards & Co newsletter at reader@example.com.",
        `To confirm, open this link:\n${confirmUrl}`,
        "If it was not you, ignore this e-mail: you will not be subscribed.",
        `Unsubscribe at any time: ${unsubscribeUrl}`,
        "Total Rewards & Co\nhello@example.in",
      ].join("\n\n"),
    );
    expect(anchorsOf(mail.html)).toEqual(
      expect.arrayContaining([
        { href: confirmUrl, text: "Confirm my subscription" },
        { href: unsubscribeUrl, text: "Unsubscribe" },
      ]),
    );
    expect(visibleText(mail.html)).toMatch(/Unsubscribe\s+at any time\./);
    expect(visibleText(mail.html)).toContain(
      "If it was not you, ignore this e-mail: you will not be subscribed.",
    );
  });
});
