import { renderToStaticMarkup } from "react-dom/server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";

/*
 * The launch checklist's test mail: proof that mail leaves the server and arrives from the
 * configured sender. Plain text with an HTML twin whose sentences are the same; React escapes
 * every value (the staff member's name is typed by staff).
 */

export function launchTestMail(input: {
  to: string;
  name: string;
  from: string;
  siteName: string;
  dashboardUrl: string;
}): OutgoingMail {
  const subject = `Test mail from the ${input.siteName} website`.replace(/[\r\n]+/g, " ");
  const greeting = `Hello ${input.name},`;
  const body = `You asked for this test mail on the admin dashboard. It reached you, so the website can send e-mail: enquiry notifications, confirmations and booking invitations will arrive the same way, from ${input.from}.`;
  const check =
    "If it landed in spam, or the sender's name is not the firm's, change MAIL_FROM in the server's settings and ask for another.";
  const text = [greeting, body, check, `Back to the dashboard: ${input.dashboardUrl}`].join("\n\n");
  const html = `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={{ fontFamily: "Arial,Helvetica,sans-serif", fontSize: "15px", lineHeight: 1.5 }}>
        <p>{greeting}</p>
        <p>{body}</p>
        <p>{check}</p>
        <p>
          <a href={input.dashboardUrl}>Back to the dashboard</a>
        </p>
        <p style={{ fontSize: "13px", color: "#475569" }}>{input.siteName}</p>
      </body>
    </html>,
  )}`;
  return { kind: "launch_test", to: input.to, subject, text, html };
}
