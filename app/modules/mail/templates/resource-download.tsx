import type { OutgoingMail } from "../outbox.server";
import { MailDocument, renderMailHtml } from "./layout";

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
  /** The firm's address and phone (settings), for questions. */
  email: string;
  phone: string;
  /** The lead this mail belongs to. */
  enquiryId: string;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

function ResourceDownloadMail(props: {
  subject: string;
  greeting: string;
  intro: string;
  link: string;
  validity: string;
  closing: string;
  siteName: string;
  email: string;
  phone: string;
}) {
  return (
    <MailDocument title={props.subject}>
      <p>{props.greeting}</p>
      <p>{props.intro}</p>
      <p>
        <a href={props.link}>Download the file</a>
      </p>
      <p>{props.validity}</p>
      <p>{props.closing}</p>
      <p>
        {props.siteName}
        <br />
        <a href={`mailto:${props.email}`}>{props.email}</a> · {props.phone}
      </p>
    </MailDocument>
  );
}

/** The mail with the download link, for the outbox. */
export function resourceDownloadMail(input: ResourceDownloadMailInput): OutgoingMail {
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
  const html = renderMailHtml(
    <ResourceDownloadMail
      subject={subject}
      greeting={greeting}
      intro={intro}
      link={input.link}
      validity={validity}
      closing={closing}
      siteName={input.siteName}
      email={input.email}
      phone={input.phone}
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
