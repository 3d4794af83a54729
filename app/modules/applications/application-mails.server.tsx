import type { DB } from "~/db/client.server";
import { formatIndiaDateTime } from "~/lib/india-format";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/outbox.server";
import { ApplicationAcknowledgementMail } from "~/modules/mail/templates/application-acknowledgement";
import { ApplicationNotificationMail } from "~/modules/mail/templates/application-notification";
import { renderMailHtml } from "~/modules/mail/templates/layout";
import type { MailContext } from "~/modules/mail/templates.server";
import { careersAddressOf } from "~/modules/settings/settings.schema";
import type { Application } from "./application-status";

/*
 * The two e-mails of a job application, as plain text with an HTML twin (React escapes every
 * value the candidate typed). Queued in the transaction that stores the application, so they
 * go out only for an application that exists.
 */

/** Subjects are one line: line breaks in visitor text would end the header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

/** The application's fields as [label, value] pairs, empty ones left out. */
export function applicationDetails(application: Application): Array<[string, string]> {
  const pairs: Array<[string, string]> = [
    ["Position", application.careerTitle],
    ["Name", application.fullName],
    ["Email", application.email],
    ["Phone", application.phone],
    ["Current location", application.location],
    ["Notice period", application.noticePeriod],
    ["LinkedIn or portfolio", application.profileUrl],
    ["Submitted at", formatIndiaDateTime(application.submittedAt)],
  ];
  return pairs.filter(([, value]) => value !== "");
}

/** The admin page of an application. */
export const applicationAdminUrl = (baseUrl: string, id: string) =>
  `${baseUrl}/admin/applications/${encodeURIComponent(id)}`;

/** To the careers address: a new application for a named position, with a link to it. */
export async function applicationNotification(
  application: Application,
  { settings, baseUrl }: MailContext,
): Promise<OutgoingMail> {
  const link = applicationAdminUrl(baseUrl, application.id);
  const subject = oneLine(
    `New application for ${application.careerTitle} from ${application.fullName}`,
  );
  const details = applicationDetails(application);
  const intro = `${application.fullName} applied for the ${application.careerTitle} position through ${settings.siteName}. Their CV is attached to the application in the admin.`;
  const replyHint = "Reply to this e-mail to write to the candidate directly.";
  const text = [
    intro,
    details.map(([label, value]) => `${label}: ${value}`).join("\n"),
    `Cover note:\n${application.coverNote}`,
    `Open the application and CV in the admin: ${link}`,
    replyHint,
  ].join("\n\n");
  const html = await renderMailHtml(
    <ApplicationNotificationMail
      subject={subject}
      brand={{ siteName: settings.siteName, baseUrl }}
      intro={intro}
      details={details}
      coverNote={application.coverNote}
      adminLink={link}
      replyHint={replyHint}
    />,
  );
  return {
    kind: "application_notification",
    to: careersAddressOf(settings),
    replyTo: application.email,
    subject,
    text,
    html,
    personEmail: application.email,
    relatedId: application.id,
  };
}

/** To the candidate: we have your application for this position, this is what happens next. */
export async function applicationAcknowledgement(
  application: Application,
  { settings, baseUrl }: MailContext,
): Promise<OutgoingMail> {
  const subject = oneLine(
    `Your application for ${application.careerTitle} at ${settings.siteName}`,
  );
  const greeting = `Dear ${application.fullName},`;
  const body = [
    `Thank you for applying for the ${application.careerTitle} position at ${settings.siteName}. We have received your application and your CV.`,
    "What happens next:",
  ];
  const nextSteps = [
    "Our team reads every application and compares it with what the role needs.",
    "If your experience fits, we will contact you to arrange a first conversation.",
    "Whatever we decide, we will let you know by e-mail.",
  ];
  const months = settings.applicationRetentionMonths;
  const privacy = `As you agreed, we keep your application and CV for ${months} ${
    months === 1 ? "month" : "months"
  } to consider you for this role (longer only if you ticked the box to keep your CV for future roles), and then delete them. To have them deleted sooner, reply to this e-mail.`;
  const careersEmail = careersAddressOf(settings);
  const text = [
    greeting,
    body[0],
    `${body[1]}\n${nextSteps.map((step, index) => `${index + 1}. ${step}`).join("\n")}`,
    privacy,
    `${settings.siteName}\n${careersEmail}`,
  ].join("\n\n");
  const html = await renderMailHtml(
    <ApplicationAcknowledgementMail
      subject={subject}
      brand={{ siteName: settings.siteName, baseUrl, email: careersEmail }}
      greeting={greeting}
      body={body}
      nextSteps={nextSteps}
      privacy={privacy}
    />,
  );
  return {
    kind: "application_acknowledgement",
    to: application.email,
    replyTo: careersEmail,
    subject,
    text,
    html,
    personEmail: application.email,
    relatedId: application.id,
  };
}

/** Queues both e-mails in the transaction that stores the application. */
export async function queueApplicationMails(
  trx: DB,
  application: Application,
  context: MailContext,
): Promise<void> {
  await enqueueMail(trx, await applicationNotification(application, context));
  await enqueueMail(trx, await applicationAcknowledgement(application, context));
}
