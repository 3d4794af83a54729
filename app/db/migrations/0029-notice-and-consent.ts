import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/*
 * Issue 27, notice and consent (docs/decisions/0061-notice-and-consent.md).
 *
 * - `privacyNoticeVersions`: each published privacy notice, whole (DPDP Act s.5, Rules r.3):
 *   its number, text, who published it and when. The highest number is the one in force; rows
 *   are never changed or deleted, so what a visitor was shown stays readable.
 * - `consents`: the consent ledger (Act s.6(1), s.6(4), s.6(10)): one row per consent given or
 *   withdrawn, by person (e-mail, lower case) and purpose, with the form, the notice version and
 *   the exact words shown. Not tied to a record by a foreign key: the proof of a consent outlives
 *   the record it came with (`recordType`/`recordId` say which one).
 * - `applications.cvPoolUntil` / `cvPoolRenewalSentAt`: until when a CV may be kept for future
 *   roles (null: only for the role applied for), and when the renewal request went out.
 *
 * Version 1 is the notice as the code constant said it on 2026-11-26 (legal.text.ts), frozen here.
 */
const VERSION_1 = [
  "# Privacy Policy",
  "",
  "This policy explains what personal data {siteName} collects through this website, why we collect it, how long we keep it and the choices and rights you have. We process personal data in accordance with the Digital Personal Data Protection Act, 2023 and other applicable Indian law.",
  "",
  "## Who We Are",
  "",
  "{siteName} is a total rewards consulting firm with its office in New Delhi, India. We are responsible, as data fiduciary, for the personal data described in this policy. You can reach us at {email} or {phone}.",
  "",
  "## Information You Give Us",
  "",
  "When you submit the enquiry form we collect your first and last name, e-mail address and company, and, if you choose to give them, your job title, phone number, company size, industry, the service you are interested in, your timeline and your message. When you subscribe to our newsletter we collect your e-mail address and the time you gave your consent.",
  "",
  "When you apply for a position we collect your full name, e-mail address, phone number, current location and notice period, your LinkedIn or portfolio address if you give one, your cover note and the CV you upload (a PDF or Word file), together with the position you applied for, the time you applied and the consent you gave.",
  "",
  "## Information Collected Automatically",
  "",
  "Our servers record technical information about each request, such as your IP address, the page requested, the time and the response status, to keep the website secure and working. We do not record the query part of web addresses.",
  "",
  "If website statistics are switched on, we count page views without cookies and without building a profile of you: we record the page, the time and the referring website, not who you are.",
  "",
  "## Cookies",
  "",
  "The public website does not use advertising or tracking cookies, and nothing about your visit is sent to anyone else.",
  "",
  "When you arrive from a link on another website, or from one of our campaign links (an address with utm_ parameters), we set one first-party cookie, lead_source, that remembers where your first and your latest such visit came from: the campaign's source, medium, name, term and content, the name of the referring website, the page you arrived at and the date. It holds no identifier and nothing that says who you are, no script reads it, and it expires 90 days after your latest such visit. Moving from page to page on this website does not change it. If you then send us a form (an enquiry, a booking, a resource request, a job application or a newsletter sign-up), we keep that source with what you sent, so that we know which of our articles and campaigns reach people; it is kept and deleted with that record.",
  "",
  "The only other cookies we set are strictly necessary: session cookies for our staff when they sign in to the administration area, and, after you request a resource, one that lets you download it again without filling in the form.",
  "",
  "## How We Use Your Information",
  "",
  "We use personal data only for the purposes for which it was given:",
  "",
  "- to reply to your enquiry, arrange a consultation or send a resource you requested;",
  "- to consider your application if you apply for a position, and to contact you about it;",
  "- to send our newsletter if you subscribed, until you unsubscribe;",
  "- to keep the website secure, prevent abuse and fix problems;",
  "- to meet our legal obligations.",
  "",
  "## Consent and Withdrawal",
  "",
  "We process the data you submit on the basis of your consent, given when you send a form. You may withdraw your consent at any time by writing to {privacyEmail}, or, for the newsletter, with the unsubscribe link in every e-mail. Withdrawal does not affect processing that took place before it.",
  "",
  "## Sharing Your Information",
  "",
  "We do not sell or rent personal data. We share it only with service providers who host our website and deliver our e-mail, under contracts that require them to protect it and use it only on our instructions, and with authorities where the law requires us to.",
  "",
  "Job applications and CVs are seen only by our staff, who sign in to our administration area to review them; a CV is never published or available at a public web address.",
  "",
  "## How Long We Keep It",
  "",
  "We keep enquiries for up to three years after our last contact with you, newsletter subscriptions until you unsubscribe, and server logs for up to 90 days, unless the law requires us to keep them longer.",
  "",
  "We keep a job application and the CV uploaded with it for {applicationRetention} from the day you apply; then both are deleted automatically. You can ask us to delete them sooner by writing to {privacyEmail}.",
  "",
  "## Security",
  "",
  "We protect personal data with encryption in transit, access controls that limit staff access to those who need it, hashed passwords for staff accounts and regular updates to our systems. No method of transmission or storage is completely secure, but we work to protect your data and will notify you and the authorities of a breach as the law requires.",
  "",
  "## Your Rights",
  "",
  "Subject to applicable law, you have the right to:",
  "",
  "- obtain a summary of the personal data we hold about you and how we process it;",
  "- have inaccurate or incomplete data corrected and completed;",
  "- have your data erased when it is no longer needed for the purpose it was given;",
  "- nominate another person to exercise your rights in the event of death or incapacity;",
  "- have your grievances addressed by us, and then by the Data Protection Board of India.",
  "",
  "## Children's Data",
  "",
  "This website is intended for professionals and is not directed at children. We do not knowingly collect personal data from anyone under the age of 18. If you believe a child has given us personal data, please contact us and we will delete it.",
  "",
  "## Changes to This Policy",
  "",
  'We may update this policy from time to time. We will publish the updated policy on this page with a new "last updated" date and, for material changes, give at least 30 days\' notice before they take effect.',
  "",
  "## Grievances and Contact",
  "",
  "For any question, request or complaint about your personal data, write to our grievance officer at {privacyEmail} or call {phone}. We will acknowledge your request promptly and respond within 30 days. This policy is governed by the laws of India.",
  "",
].join("\n");

