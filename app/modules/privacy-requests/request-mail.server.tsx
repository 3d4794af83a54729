import type { OutgoingMail } from "~/modules/mail/outbox.server";
import type { MailBrand } from "~/modules/mail/templates/layout";
import { renderNoticeHtml } from "~/modules/mail/templates/notice-mail";
import { dayInIndia, REQUEST_KIND_SHORT, type RequestKind } from "./request-fields";

/*
 * The mails of a privacy request (decision 0062): the one-time code, and the answer when staff
 * complete or refuse the request. Plain text with an HTML twin; the sentences are written once.
 * Each is addressed to the person and names them as `personEmail`, so the outbox adds the
 * withdraw link and an erasure finds it.
 */

async function mailOf(input: {
  kind: string;
  to: string;
  subject: string;
  paragraphs: string[];
  brand: MailBrand;
  relatedId: string;
}): Promise<OutgoingMail> {
  const subject = input.subject.replace(/[\r\n]+/g, " ");
  const text = [...input.paragraphs, input.brand.siteName].join("\n\n");
  const html = await renderNoticeHtml({
    title: subject,
    preview: input.paragraphs[0] ?? subject,
    brand: input.brand,
    paragraphs: input.paragraphs,
  });
  return {
    kind: input.kind,
    to: input.to,
    subject,
    text,
    html,
    personEmail: input.to,
    relatedId: input.relatedId,
  };
}

/** The code that proves the request comes from the address's owner. */
export function requestCodeMail(input: {
  to: string;
  code: string;
  kind: RequestKind;
  requestId: string;
  brand: MailBrand;
}): Promise<OutgoingMail> {
  return mailOf({
    kind: "privacy_request_code",
    to: input.to,
    subject: `Your code: ${input.code}`,
    paragraphs: [
      `Someone, hopefully you, asked ${input.brand.siteName} for a privacy request (${REQUEST_KIND_SHORT[input.kind].toLowerCase()}) for this address.`,
      `Your code is ${input.code}. Enter it on the page where you made the request; it works for 30 minutes.`,
      "If it was not you, ignore this e-mail: nothing happens without the code.",
    ],
    brand: input.brand,
    relatedId: input.requestId,
  });
}

/** Staff completed or refused the request: what was done, or why not. */
export function requestClosedMail(input: {
  to: string;
  kind: RequestKind;
  status: "completed" | "refused";
  outcome: string;
  requestId: string;
  createdAt: string;
  brand: MailBrand;
}): Promise<OutgoingMail> {
  const what = REQUEST_KIND_SHORT[input.kind].toLowerCase();
  const made = dayInIndia(input.createdAt);
  return mailOf({
    kind: "privacy_request_closed",
    to: input.to,
    subject:
      input.status === "completed"
        ? `Your privacy request (${what}) is done`
        : `Your privacy request (${what}): our answer`,
    paragraphs:
      input.status === "completed"
        ? [`We have completed the privacy request (${what}) you made on ${made}.`, input.outcome]
        : [
            `We cannot carry out the privacy request (${what}) you made on ${made}, for this reason:`,
            input.outcome,
            "If you are not satisfied with this answer, you may reply to this e-mail, and then complain to the Data Protection Board of India.",
          ],
    brand: input.brand,
    relatedId: input.requestId,
  });
}
