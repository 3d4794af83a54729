import { formatIndiaDateTime } from "~/lib/india-format";
import {
  COMPANY_SIZE_LABELS,
  type CompanySize,
  describeSource,
  type Enquiry,
  INDUSTRY_LABELS,
  type Industry,
  SERVICE_INTEREST_LABELS,
  type ServiceInterest,
  TIMELINE_LABELS,
  type Timeline,
} from "~/modules/enquiries/enquiry.schema";
import type { Subscriber } from "~/modules/newsletter/newsletter.schema";
import type { GeneralSettings } from "~/modules/settings/settings.schema";
import type { OutgoingMail } from "./outbox.server";
import { EnquiryAcknowledgementMail } from "./templates/enquiry-acknowledgement";
import { EnquiryNotificationMail } from "./templates/enquiry-notification";
import { renderMailHtml } from "./templates/layout";
import { NewsletterConfirmationMail } from "./templates/newsletter-confirmation";

/*
 * The site's e-mails, as plain text with an HTML twin rendered by React (./templates/*.tsx), which
 * escapes every visitor value. The sentences are written here once and shared by both versions.
 */

/** Spec section 9: the promised reply time and the office hours. */
export const REPLY_PROMISE = "within 24 hours";
export const OFFICE_HOURS = "Monday to Friday, 9 AM to 6 PM IST";

export interface MailContext {
  settings: GeneralSettings;
  /** The site's public address, for links (no trailing slash). */
  baseUrl: string;
}

/** Subjects are one line: line breaks in visitor text would end the header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

const labelOf = <T extends string>(labels: Record<T, string>, value: string) =>
  value === "" ? "" : (labels[value as T] ?? value);

/** The enquiry's fields as [label, value] pairs, in the form's order, empty ones left out. */
export function enquiryDetails(enquiry: Enquiry): Array<[string, string]> {
  const pairs: Array<[string, string]> = [
    ["Name", enquiry.fullName],
    ["Email", enquiry.email],
    ["Company", enquiry.company],
    ["Job title", enquiry.title],
    ["Phone", enquiry.phone],
    ["Company size", labelOf<CompanySize>(COMPANY_SIZE_LABELS, enquiry.companySize)],
    ["Industry", labelOf<Industry>(INDUSTRY_LABELS, enquiry.industry)],
    ["Service interest", labelOf<ServiceInterest>(SERVICE_INTEREST_LABELS, enquiry.service)],
    ["Timeline", labelOf<Timeline>(TIMELINE_LABELS, enquiry.timeline)],
    ["Newsletter", enquiry.newsletter ? "Yes" : "No"],
    ["Source", describeSource(enquiry.source)],
    ["Submitted at", formatIndiaDateTime(enquiry.submittedAt)],
  ];
  return pairs.filter(([, value]) => value !== "");
}

function textTable(pairs: Array<[string, string]>): string {
  return pairs.map(([label, value]) => `${label}: ${value}`).join("\n");
}

/** To the firm: a new enquiry, with every field and a link to it in the admin. */
export function enquiryNotification(
  enquiry: Enquiry,
  { settings, baseUrl }: MailContext,
  to: string,
): OutgoingMail {
  const link = `${baseUrl}/admin/enquiries/${encodeURIComponent(enquiry.id)}`;
  const subject = oneLine(`New enquiry from ${enquiry.fullName} (${enquiry.company})`);
  const details = enquiryDetails(enquiry);
  const message = enquiry.message || "(no message)";
  const intro = `A new enquiry arrived through ${settings.siteName}.`;
  const replyHint = "Reply to this e-mail to answer the visitor directly.";
  const text = [
    intro,
    textTable(details),
    `Message:\n${message}`,
    `Open it in the admin: ${link}`,
    replyHint,
  ].join("\n\n");
  const html = renderMailHtml(
    <EnquiryNotificationMail
      subject={subject}
      intro={intro}
      details={details}
      message={message}
      adminLink={link}
      replyHint={replyHint}
    />,
  );
  return {
    kind: "enquiry_notification",
    to,
    replyTo: enquiry.email,
    subject,
    text,
    html,
    personEmail: enquiry.email,
    relatedId: enquiry.id,
  };
}