export const noticeAndConsent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("privacyNoticeVersions")
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("publishedAt", "text", (c) => c.notNull())
      .addColumn("publishedById", "text")
      .addColumn("publishedByName", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("consents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("form", "text", (c) => c.notNull())
      .addColumn("noticeVersion", "integer")
      .addColumn("words", "text", (c) => c.notNull())
      .addColumn("recordType", "text")
      .addColumn("recordId", "text")
      .addColumn("createdAt", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("consents_email")
      .on("consents")
      .columns(["email", "createdAt"])
      .execute();
    await db.schema
      .createIndex("consents_purpose")
      .on("consents")
      .columns(["purpose", "createdAt"])
      .execute();
    await db.schema
      .createIndex("consents_record")
      .on("consents")
      .columns(["recordType", "recordId"])
      .execute();
    await db.schema.createIndex("consents_created").on("consents").column("createdAt").execute();
    await db.schema.alterTable("applications").addColumn("cvPoolUntil", "text").execute();
    await db.schema.alterTable("applications").addColumn("cvPoolRenewalSentAt", "text").execute();
    await sql`insert into ${sql.table("privacyNoticeVersions")} (${sql.ref("version")}, ${sql.ref("body")}, ${sql.ref("publishedAt")}, ${sql.ref("publishedById")}, ${sql.ref("publishedByName")}) values (1, ${VERSION_1}, ${"2026-11-26T00:00:00.000Z"}, null, ${"System"})`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("applications").dropColumn("cvPoolRenewalSentAt").execute();
    await db.schema.alterTable("applications").dropColumn("cvPoolUntil").execute();
    await db.schema.dropTable("consents").execute();
    await db.schema.dropTable("privacyNoticeVersions").execute();
  },
};
