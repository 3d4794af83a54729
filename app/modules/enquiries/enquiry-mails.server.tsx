import { formatIndiaDateTime } from "~/lib/india-format";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { EnquiryAcknowledgementMail } from "~/modules/mail/templates/enquiry-acknowledgement";
import { EnquiryNotificationMail } from "~/modules/mail/templates/enquiry-notification";
import { renderMailHtml } from "~/modules/mail/templates/layout";
import { visitorBrand } from "~/modules/mail/templates/notice-mail";
import { labelOf, type MailContext, oneLine, textTable } from "~/modules/mail/templates.server";
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
} from "./enquiry.schema";

/*
 * The enquiry's two mails: to the firm (every field, a link to the admin) and to the visitor
 * (we have it, when we reply, our hours).
 */

/** Spec section 9: the promised reply time and the office hours. */
export const REPLY_PROMISE = "within 24 hours";
export const OFFICE_HOURS = "Monday to Friday, 9 AM to 6 PM IST";

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

/** To the firm: a new enquiry, with every field and a link to it in the admin. */
export async function enquiryNotification(
  enquiry: Enquiry,
  { settings, baseUrl }: MailContext,
  to: string,
): Promise<OutgoingMail> {
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
  const html = await renderMailHtml(
    <EnquiryNotificationMail
      subject={subject}
      brand={{ siteName: settings.siteName, baseUrl }}
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
export async function enquiryAcknowledgement(
  enquiry: Enquiry,
  { settings, baseUrl }: MailContext,
): Promise<OutgoingMail> {
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
  const html = await renderMailHtml(
    <EnquiryAcknowledgementMail
      subject={subject}
      brand={visitorBrand(settings, baseUrl)}
      greeting={greeting}
      body={body}
      summary={summary}
      message={message}
      contact={contact}
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