/** To the visitor: we have your enquiry, we reply within 24 hours, these are our hours. */
export function enquiryAcknowledgement(enquiry: Enquiry, { settings }: MailContext): OutgoingMail {
  const subject = oneLine(`Thank you for contacting ${settings.siteName}`);
  const summary: Array<[string, string]> = enquiryDetails(enquiry).filter(([label]) =>
    ["Company", "Service interest", "Timeline"].includes(label),
  );
  const message = enquiry.message || "(no message)";
  const greeting = `Dear ${enquiry.firstName},`;
  const body = [
    `Thank you for your enquiry. We have received it and will reply ${REPLY_PROMISE}.`,
    `Our office hours are ${OFFICE_HOURS}.`,
  ];
  const contact = `If you would like to add anything, reply to this e-mail or call us on ${settings.phone}.`;
  const signature = `${settings.siteName}\n${settings.email} · ${settings.phone}`;
  const text = [
    greeting,
    ...body,
    `What you sent us:\n${textTable(summary)}${summary.length ? "\n" : ""}Message:\n${message}`,
    contact,
    signature,
  ].join("\n\n");
  const html = renderMailHtml(
    <EnquiryAcknowledgementMail
      subject={subject}
      greeting={greeting}
      body={body}
      summary={summary}
      message={message}
      contact={contact}
      siteName={settings.siteName}
      email={settings.email}
      phone={settings.phone}
    />,
  );
  return {
    kind: "enquiry_acknowledgement",
    to: enquiry.email,
    replyTo: settings.email,
    subject,
    text,
    html,
    personEmail: enquiry.email,
    relatedId: enquiry.id,
  };
}

export const confirmUrlOf = (baseUrl: string, subscriber: Pick<Subscriber, "token">) =>
  `${baseUrl}/newsletter/confirm?token=${encodeURIComponent(subscriber.token)}`;
export const unsubscribeUrlOf = (baseUrl: string, subscriber: Pick<Subscriber, "token">) =>
  `${baseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(subscriber.token)}`;

/**
 * The headers every newsletter mail carries: the unsubscribe link for mail programs, and the
 * one-click POST of RFC 8058.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Double opt-in: the link that turns a sign-up into a subscription, and the way out. */
export function newsletterConfirmation(
  subscriber: Subscriber,
  { settings, baseUrl }: MailContext,
): OutgoingMail {
  const confirmUrl = confirmUrlOf(baseUrl, subscriber);
  const unsubscribeUrl = unsubscribeUrlOf(baseUrl, subscriber);
  const subject = oneLine(
    `Please confirm your subscription to the ${settings.siteName} newsletter`,
  );
  const intro = `Someone, hopefully you, asked to receive the ${settings.siteName} newsletter at ${subscriber.email}.`;
  const ignore = "If it was not you, ignore this e-mail: you will not be subscribed.";
  const text = [
    intro,
    `To confirm, open this link:\n${confirmUrl}`,
    ignore,
    `Unsubscribe at any time: ${unsubscribeUrl}`,
    `${settings.siteName}\n${settings.email}`,
  ].join("\n\n");
  const html = renderMailHtml(
    <NewsletterConfirmationMail
      subject={subject}
      intro={intro}
      confirmUrl={confirmUrl}
      ignore={ignore}
      unsubscribeUrl={unsubscribeUrl}
      siteName={settings.siteName}
      email={settings.email}
    />,
  );
  return {
    kind: "newsletter_confirmation",
    to: subscriber.email,
    subject,
    text,
    html,
    headers: listUnsubscribeHeaders(unsubscribeUrl),
    personEmail: subscriber.email,
    relatedId: subscriber.id,
  };
}
