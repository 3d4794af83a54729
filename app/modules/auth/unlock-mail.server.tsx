import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { renderMailHtml } from "~/modules/mail/templates/layout";
import { SignInUnlockMail } from "~/modules/mail/templates/sign-in-unlock";

/** The unlock mail, as plain text with an HTML twin; the sentences are written once, here. */
export async function signInUnlockMail(input: {
  to: string;
  name: string;
  unlockUrl: string;
  validForMinutes: number;
  siteName: string;
  /** The site's public address, no trailing slash (the mail's wordmark and footer link). */
  baseUrl: string;
}): Promise<OutgoingMail> {
  const subject = `Unlock sign-in to the ${input.siteName} admin`.replace(/[\r\n]+/g, " ");
  const greeting = `Hello ${input.name},`;
  const intro =
    "Sign-in to your staff account was locked after several wrong passwords. Someone, hopefully you, asked for this link to unlock it.";
  const hours = input.validForMinutes / 60;
  const expiry = `The link works once, within ${
    Number.isInteger(hours)
      ? `${hours} hour${hours === 1 ? "" : "s"}`
      : `${input.validForMinutes} minutes`
  }. It unlocks sign-in only: you still need your password.`;
  const ignore =
    "If it was not you, ignore this e-mail: the lock ends by itself, and someone may be guessing your password, so tell an admin.";
  const text = [
    greeting,
    intro,
    `To unlock sign-in, open this link:\n${input.unlockUrl}`,
    expiry,
    ignore,
    input.siteName,
  ].join("\n\n");
  const html = await renderMailHtml(
    <SignInUnlockMail
      subject={subject}
      brand={{ siteName: input.siteName, baseUrl: input.baseUrl }}
      greeting={greeting}
      intro={intro}
      unlockUrl={input.unlockUrl}
      expiry={expiry}
      ignore={ignore}
    />,
  );
  return { kind: "sign_in_unlock", to: input.to, subject, text, html };
}
