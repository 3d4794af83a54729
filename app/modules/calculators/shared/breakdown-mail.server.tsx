import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { DetailsTable, MailButton, MailText } from "~/modules/mail/templates/blocks";
import { MailLayout, renderMailHtml } from "~/modules/mail/templates/layout";
import { oneLine } from "~/modules/mail/templates.server";
import type { Breakdown } from "./calculator-model";
import { formatPaise } from "./money";

/*
 * The mail of "E-mail me this breakdown": the headline and main figures in the mail, the whole
 * breakdown as the attached PDF, and a link back to the calculator with the same inputs.
 */

export interface BreakdownMailInput {
  to: string;
  name: string;
  breakdown: Breakdown;
  /** The calculator with the visitor's inputs (absolute). */
  pageUrl: string;
  pdf: Uint8Array;
  pdfName: string;
  siteName: string;
  baseUrl: string;
  email: string;
  phone: string;
  enquiryId: string;
}

export async function breakdownMail(input: BreakdownMailInput): Promise<OutgoingMail> {
  const { breakdown } = input;
  const subject = oneLine(`Your breakdown: ${breakdown.title}`);
  const greeting = `Dear ${oneLine(input.name)},`;
  const intro = `Here is the breakdown you asked for. ${breakdown.headline}`;
  const attached = "The full breakdown, with the sources of every rule, is attached as a PDF.";
  const closing =
    "Want to talk through a salary structure or an offer? Reply to this e-mail and one of our consultants will get back to you.";
  const figures: Array<[string, string]> = breakdown.highlights.map((figure) => [
    figure.label,
    formatPaise(figure.amount),
  ]);
  const text = [
    greeting,
    intro,
    figures.map(([label, value]) => `${label}: ${value}`).join("\n"),
    attached,
    `Open the calculator with these figures: ${input.pageUrl}`,
    closing,
    `${input.siteName}\n${input.email} · ${input.phone}`,
  ].join("\n\n");
  const html = await renderMailHtml(
    <MailLayout
      title={subject}
      preview={breakdown.headline}
      brand={{
        siteName: input.siteName,
        baseUrl: input.baseUrl,
        email: input.email,
        phone: input.phone,
      }}
    >
      <MailText>{greeting}</MailText>
      <MailText>{intro}</MailText>
      <DetailsTable rows={figures} />
      <MailText>{attached}</MailText>
      <MailButton href={input.pageUrl}>Open the calculator</MailButton>
      <MailText>{closing}</MailText>
    </MailLayout>,
  );
  return {
    kind: "calculator_breakdown",
    to: input.to,
    replyTo: input.email,
    subject,
    text,
    html,
    personEmail: input.to,
    relatedId: input.enquiryId,
    attachments: [
      {
        filename: input.pdfName,
        contentType: "application/pdf",
        contentBase64: Buffer.from(input.pdf).toString("base64"),
      },
    ],
  };
}
