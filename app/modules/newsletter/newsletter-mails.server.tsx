import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { renderMailHtml } from "~/modules/mail/templates/layout";
import { NewsletterConfirmationMail } from "~/modules/mail/templates/newsletter-confirmation";
import { type MailContext, oneLine } from "~/modules/mail/templates.server";
import type { Subscriber } from "./newsletter.schema";

/* The newsletter's mails: the double opt-in confirmation, and the headers every one carries. */

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
export async function newsletterConfirmation(
  subscriber: Subscriber,
  { settings, baseUrl }: MailContext,
): Promise<OutgoingMail> {
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
  const html = await renderMailHtml(
    <NewsletterConfirmationMail
      subject={subject}
      brand={{ siteName: settings.siteName, baseUrl, email: settings.email }}
      intro={intro}
      confirmUrl={confirmUrl}
      ignore={ignore}
      unsubscribeUrl={unsubscribeUrl}
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
