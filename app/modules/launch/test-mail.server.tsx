import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { MailButton, MailText } from "~/modules/mail/templates/blocks";
import { MailLayout, renderMailHtml } from "~/modules/mail/templates/layout";

/*
 * The launch checklist's test mail: proof that mail leaves the server and arrives from the
 * configured sender, in the layout every mail has (decision 0040), so staff see what visitors
 * will. Plain text with an HTML twin whose sentences are the same; React escapes every value
 * (the staff member's name is typed by staff).
 */

export async function launchTestMail(input: {
  to: string;
  name: string;
  from: string;
  siteName: string;
  /** The site's public address, no trailing slash (the mail's wordmark and footer link). */
  baseUrl: string;
}): Promise<OutgoingMail> {
  const dashboardUrl = `${input.baseUrl}/admin/dashboard`;
  const subject = `Test mail from the ${input.siteName} website`.replace(/[\r\n]+/g, " ");
  const greeting = `Hello ${input.name},`;
  const body = `You asked for this test mail on the admin dashboard. It reached you, so the website can send e-mail: enquiry notifications, confirmations and booking invitations will arrive the same way, from ${input.from}.`;
  const check =
    "If it landed in spam, or the sender's name is not the firm's, change MAIL_FROM in the server's settings and ask for another.";
  const text = [greeting, body, check, `Back to the dashboard: ${dashboardUrl}`].join("\n\n");
  const html = await renderMailHtml(
    <MailLayout
      title={subject}
      preview={body}
      brand={{ siteName: input.siteName, baseUrl: input.baseUrl }}
    >
      <MailText>{greeting}</MailText>
      <MailText>{body}</MailText>
      <MailText>{check}</MailText>
      <MailButton href={dashboardUrl}>Back to the dashboard</MailButton>
    </MailLayout>,
  );
  return { kind: "launch_test", to: input.to, subject, text, html };
}
