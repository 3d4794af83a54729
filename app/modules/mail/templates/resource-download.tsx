import type { OutgoingMail } from "../outbox.server";
import { MailButton, MailText } from "./blocks";
import { type MailBrand, MailLayout, renderMailHtml } from "./layout";

/*
 * To a visitor who asked for a resource: the signed download link and until when it works. The
 * sentences are written once and shared by the text and HTML versions (React escapes values).
 */

export interface ResourceDownloadMailInput {
  to: string;
  name: string;
  resourceTitle: string;
  /** The absolute, signed download link. */
  link: string;
  /** When the link stops working, in IST: "30 Nov 2026, 3:45 pm IST". */
  validUntil: string;
  validDays: number;
  siteName: string;
  /** The site's public address, no trailing slash (the mail's wordmark and footer link). */
  baseUrl: string;
  /** The firm's address and phone (settings), for questions. */
  email: string;
  phone: string;
  /** The lead this mail belongs to. */
  enquiryId: string;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

function ResourceDownloadMail(props: {
  subject: string;
  brand: MailBrand;
  greeting: string;
  intro: string;
  link: string;
  validity: string;
  closing: string;
}) {
  return (
    <MailLayout title={props.subject} preview={props.intro} brand={props.brand}>
      <MailText>{props.greeting}</MailText>
      <MailText>{props.intro}</MailText>
      <MailButton href={props.link}>Download the file</MailButton>
      <MailText>{props.validity}</MailText>
      <MailText>{props.closing}</MailText>
    </MailLayout>
  );
}

/** The mail with the download link, for the outbox. */
export async function resourceDownloadMail(
  input: ResourceDownloadMailInput,
): Promise<OutgoingMail> {
  const subject = oneLine(`Your download: ${input.resourceTitle}`);
  const greeting = `Dear ${oneLine(input.name)},`;
  const intro = `Thank you for your interest in "${input.resourceTitle}". Here is your download link:`;
  const validity = `The link works for ${input.validDays} days, until ${input.validUntil}. After that, request the resource again on our website.`;
  const closing = `Questions about the topic? Reply to this e-mail and one of our consultants will get back to you.`;
  const text = [
    greeting,
    intro,
    input.link,
    validity,
    closing,
    `${input.siteName}\n${input.email} · ${input.phone}`,
  ].join("\n\n");
  const html = await renderMailHtml(
    <ResourceDownloadMail
      subject={subject}
      brand={{
        siteName: input.siteName,
        baseUrl: input.baseUrl,
        email: input.email,
        phone: input.phone,
      }}
      greeting={greeting}
      intro={intro}
      link={input.link}
      validity={validity}
      closing={closing}
    />,
  );
  return {
    kind: "resource_download",
    to: input.to,
    replyTo: input.email,
    subject,
    text,
    html,
    personEmail: input.to,
    relatedId: input.enquiryId,
  };
}
